import Foundation
import SimulateCore
import SimulateJSON

/// The first line of a `run --json` report: what was run (the scenario set's fingerprint, the seeds, the options
/// that change results) and which shard of it, so that `simulate merge` can refuse shards of different sweeps.
struct RunReportHeader: Equatable {
    /// The format of the report file; a reader refuses a higher number.
    static let formatVersion = 1

    var simulateVersion = SimulateVersion.number
    /// FNV-1a 64 of every file's path and bytes, in run order (``fingerprint(files:missing:)``).
    var fingerprint: String
    var files: [String]
    /// Paths given that could not be read: counted invalid by every shard.
    var missing: [String] = []
    /// Files that could not be loaded, with each problem as `simulate` prints it.
    var invalid: [(file: String, errors: [String])] = []
    /// `--seeds A..B`, or nil.
    var seeds: ClosedRange<UInt64>?
    /// `--seed N`, or nil.
    var seed: UInt64?
    var eventBudget: Int?
    var shardIndex = 1
    var shardCount = 1
    /// The CI variables `--shard auto` read, for the reader; not compared.
    var shardSource: String?

    static func == (lhs: Self, rhs: Self) -> Bool { lhs.json == rhs.json }

    /// The sweep, without the shard: what every shard of one sweep has in common.
    var sweepDescription: String {
        var parts = ["scenario set \(fingerprint) (\(files.count) file(s))"]
        if let seeds { parts.append("seeds \(seeds.lowerBound)..\(seeds.upperBound)") }
        if let seed { parts.append("seed \(seed)") }
        if let eventBudget { parts.append("event budget \(eventBudget)") }
        parts.append("simulate \(simulateVersion)")
        return parts.joined(separator: ", ")
    }

    var json: JSON {
        var object = JSONObject()
        object["simulateRunReport"] = JSON(Self.formatVersion)
        object["simulate"] = .string(simulateVersion)
        object["scenarioSet"] = ["fingerprint": .string(fingerprint), "files": .array(files.map(JSON.string))]
        object["missing"] = .array(missing.map(JSON.string))
        object["invalid"] = .array(
            invalid.map { ["file": .string($0.file), "errors": .array($0.errors.map(JSON.string))] })
        object["seeds"] = seeds.map { ["first": JSON($0.lowerBound), "last": JSON($0.upperBound)] } ?? .null
        object["seed"] = seed.map { JSON($0) } ?? .null
        object["eventBudget"] = eventBudget.map { JSON($0) } ?? .null
        var shard: JSONObject = ["index": JSON(shardIndex), "count": JSON(shardCount)]
        if let shardSource { shard["source"] = .string(shardSource) }
        object["shard"] = .object(shard)
        return .object(object)
    }

    /// The header in `value`, or what is wrong with it.
    init(_ value: JSON) throws(RunReportProblem) {
        guard let object = value.objectValue, let version = object["simulateRunReport"]?.intValue else {
            throw RunReportProblem("line 1 is not a run report header (write one with simulate run --json PATH)")
        }
        guard version <= Self.formatVersion else {
            throw RunReportProblem(
                "line 1: report format \(version) is newer than this simulate reads (\(Self.formatVersion))")
        }
        func field<T>(_ path: String, _ read: (JSON) -> T?) throws(RunReportProblem) -> T {
            var current: JSON? = value
            for key in path.split(separator: ".") { current = current?.objectValue?[String(key)] }
            guard let current, let result = read(current) else {
                throw RunReportProblem("line 1, $.\(path): missing or of the wrong type")
            }
            return result
        }
        simulateVersion = try field("simulate", \.stringValue)
        fingerprint = try field("scenarioSet.fingerprint", \.stringValue)
        files = try field("scenarioSet.files") { $0.arrayValue?.compactMap(\.stringValue) }
        missing = try field("missing") { $0.arrayValue?.compactMap(\.stringValue) }
        invalid = try field("invalid") { value in
            value.arrayValue?.compactMap { entry -> (file: String, errors: [String])? in
                guard let file = entry.objectValue?["file"]?.stringValue,
                    let errors = entry.objectValue?["errors"]?.arrayValue
                else { return nil }
                return (file: file, errors: errors.compactMap(\.stringValue))
            }
        }
        let seedsValue = try field("seeds") { $0 }
        if !seedsValue.isNull {
            let first = try field("seeds.first", \.uint64Value)
            let last = try field("seeds.last", \.uint64Value)
            guard first <= last else { throw RunReportProblem("line 1, $.seeds: first is greater than last") }
            seeds = first...last
        }
        let seedValue = try field("seed") { $0 }
        if !seedValue.isNull { seed = try field("seed", \.uint64Value) }
        let budget = try field("eventBudget") { $0 }
        if !budget.isNull { eventBudget = try field("eventBudget") { $0.intValue } }
        shardIndex = try field("shard.index") { $0.intValue }
        shardCount = try field("shard.count") { $0.intValue }
        guard shardCount >= 1, (1...shardCount).contains(shardIndex) else {
            throw RunReportProblem("line 1, $.shard: shard \(shardIndex)/\(shardCount) does not exist")
        }
        shardSource = value.objectValue?["shard"]?.objectValue?["source"]?.stringValue
    }

    init(fingerprint: String, files: [String]) {
        self.fingerprint = fingerprint
        self.files = files
    }

    /// FNV-1a 64 over each file's path, its length and its bytes (a missing path: its path and a marker), so
    /// that shards run on different checkouts of the same files agree and any edit shows.
    static func fingerprint(files: [String], missing: [String]) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        func mix<Bytes: Sequence<UInt8>>(_ bytes: Bytes) {
            for byte in bytes {
                hash ^= UInt64(byte)
                hash = hash &* 0x0000_0100_0000_01b3
            }
        }
        for file in files {
            let bytes = FileManager.default.contents(atPath: file).map(Array.init) ?? []
            mix(file.utf8)
            mix("\u{0}\(bytes.count)\u{0}".utf8)
            mix(bytes)
        }
        for path in missing { mix("\u{0}missing\u{0}\(path)".utf8) }
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }
}

/// What is wrong with a run report; `simulate merge` prefixes the file.
struct RunReportProblem: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
