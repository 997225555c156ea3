import SimulateSSE

// What the event-stream parser's tests share: byte helpers, a parse of chunks, and a stream that
// exercises every rule with the outputs it must give.

func bytes(_ string: String) -> [UInt8] { Array(string.utf8) }

/// Feeds `chunks` to a fresh parser, then finishes the stream.
func parse(_ chunks: [[UInt8]]) -> [EventStreamOutput] {
    var parser = EventStreamParser()
    var outputs: [EventStreamOutput] = []
    for chunk in chunks { outputs += parser.feed(chunk) }
    outputs += parser.finish()
    return outputs
}

func parse(_ string: String) -> [EventStreamOutput] { parse([bytes(string)]) }

func parseBytewise(_ stream: [UInt8]) -> [EventStreamOutput] { parse(stream.map { [$0] }) }

func event(_ data: String, type: String = "message", id: String = "") -> EventStreamOutput {
    .event(ServerSentEvent(type: type, data: data, lastEventId: id))
}

/// SplitMix64: a small deterministic generator for reproducible random chunkings.
struct SplitMix64: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// Splits `stream` into chunks of random sizes (including empty chunks) drawn from `generator`.
func randomChunks(_ stream: [UInt8], seed: UInt64, maxChunk: Int) -> [[UInt8]] {
    var generator = SplitMix64(seed: seed)
    var chunks: [[UInt8]] = []
    var index = 0
    while index < stream.count {
        let size = Int(generator.next() % UInt64(maxChunk + 1))
        let end = min(index + size, stream.count)
        chunks.append(Array(stream[index..<end]))
        index = end
    }
    return chunks
}

/// A stream that exercises every rule: BOM, all line endings (CRLF, LF, CR, CR CR), comments,
/// retry (valid and invalid), event types, ids (with and without NUL), multi-byte and invalid
/// UTF-8, empty data lines, unknown fields, and an unterminated trailing event.
let richStream: [UInt8] =
    [0xEF, 0xBB, 0xBF] + bytes(": comment\r\n") + bytes("retry: 2500\n") + bytes("event: add\r")
    + bytes("id: 1\r\n") + bytes("data: {\"text\":\"héllo 日本 🎉\"}\n") + bytes("data\n") + bytes("\n")
    + bytes("data: a") + [0xFF] + bytes("b\r\n") + bytes("id: x\u{0}y\n") + bytes("retry: 12x\n")
    + bytes("unknown: field\n") + bytes("\r\n") + bytes("event: del\rdata:second\r\r") + bytes("Data: ignored\n\n")
    + bytes("id: 2\ndata:  two spaces\n") + bytes("retry: 7\n\n") + bytes("data: \u{FEFF}") + [0xE6, 0x97]
    + bytes("\n\n")
    + bytes("data: tail is discarded")

let richExpected: [EventStreamOutput] = [
    .retry(milliseconds: 2500),
    event("{\"text\":\"héllo 日本 🎉\"}\n", type: "add", id: "1"),
    event("a\u{FFFD}b", id: "1"),
    event("second", type: "del", id: "1"),
    .retry(milliseconds: 7),
    event(" two spaces", id: "2"),
    event("\u{FEFF}\u{FFFD}", id: "2"),
]
