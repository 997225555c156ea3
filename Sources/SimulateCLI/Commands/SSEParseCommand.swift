import ArgumentParser
import Foundation
import SimulateJSON
import SimulateSSE

struct SSEParseCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sse-parse",
        abstract: "Parse a captured text/event-stream with the simulator's WHATWG parser.",
        discussion: """
            Prints one JSON line per dispatched event, {"type", "data", "lastEventId"}, and one \
            {"retry": MS} line per accepted retry field, in stream order. An unterminated last event is \
            discarded, as the spec says. Invalid UTF-8 decodes to U+FFFD. Example: \
            curl -N URL | simulate sse-parse
            """)

    @Argument(help: "A file holding the stream (standard input when omitted).")
    var file: String?

    @Option(help: "Feed the parser this many bytes at a time (default: as read).")
    var chunk: Int?

    func validate() throws {
        if let chunk, chunk < 1 { throw ValidationError("--chunk must be at least 1") }
    }

    func run() throws {
        let input: FileHandle
        if let file {
            guard let handle = FileHandle(forReadingAtPath: file) else {
                Output.error("error: \(file): cannot be read")
                throw ExitCode(ExitStatus.invalid)
            }
            input = handle
        } else {
            input = FileHandle.standardInput
        }
        var parser = EventStreamParser()
        var outputs: [EventStreamOutput] = []
        var writer = LineWriter()
        while true {
            let data = input.availableData
            if data.isEmpty { break }
            let bytes = [UInt8](data)
            var start = 0
            let step = chunk ?? bytes.count
            while start < bytes.count {
                let end = min(bytes.count, start + step)
                parser.feed(Array(bytes[start..<end]), into: &outputs)
                for output in outputs { writer.write(Self.line(output)) }
                outputs.removeAll(keepingCapacity: true)
                start = end
            }
            writer.flush()
        }
        for output in parser.finish() { writer.write(Self.line(output)) }
        writer.flush()
    }

    static func line(_ output: EventStreamOutput) -> String {
        switch output {
        case .event(let event):
            JSONWriter.string(
                .object(
                    JSONObject([
                        ("type", .string(event.type)), ("data", .string(event.data)),
                        ("lastEventId", .string(event.lastEventId)),
                    ])))
        case .retry(let milliseconds):
            JSONWriter.string(.object(JSONObject([("retry", JSON(milliseconds))])))
        }
    }
}

/// Buffers lines and writes them to standard output in large blocks.
private struct LineWriter {
    private var buffer: [UInt8] = []

    mutating func write(_ line: String) {
        buffer.append(contentsOf: line.utf8)
        buffer.append(0x0A)
        if buffer.count >= 1 << 16 { flush() }
    }

    mutating func flush() {
        guard !buffer.isEmpty else { return }
        FileHandle.standardOutput.write(Data(buffer))
        buffer.removeAll(keepingCapacity: true)
    }
}
