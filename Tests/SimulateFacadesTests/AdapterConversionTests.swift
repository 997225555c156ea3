import Foundation
import SimulateCloudKit
import SimulateFacades
import Testing

/// The Apple adapters' conversions (`CKDatabaseAdapter`, `URLSessionHTTPClient`), run here on Foundation
/// values as CloudKit and URLSession hand them over.
@Suite struct AdapterConversionTests {
    /// Stands in for `CKRecord.Reference`, which the adapter recognises through the same closures.
    final class Reference {
        let id: CloudRecordID
        init(_ id: CloudRecordID) { self.id = id }
    }

    static func read(_ value: Any) -> CloudFieldValue? {
        CloudKitValueConversion.fieldValue(value) { ($0 as? Reference)?.id }
    }

    static func write(_ value: CloudFieldValue) -> Any {
        CloudKitValueConversion.foundationValue(value) { Reference($0) }
    }

    static let other = CloudRecordID(recordName: "other", zoneID: CloudZoneID("Zone"))

    @Test func booleansStayBooleansAndNumbersKeepTheirType() {
        #expect(Self.read(NSNumber(value: true)) == .bool(true))
        #expect(Self.read(NSNumber(value: false)) == .bool(false))
        #expect(Self.read(NSNumber(value: Int64(1))) == .int(1))
        #expect(Self.read(NSNumber(value: 0)) == .int(0))
        #expect(Self.read(NSNumber(value: 3.0)) == .double(3.0))
        #expect(Self.read(NSNumber(value: -2.5)) == .double(-2.5))
        #expect(Self.read(NSNumber(value: Int64.min)) == .int(.min))
        #expect(Self.read(NSNumber(value: UInt64.max)) == .double(Double(UInt64.max)))
    }

    @Test(arguments: [
        CloudFieldValue.bool(true), .bool(false), .int(1), .int(0), .int(.max), .double(3.0), .double(0.1),
        .string("milk"), .string(""), .date(nanoseconds: .max), .date(nanoseconds: .min), .date(nanoseconds: 0),
        .reference(other), .list([.int(1), .int(2)]), .list([.string("a"), .string("b")]),
        .list([.reference(other)]), .list([.bool(true), .bool(false)]), .list([]),
    ])
    func valuesRoundTrip(value: CloudFieldValue) {
        #expect(Self.read(Self.write(value)) == value)
    }

    @Test func distantDatesRoundTripWithoutTrapping() throws {
        #expect(Self.read(Date.distantFuture) == .date(nanoseconds: .max))
        #expect(Self.read(Date.distantPast) == .date(nanoseconds: .min))
        #expect(Self.write(.date(nanoseconds: .max)) as? Date == .distantFuture)
        #expect(Self.write(.date(nanoseconds: .min)) as? Date == .distantPast)
        #expect(CloudKitValueConversion.nanoseconds(Date(timeIntervalSince1970: 1e12)) == .max)
        #expect(CloudKitValueConversion.nanoseconds(Date(timeIntervalSince1970: -1e12)) == .min)
    }

