import Foundation
import SimulateJSON

#if canImport(CJSONC)
    import CJSONC
#endif

/// Times loading an N-MB scenario: json-c's bare parse (the baseline), Foundation's `JSONSerialization`,
/// `JSONParser.parse` on both backends, and `fullLoad` (the caller's complete scenario load). Best of 3 each.
func runLoaderBenchmark(megabytes: Int, fullLoad: ([UInt8]) throws -> Void) throws -> [BenchmarkFigure] {
    let bytes = LoaderBenchmarkDocument.make(megabytes: megabytes)
    let size = Double(bytes.count) / 1_000_000
    print("loader benchmark: \(String(format: "%.1f", size)) MB scenario, best of 3")
    var figures: [BenchmarkFigure] = []

    func measure(_ name: String, reference: Bool = false, _ body: () throws -> Void) rethrows -> Double {
        var best = Double.infinity
        for _ in 0..<3 {
            let elapsed = try ContinuousClock().measure(body)
            best = min(best, Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18)
        }
        let padded = name.padding(toLength: 30, withPad: " ", startingAt: 0)
        print("  \(padded) \(String(format: "%8.1f", size / best)) MB/s  \(String(format: "%7.3f", best)) s")
        figures.append(
            BenchmarkFigure(
                benchmark: "loader", name: name, value: best, unit: "s", better: .lower, reference: reference))
        return best
    }

    #if canImport(CJSONC)
        let jsonC = measure("json-c bare parse", reference: true) { LoaderBenchmarkDocument.bareJSONCParse(bytes) }
    #endif
    let foundation = try measure("Foundation JSONSerialization", reference: true) {
        _ = try JSONSerialization.jsonObject(with: Data(bytes), options: .fragmentsAllowed)
    }
    _ = try measure("JSONParser.parse (json-c)") { _ = try JSONParser.parse(bytes, backend: .jsonC) }
    _ = try measure("JSONParser.parse (Foundation)") { _ = try JSONParser.parse(bytes, backend: .foundation) }
    let full = try measure("full scenario load") { try fullLoad(bytes) }

    #if canImport(CJSONC)
        print("  fullLoad / json-c:     \(String(format: "%.2f", full / jsonC))x (target <= 1.5)")
        figures.append(.ratio("loader", "full scenario load / json-c", full / jsonC, better: .lower))
    #endif
    print("  Foundation / fullLoad: \(String(format: "%.2f", foundation / full))x (target > 1)")
    figures.append(.ratio("loader", "Foundation / full scenario load", foundation / full, better: .higher))

    let large = LoaderBenchmarkDocument.make(megabytes: max(100, megabytes))
    let elapsed = try ContinuousClock().measure { _ = try JSONParser.parse(large) }
    let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
    let largeSize = Double(large.count) / 1_000_000
    print(
        "  JSONParser.parse of a \(String(format: "%.0f", largeSize)) MB scenario: "
            + "\(String(format: "%.1f", largeSize / seconds)) MB/s, \(String(format: "%.2f", seconds)) s (one run)")
    figures.append(
        BenchmarkFigure(
            benchmark: "loader", name: "JSONParser.parse of a \(String(format: "%.0f", largeSize)) MB scenario",
            value: seconds, unit: "s", better: .lower))
    #if canImport(CJSONC)
        // Its baseline in the same run: json-c's bare parse of the same bytes, once, right after.
        let bare = BenchmarkClock.seconds { LoaderBenchmarkDocument.bareJSONCParse(large) }
        print(
            "  json-c bare parse of the same \(String(format: "%.0f", largeSize)) MB: \(String(format: "%.2f", bare)) s "
                + "→ JSONParser.parse / json-c \(BenchmarkClock.ratio(seconds / bare))×")
        figures.append(
            .ratio(
                "loader", "JSONParser.parse of a \(String(format: "%.0f", largeSize)) MB scenario / json-c",
                seconds / bare, better: .lower))
    #endif
    return figures
}

enum LoaderBenchmarkDocument {
    /// A valid format-1 scenario whose `steps` array fills it to about `megabytes` MB. `short`: mostly minified
    /// 47-byte steps, as in generated replays and soak runs (200 MB is about 4 M steps); otherwise
    /// pretty-printed steps of about 100 bytes.
    static func make(megabytes: Int, short: Bool = false) -> [UInt8] {
        let target = max(1, megabytes) * 1_000_000
        var text = """
            {
              "format": 1,
              "name": "loader benchmark",
              "description": "generated: \\"steps\\" with escapes \\u00e9 and repeats",
              "seed": 42,
              "duration": "2h",
              "devices": [
                {"id": "\(short ? "ph" : "phone")", "platform": "iOS"},
                {"id": "\(short ? "ta" : "tablet")", "platform": "iPadOS", "clockSkew": "-250ms"},
                {"id": "\(short ? "la" : "laptop")", "platform": "macOS", "clockSkew": "40ms"}
              ],
              "network": {"latency": {"min": "20ms", "max": "120ms"}, "loss": 0.01},
              "plugins": {"sse": {}},
              "steps": [

            """
        text.reserveCapacity(target + 4096)
        let devices = ["phone", "tablet", "laptop"].map { short ? String($0.prefix(2)) : $0 }
        var index = 0
        while text.utf8.count < target {
            if index > 0 { text += ",\n" }
            let at = "\(index / 1000).\(index % 1000)s"
            let device = devices[index % 3]
            if short, index % 50 != 8, index % 20 != 7 {
                text += #"{"at":"\#(index / 1000)s","device":"\#(device)","do":"sse.relaunch"}"#
                index += 1
                continue
            }
            switch index % 10 {
            case 7:
                text +=
                    #"    {"at": "\#(at)", "device": "\#(device)", "do": "sse.toggle", "args": {"item": {"index": \#(index % 50)}}}"#
            case 8:
                text +=
                    #"    {"at": \#(Double(index) / 1000), "device": "\#(device)", "do": "sse.add", "args": {"text": "quote \"\#(index)\" tab\ttab \u00e9\ud83d\ude00"}, "repeat": {"every": "10ms", "count": 3}}"#
            default:
                text +=
                    #"    {"at": "\#(at)", "device": "\#(device)", "do": "sse.add", "args": {"text": "item \#(index)"}}"#
            }
            index += 1
        }
        text += "\n  ]\n}\n"
        return Array(text.utf8)
    }

    #if canImport(CJSONC)
        static func bareJSONCParse(_ bytes: [UInt8]) {
            bytes.withUnsafeBufferPointer { bareJSONCParse($0) }
        }

        static func bareJSONCParse(_ buffer: UnsafeBufferPointer<UInt8>) {
            guard let tokener = json_tokener_new() else { return }
            defer { json_tokener_free(tokener) }
            UnsafeRawPointer(buffer.baseAddress!).withMemoryRebound(to: CChar.self, capacity: buffer.count) {
                _ = json_object_put(json_tokener_parse_ex(tokener, $0, Int32(buffer.count)))
            }
        }
    #endif
}
