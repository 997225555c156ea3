import Foundation

/// Reads a file line by line in 1 MB chunks, so that a report of a million runs is never held whole.
struct LineReader {
    private let handle: FileHandle
    private var buffer: [UInt8] = []
    private var start = 0
    private var atEnd = false

    init(_ handle: FileHandle) {
        self.handle = handle
    }

    /// The next line without its newline; nil at the end of the file.
    mutating func next() throws -> String? {
        while true {
            if let newline = buffer[start...].firstIndex(of: 10) {
                let line = String(decoding: buffer[start..<newline], as: UTF8.self)
                start = newline + 1
                return line
            }
            if atEnd {
                guard start < buffer.count else { return nil }
                let line = String(decoding: buffer[start...], as: UTF8.self)
                start = buffer.count
                return line
            }
            buffer.removeFirst(start)
            start = 0
            if let chunk = try handle.read(upToCount: 1 << 20), !chunk.isEmpty {
                buffer.append(contentsOf: chunk)
            } else {
                atEnd = true
            }
        }
    }

    /// Back to the first line.
    mutating func rewind() throws {
        try handle.seek(toOffset: 0)
        buffer = []
        start = 0
        atEnd = false
    }
}
