import FuzzSupport
import SimulateSSE

/// Fuzz target for the event-stream parser: the outputs do not depend on how the stream is chunked. The first
/// byte picks chunk sizes; the rest is the stream, fed whole, byte by byte, and in those chunks.
enum EventStreamFuzz {
    static func check(_ input: [UInt8]) {
        guard let seed = input.first else { return }
        let stream = Array(input.dropFirst())
        let whole = describe(parse([stream[...]]))
        var chunks: [ArraySlice<UInt8>] = []
        var start = 0
        var size = Int(seed % 7) + 1
        while start < stream.count {
            let end = min(stream.count, start + size)
            chunks.append(stream[start..<end])
            start = end
            size = size % 13 + Int(seed >> 4) + 1
        }
        let bytewise = describe(parse(stream.indices.map { stream[$0...$0] }))
        let chunked = describe(parse(chunks))
        guard whole == bytewise, whole == chunked else {
            fail("chunking changed the outputs:\nwhole \(whole)\nbytes \(bytewise)\nchunks \(chunked)")
        }
    }

    static func parse(_ chunks: [ArraySlice<UInt8>]) -> [EventStreamOutput] {
        var parser = EventStreamParser()
        var outputs: [EventStreamOutput] = []
        for chunk in chunks { outputs += parser.feed(chunk) }
        return outputs + parser.finish()
    }

    /// Code units, not `String ==` (canonical equivalence would hide a changed byte).
    static func describe(_ outputs: [EventStreamOutput]) -> [[UInt8]] {
        outputs.map { output in
            switch output {
            case .event(let event):
                Array(event.type.utf8) + [0] + Array(event.data.utf8) + [0] + Array(event.lastEventId.utf8)
            case .retry(let milliseconds): Array("retry \(milliseconds)".utf8)
            }
        }
    }
}