    @Test func ordinaryDatesRoundTripToTheMicrosecond() throws {
        for seconds in [1_700_000_000.123456, -86_400.5, 0.000_001, 4_102_444_800.0] {
            let date = Date(timeIntervalSince1970: seconds)
            guard case .date(let nanoseconds) = try #require(Self.read(date)) else {
                Issue.record("not a date")
                continue
            }
            #expect(abs(Double(nanoseconds) / 1e9 - seconds) < 1e-6)
            let back = try #require(Self.write(.date(nanoseconds: nanoseconds)) as? Date)
            #expect(abs(back.timeIntervalSince(date)) < 1e-6)
        }
    }

    @Test func listsAndReferencesAreRead() {
        #expect(Self.read([NSNumber(value: 1), NSNumber(value: 2)] as [Any]) == .list([.int(1), .int(2)]))
        #expect(Self.read(NSArray(array: ["a", "b"])) == .list([.string("a"), .string("b")]))
        #expect(Self.read([Reference(Self.other)] as [Any]) == .list([.reference(Self.other)]))
        #expect(Self.read(Reference(Self.other)) == .reference(Self.other))
    }

    @Test func valuesARecordCannotHoldReadAsNil() {
        #expect(Self.read(Data([1, 2, 3])) == nil)
        #expect(Self.read([Data([1])] as [Any]) == nil)
        #expect(Self.read(URL(fileURLWithPath: "/tmp/asset")) == nil)
    }

    @Test(arguments: [
        (9, CloudKitErrorCode.notAuthenticated, false), (34, .serverResponseLost, true),
        (36, .accountTemporarilyUnavailable, true), (3, .networkUnavailable, true), (14, .serverRecordChanged, false),
    ])
    func errorCodesKeepTheirMeaning(number: Int, code: CloudKitErrorCode, transient: Bool) throws {
        let error = try #require(CloudKitValueConversion.error(code: number, message: "m") as? CloudKitError)
        #expect(error.code == code)
        #expect(error.code.rawValue == number)
        #expect(error.code.isTransient == transient)
        #expect(error.message == "m")
    }

    @Test func cancelledOperationIsACancellationError() {
        #expect(CloudKitValueConversion.error(code: 20, message: "Operation cancelled") is CancellationError)
    }

    @Test func unknownCodesAreInternalErrorsThatNameTheCode() throws {
        let error = try #require(CloudKitValueConversion.error(code: 5, message: "bad container") as? CloudKitError)
        #expect(error.code == .internalError)
        #expect(error.message == "CKError 5: bad container")
    }

    // MARK: URLSession's body, chunk by chunk

    @Test func chunksArriveWholeAndInOrder() async throws {
        let chunks = ReceivedChunks()
        chunks.receive(Data("data: a\n".utf8))
        chunks.receive(Data())
        chunks.receive(Data("\n".utf8))
        #expect(try await chunks.nextChunk() == Array("data: a\n".utf8))
        #expect(try await chunks.nextChunk() == [0x0A])
        async let later = chunks.nextChunk()
        chunks.receive(Data("x".utf8))
        #expect(try await later == [UInt8(ascii: "x")])
        chunks.finish(nil)
        #expect(try await chunks.nextChunk() == nil)
        #expect(try await chunks.nextChunk() == nil)
    }

    /// `HTTPBytes.chunks` hands a data-delegate parser each chunk as it came, not a byte at a time.
    @Test func aBodyReadsChunkByChunkAsADataDelegateGetsIt() async throws {
        let chunks = ReceivedChunks()
        chunks.receive(Data("data: a\n".utf8))
        chunks.receive(Data("\nda".utf8))
        chunks.receive(Data("ta: b\n\n".utf8))
        chunks.finish(nil)
        var received: [String] = []
        for try await data in HTTPBytes(chunks).chunks { received.append(String(decoding: data, as: UTF8.self)) }
        #expect(received == ["data: a\n", "\nda", "ta: b\n\n"])
    }

    @Test func aFailedTaskEndsTheBodyWithItsError() async throws {
        let chunks = ReceivedChunks()
        chunks.receive(Data([1]))
        chunks.finish(URLError(.networkConnectionLost))
        #expect(try await chunks.nextChunk() == [1])
        await #expect(throws: URLError(.networkConnectionLost)) { try await chunks.nextChunk() }
    }

    @Test func cancellingAWaitingReadThrowsCancellationAndCancelsTheTaskOnce() async throws {
        let cancels = Counter()
        let chunks = ReceivedChunks(onCancel: { cancels.add() })
        let reader = Task { try await chunks.nextChunk() }
        try await Task.sleep(for: .milliseconds(20))
        reader.cancel()
        await #expect(throws: CancellationError.self) { try await reader.value }
        chunks.cancel()
        await #expect(throws: CancellationError.self) { try await chunks.nextChunk() }
        chunks.receive(Data([1]))
        await #expect(throws: CancellationError.self) { try await chunks.nextChunk() }
        #expect(cancels.value == 1)
    }

    final class Counter: @unchecked Sendable {
        private let lock = NSLock()
        private var count = 0
        func add() { lock.withLock { count += 1 } }
        var value: Int { lock.withLock { count } }
    }
}
