import SimulateCore
import SimulateJSON

/// `simulate sse-parse [FILE] [--chunk N]`: the simulator's WHATWG parser on a captured stream.
enum SSEParseCommand {
    static let command = PluginCommand(
        name: "sse-parse",
        abstract: "Parse a captured text/event-stream with the simulator's WHATWG parser.",
        usage: "[<file>] [--chunk <chunk>]",
        discussion: """
            Prints one JSON line per dispatched event, {"type", "data", "lastEventId"}, and one \
            {"retry": MS} line per accepted retry field, in stream order. An unterminated last event is \
            discarded, as the spec says. Invalid UTF-8 decodes to U+FFFD. Example: \
            curl -N URL | simulate sse-parse

            ARGUMENTS:
              <file>                  A file holding the stream (standard input when omitted).

            OPTIONS:
              --chunk <chunk>         Feed the parser this many bytes at a time (default: as read).
            """,
        run: { arguments, io throws(PluginCommandError) in
            let options = try Options(arguments)
            try run(options, io: io)
        })

    struct Options: Equatable {
        var file: String?
        var chunk: Int?

        init(_ arguments: [String]) throws(PluginCommandError) {
            var index = 0
            while index < arguments.count {
                let argument = arguments[index]
                index += 1
                if argument == "--chunk" || argument.hasPrefix("--chunk=") {
                    let value: String
                    if let equals = argument.firstIndex(of: "=") {
                        value = String(argument[argument.index(after: equals)...])
                    } else {
                        guard index < arguments.count else {
                            throw PluginCommandError("Missing value for '--chunk <chunk>'", isUsage: true)
                        }
                        value = arguments[index]
                        index += 1
                    }
                    guard let chunk = Int(value) else {
                        throw PluginCommandError("The value '\(value)' is invalid for '--chunk <chunk>'", isUsage: true)
                    }
                    guard chunk >= 1 else { throw PluginCommandError("--chunk must be at least 1", isUsage: true) }
                    self.chunk = chunk
                } else if argument.hasPrefix("-"), argument != "-" {
                    throw PluginCommandError("Unknown option '\(argument)'", isUsage: true)
                } else if file == nil {
                    file = argument
                } else {
                    throw PluginCommandError("Unexpected argument '\(argument)'", isUsage: true)
                }
            }
        }
    }

    static func run(_ options: Options, io: any PluginCommandIO) throws(PluginCommandError) {
        var parser = EventStreamParser()
        var outputs: [EventStreamOutput] = []
        var writer = LineWriter(io: io)
        try io.read(path: options.file) { bytes in
            var start = 0
            let step = options.chunk ?? bytes.count
            while start < bytes.count {
                let end = min(bytes.count, start + step)
                parser.feed(Array(bytes[start..<end]), into: &outputs)
                for output in outputs { writer.write(line(output)) }
                outputs.removeAll(keepingCapacity: true)
                start = end
            }
            writer.flush()
        }
        for output in parser.finish() { writer.write(line(output)) }
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

/// Buffers lines and writes them out in large blocks.
private struct LineWriter {
    let io: any PluginCommandIO
    private var buffer: [UInt8] = []

    init(io: any PluginCommandIO) { self.io = io }

    mutating func write(_ line: String) {
        buffer.append(contentsOf: line.utf8)
        buffer.append(0x0A)
        if buffer.count >= 1 << 16 { flush() }
    }

    mutating func flush() {
        guard !buffer.isEmpty else { return }
        io.write(buffer)
        buffer.removeAll(keepingCapacity: true)
    }
}
