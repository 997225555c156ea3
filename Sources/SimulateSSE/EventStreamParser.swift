/// An incremental `text/event-stream` parser following the WHATWG HTML "Server-sent events" rules
/// ("Parsing an event stream" and "Interpreting an event stream").
///
/// Feed it bytes as they arrive, split anywhere (down to one byte at a time): the outputs do not
/// depend on the chunking. The parser works on bytes and decodes UTF-8 (with U+FFFD replacement)
/// only per field value, once a whole line is known, so multi-byte sequences split across chunks
/// decode correctly.
///
/// Decisions where the spec leaves room or the parser's scope differs from a browser's:
/// - `retry`: only a non-empty value made of ASCII digits is reported (leading zeros allowed).
///   An empty value is ignored (there is no "default" to restore here), and a value that does not
///   fit in `Int` is ignored, as Chromium does, rather than clamped.
/// - End of stream (``finish()``): a trailing line without a line end and an event without its
///   terminating blank line are discarded, as the spec says.
/// - New connection (``reset()``, and ``finish()``): the line buffer, the pending-CR state, the
///   data and event type buffers and the BOM state are cleared (the next byte is a stream start,
///   where one BOM is stripped again). The last event ID is kept, as browsers do so that it is
///   sent as `Last-Event-ID` on reconnection and reported on later events without an `id` field.
///   An `id` line read since the last dispatch is dropped with the unfinished event: the next
///   stream starts from the dispatched ID, as Chromium's parser does (it is created per
///   connection with the event source's last event ID string).
/// - `id`: the field sets the last event ID *buffer*; ``lastEventId`` (the event source's "last
///   event ID string", sent as `Last-Event-ID`) takes the buffer's value only when the event is
///   dispatched, at the blank line, even when the data buffer is empty (WHATWG HTML, "Interpreting
///   an event stream", dispatch step 1).
public struct EventStreamParser: Sendable {
    /// Bytes of the current, unterminated line (only used when a line spans chunks).
    private var lineBuffer: [UInt8] = []
    /// The data buffer, as UTF-8 bytes (each value followed by LF).
    private var dataBuffer: [UInt8] = []
    /// The event type buffer, as UTF-8 bytes.
    private var typeBuffer: [UInt8] = []
    /// The last event ID buffer: set by `id` lines, not yet dispatched.
    private var lastEventIdBuffer: String = ""
    /// The last event ID string: the buffer's value at the last dispatch.
    private var lastEventIdString: String = ""
    /// The previous byte was a CR ending a line: an LF right after it belongs to the same line end.
    private var afterCR = false
    /// No line has been completed yet in this stream: the first one may start with a BOM.
    private var atStreamStart = true

    /// A parser at the start of a stream.
    public init() {}

    /// The last event ID string: the `id` of the last dispatched event (a blank line ends it); it
    /// persists across events and across ``reset()``. An `id` line alone does not change it.
    public var lastEventId: String { lastEventIdString }

    /// Parses the next chunk of the stream and returns what it completes, in stream order.
    public mutating func feed<Bytes: Collection>(_ bytes: Bytes) -> [EventStreamOutput]
    where Bytes.Element == UInt8 {
        var outputs: [EventStreamOutput] = []
        feed(bytes as? [UInt8] ?? Array(bytes), into: &outputs)
        return outputs
    }

    /// Parses the next chunk of the stream, appending what it completes to `outputs`.
    public mutating func feed(_ bytes: [UInt8], into outputs: inout [EventStreamOutput]) {
        // Not `bytes.span`: `Array.span` needs macOS 26 / iOS 26, where `Span` itself back-deploys.
        bytes.withUnsafeBufferPointer { process(Span(_unsafeElements: $0), into: &outputs) }
    }

    /// Parses the next chunk of the stream, a slice of bytes received, appending what it completes to `outputs`.
    public mutating func feed(_ bytes: ArraySlice<UInt8>, into outputs: inout [EventStreamOutput]) {
        bytes.withUnsafeBufferPointer { process(Span(_unsafeElements: $0), into: &outputs) }
    }

    /// Ends the stream. An unterminated last line or event is discarded (so this returns `[]`),
    /// and the parser is ready for a new stream, as after ``reset()``.
    public mutating func finish() -> [EventStreamOutput] {
        reset()
        return []
    }

    /// Starts a new connection: clears the line, data and event type buffers and the BOM and CR
    /// state; keeps ``lastEventId``.
    public mutating func reset() {
        lineBuffer.removeAll(keepingCapacity: lineBuffer.capacity <= 1 << 16)
        dataBuffer.removeAll(keepingCapacity: dataBuffer.capacity <= 1 << 16)
        typeBuffer.removeAll(keepingCapacity: true)
        lastEventIdBuffer = lastEventIdString
        afterCR = false
        atStreamStart = true
    }

    // MARK: - Lines

    private static let lf: UInt8 = 0x0A
    private static let cr: UInt8 = 0x0D
    private static let colon: UInt8 = 0x3A
    private static let space: UInt8 = 0x20

