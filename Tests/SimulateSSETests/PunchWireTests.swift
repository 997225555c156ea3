import Testing

@testable import SimulateSSE

@Test(arguments: [
    (Int64(0), "1970-01-01T00:00:00Z"),
    (PunchClock.epochNanoseconds, "2026-01-01T00:00:00Z"),
    (PunchClock.epochNanoseconds + 1_500_000_000, "2026-01-01T00:00:01Z"),
    (Int64(1_709_164_800) * 1_000_000_000, "2024-02-29T00:00:00Z"),
    (Int64(951_782_399) * 1_000_000_000, "2000-02-28T23:59:59Z"),
    (Int64(-1) * 1_000_000_000, "1969-12-31T23:59:59Z"),
])
func rfc3339MatchesGoLayout(unixNanoseconds: Int64, expected: String) {
    #expect(PunchClock.rfc3339(unixNanoseconds: unixNanoseconds) == expected)
}

private let items = [
    PunchItem(id: "1767225600000000000", text: "milk", created: "2026-01-01T00:00:00Z"),
    PunchItem(
        id: "1767225600000000001", text: "say \"hi\" \\ 日本 🎉\nnew line", done: true, created: "2026-01-01T00:00:00Z"),
]

@Test func fullStateEventIsOneEventWithTheVersionAndTheItemArray() {
    var parser = EventStreamParser()
    let outputs = parser.feed(PunchWire.fullStateEvent(version: 7, items: items))
    guard case .event(let event)? = outputs.first, outputs.count == 1 else {
        Issue.record("expected one event, got \(outputs)")
        return
    }
    #expect(event.type == "message")
    #expect(event.lastEventId == "7")
    #expect(PunchWire.decodeItems(event.data) == items)
    // What the server registers for an app client's recorder, in place of decoding (SSEWorld.itemsDigest).
    #expect(event.data == PunchWire.itemsData(items))
}

@Test(arguments: 1...4)
func fullStateEventParsesTheSameInAnyChunking(chunk: Int) {
    let bytes =
        PunchWire.fullStateEvent(version: 2, items: items) + PunchWire.keepAlive
        + PunchWire.fullStateEvent(version: 3, items: [])
    var parser = EventStreamParser()
    var outputs: [EventStreamOutput] = []
    var start = 0
    while start < bytes.count {
        outputs += parser.feed(bytes[start..<min(bytes.count, start + chunk)])
        start += chunk
    }
    let decoded = outputs.compactMap { output -> [PunchItem]? in
        if case .event(let event) = output { return PunchWire.decodeItems(event.data) }
        return nil
    }
    #expect(decoded == [items, []])
}

@Test(arguments: [
    "", "{}", "[1]", "[{\"id\": 1, \"text\": \"a\", \"done\": false, \"created\": \"x\"}]", "[{\"id\": \"1\"}]",
])
func malformedDataIsNotAnItemArray(data: String) {
    #expect(PunchWire.decodeItems(data) == nil)
}

@Test func digestTellsOrderAndFlagsApart() {
    #expect(PunchWire.digest(items) == PunchWire.digest(items))
    #expect(PunchWire.digest(items) != PunchWire.digest(items.reversed()))
    var toggled = items
    toggled[0].done.toggle()
    #expect(PunchWire.digest(items) != PunchWire.digest(toggled))
}

@Test func digestTellsFieldBoundariesAndListLengthsApart() {
    let a = PunchItem(id: "1", text: "ab", created: "c")
    let b = PunchItem(id: "1", text: "a", created: "bc")
    #expect(PunchWire.digest([a]) != PunchWire.digest([b]))
    #expect(PunchWire.digest([]) != PunchWire.digest([PunchItem(id: "", text: "", created: "")]))
    #expect(PunchWire.digest([a, a]) != PunchWire.digest([a]))
    #expect(PunchWire.digest([a, b]) == PunchWire.digest([a, b]))
}
