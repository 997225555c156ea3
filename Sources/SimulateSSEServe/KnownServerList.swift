import SimulateCore
import SimulateSSE

/// The list the probed server must hold at each version, from what the probe knows: the initial items
/// the scenario states (the server must start with them) and every mutation the probe's clients sent
/// that the server answered 200 with its new version. Items are compared by text, as many times as
/// they occur. Nil when some answer carried no version: the mutations cannot be placed.
struct KnownServerList {
    private let initial: [String]
    /// (version, text, +1 for an add / −1 for a delete), by version.
    private let changes: [(version: Int, text: String, delta: Int)]

    init?(initial: [String], answers: [ProbeLog.Answer]) {
        var changes: [(Int, String, Int)] = []
        for answer in answers where answer.status == 200 {
            guard let version = answer.version else { return nil }
            switch answer.name {
            case "add": changes.append((version, answer.detail, 1))
            case "delete": changes.append((version, answer.detail, -1))
            default: continue
            }
        }
        self.initial = initial
        self.changes = changes.sorted { $0.0 < $1.0 }
    }

    /// The texts at `version`, sorted.
    func texts(at version: Int) -> [String] {
        var counts: [String: Int] = [:]
        for text in initial { counts[text, default: 0] += 1 }
        for change in changes where change.version <= version { counts[change.text, default: 0] += change.delta }
        return counts.flatMap { text, count in Array(repeating: text, count: max(0, count)) }.sorted()
    }

    /// What an event of `version` with `items` lacks or has too many of, or nil when it is the full list.
    func difference(version: Int, items: [PunchItem]) -> String? {
        let expected = texts(at: version)
        var remaining = Dictionary(items.map { ($0.text, 1) }, uniquingKeysWith: +)
        var missing: [String] = []
        for text in expected {
            if let count = remaining[text], count > 0 { remaining[text] = count - 1 } else { missing.append(text) }
        }
        let extra = remaining.flatMap { text, count in Array(repeating: text, count: count) }.sorted()
        guard !missing.isEmpty || !extra.isEmpty else { return nil }
        var parts: [String] = []
        if !missing.isEmpty { parts.append("missing " + missing.map { "\"\($0)\"" }.joined(separator: ", ")) }
        if !extra.isEmpty { parts.append("unknown " + extra.map { "\"\($0)\"" }.joined(separator: ", ")) }
        return parts.joined(separator: "; ")
            + " (\(items.count) items; the server holds \(expected.count) at version \(version))"
    }
}