    // Spans, bounds-checked, for the scan; a line's bytes are copied through an unsafe buffer in one
    // call (``append(_:to:)``, docs/performance.md).
    private mutating func process(_ bytes: Span<UInt8>, into outputs: inout [EventStreamOutput]) {
        let count = bytes.count
        var index = 0
        if afterCR, count > 0 {
            afterCR = false
            if bytes[0] == Self.lf { index = 1 }
        }
        var lineStart = index
        while index < count {
            let byte = bytes[index]
            if byte > Self.cr || (byte != Self.lf && byte != Self.cr) {
                index += 1
                continue
            }
            // A line ends at `index`.
            let piece = bytes.extracting(lineStart..<index)
            if lineBuffer.isEmpty {
                processLine(piece, into: &outputs)
            } else {
                Self.append(piece, to: &lineBuffer)
                var line: [UInt8] = []
                swap(&line, &lineBuffer)
                line.withUnsafeBufferPointer { processLine(Span(_unsafeElements: $0), into: &outputs) }
                line.removeAll(keepingCapacity: true)
                swap(&line, &lineBuffer)
            }
            index += 1
            if byte == Self.cr {
                if index < count {
                    if bytes[index] == Self.lf { index += 1 }
                } else {
                    afterCR = true
                }
            }
            lineStart = index
        }
        if lineStart < count {
            Self.append(bytes.extracting(lineStart..<count), to: &lineBuffer)
        }
    }

    /// One copy of the bytes, not one append per byte (docs/performance.md).
    private static func append(_ bytes: Span<UInt8>, to buffer: inout [UInt8]) {
        bytes.withUnsafeBufferPointer { buffer.append(contentsOf: $0) }
    }

    private mutating func processLine(_ line: Span<UInt8>, into outputs: inout [EventStreamOutput]) {
        var line = line
        if atStreamStart {
            atStreamStart = false
            // One leading U+FEFF (EF BB BF) is ignored. It holds no CR or LF, so it is always
            // at the start of the first line.
            if line.count >= 3, line[0] == 0xEF, line[1] == 0xBB, line[2] == 0xBF {
                line = line.extracting(3...)
            }
        }
        let count = line.count
        if count == 0 {
            dispatch(into: &outputs)
            return
        }
        if line[0] == Self.colon { return }  // comment
        var colonIndex = 0
        while colonIndex < count, line[colonIndex] != Self.colon { colonIndex += 1 }
        let field = line.extracting(0..<colonIndex)
        var valueStart = Swift.min(colonIndex + 1, count)
        if valueStart < count, line[valueStart] == Self.space { valueStart += 1 }
        let value = line.extracting(valueStart..<count)
        processField(field, value: value, into: &outputs)
    }

    // MARK: - Fields

    private mutating func processField(
        _ field: Span<UInt8>,
        value: Span<UInt8>,
        into outputs: inout [EventStreamOutput]
    ) {
        switch field.count {
        case 4:
            // "data"
            if field[0] == 0x64, field[1] == 0x61, field[2] == 0x74, field[3] == 0x61 {
                Self.append(value, to: &dataBuffer)
                dataBuffer.append(Self.lf)
            }
        case 5:
            if field[0] == 0x65, field[1] == 0x76, field[2] == 0x65, field[3] == 0x6E, field[4] == 0x74 {
                // "event"
                typeBuffer.removeAll(keepingCapacity: true)
                Self.append(value, to: &typeBuffer)
            } else if field[0] == 0x72, field[1] == 0x65, field[2] == 0x74, field[3] == 0x72, field[4] == 0x79 {
                // "retry"
                if let milliseconds = Self.parseRetry(value) {
                    outputs.append(.retry(milliseconds: milliseconds))
                }
            }
        case 2:
            // "id": ignored when the value contains U+0000 (only the byte 0x00 decodes to it).
            if field[0] == 0x69, field[1] == 0x64, !value.withUnsafeBufferPointer({ $0.contains(0) }) {
                lastEventIdBuffer = value.withUnsafeBufferPointer { String(decoding: $0, as: UTF8.self) }
            }
        default:
            break  // unknown field: ignored
        }
    }

    /// A non-empty run of ASCII digits as a base-ten `Int`; `nil` for anything else or on overflow.
    private static func parseRetry(_ value: Span<UInt8>) -> Int? {
        if value.isEmpty { return nil }
        var result = 0
        for index in value.indices {
            let digit = Int(value[index]) &- 0x30
            guard digit >= 0, digit <= 9 else { return nil }
            let (times10, overflow1) = result.multipliedReportingOverflow(by: 10)
            let (sum, overflow2) = times10.addingReportingOverflow(digit)
            if overflow1 || overflow2 { return nil }
            result = sum
        }
        return result
    }

    // MARK: - Dispatch

    private mutating func dispatch(into outputs: inout [EventStreamOutput]) {
        lastEventIdString = lastEventIdBuffer
        if dataBuffer.isEmpty {
            typeBuffer.removeAll(keepingCapacity: true)
            return
        }
        // The data buffer always ends with the LF its last `data` field appended: strip it.
        let data = String(decoding: dataBuffer.dropLast(), as: UTF8.self)
        let type = typeBuffer.isEmpty ? "message" : String(decoding: typeBuffer, as: UTF8.self)
        outputs.append(.event(ServerSentEvent(type: type, data: data, lastEventId: lastEventIdBuffer)))
        dataBuffer.removeAll(keepingCapacity: dataBuffer.capacity <= 1 << 16)
        typeBuffer.removeAll(keepingCapacity: true)
    }
}
