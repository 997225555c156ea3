import Foundation
import SimulateFacades
import Testing

/// `HTTPBytes.lines` reads a body the same lines however the network cut it into chunks: a `\r\n` or a
/// multi-byte UTF-8 sequence split between two chunks, empty chunks, several lines in one chunk.
@Suite struct HTTPLinesTests {
    static let body = "id: 1\r\ndata: héllo 日本 🎉\n\ndata: x\r\n\r\n: comment\nlast"
    static let lines = ["id: 1", "data: héllo 日本 🎉", "", "data: x", "", ": comment", "last"]

    static func chunks(of text: String, size: Int) -> ReceivedChunks {
        let bytes = Array(text.utf8)
        let chunks = ReceivedChunks()
        for start in stride(from: 0, to: bytes.count, by: size) {
            chunks.receive(Data(bytes[start..<min(start + size, bytes.count)]))
        }
        chunks.finish(nil)
        return chunks
    }

    @Test(arguments: [1, 2, 3, 7, 64, 1000])
    func linesDoNotDependOnWhereChunksEnd(size: Int) async throws {
        var lines: [String] = []
        for try await line in HTTPBytes(Self.chunks(of: Self.body, size: size)).lines { lines.append(line) }
        #expect(lines == Self.lines)
    }

    @Test(arguments: [1, 3, 1000])
    func bytesAreTheBodyInOrder(size: Int) async throws {
        var bytes: [UInt8] = []
        for try await byte in HTTPBytes(Self.chunks(of: Self.body, size: size)) { bytes.append(byte) }
        #expect(bytes == Array(Self.body.utf8))
    }

    @Test(arguments: [1, 1000])
    func aBodyEndingInANewlineHasNoEmptyLastLine(size: Int) async throws {
        var lines: [String] = []
        for try await line in HTTPBytes(Self.chunks(of: "a\n\nb\r\n", size: size)).lines { lines.append(line) }
        #expect(lines == ["a", "", "b"])
    }

    @Test func aFailureAfterAPartialLineIsThrown() async throws {
        let chunks = ReceivedChunks()
        chunks.receive(Data("one\ntw".utf8))
        chunks.finish(URLError(.networkConnectionLost))
        var iterator = HTTPBytes(chunks).lines.makeAsyncIterator()
        #expect(try await iterator.next() == "one")
        await #expect(throws: URLError(.networkConnectionLost)) { try await iterator.next() }
    }
}
