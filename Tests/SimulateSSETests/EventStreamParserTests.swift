import SimulateSSE
import Testing

// MARK: - Basics

@Test func simpleEvent() {
    #expect(parse("data: hello\n\n") == [event("hello")])
}

@Test func emptyStreamAndBlankLinesEmitNothing() {
    #expect(parse("") == [])
    #expect(parse("\n\n\r\n\r\r") == [])
}

@Test(arguments: [
    "data: a\ndata: b\n\n",
    "data: a\r\ndata: b\r\n\r\n",
    "data: a\rdata: b\r\r",
    "data: a\r\ndata: b\rdata: b2\n\n",
])
func lineEndings(stream: String) {
    let expected = stream.contains("b2") ? "a\nb\nb2" : "a\nb"
    #expect(parse(stream) == [event(expected)])
    #expect(parseBytewise(bytes(stream)) == [event(expected)])
}

@Test func crCrIsTwoLineEnds() {
    #expect(parse("data: x\r\rdata: y\n\n") == [event("x"), event("y")])
}

@Test func lfCrIsTwoLineEnds() {
    #expect(parse("data: x\n\rdata: y\n\n") == [event("x"), event("y")])
}

@Test func crlfSplitAcrossChunksIsOneLineEnd() {
    // If the CR and the LF were two line ends, "a" would be dispatched on its own.
    #expect(parse([bytes("data: a\r"), bytes("\ndata: b\r\n\r\n")]) == [event("a\nb")])
    #expect(parse([bytes("data: a\r"), bytes("\n"), bytes("\r"), bytes("\n")]) == [event("a")])
    #expect(
        parse([bytes("data: a\r"), [], bytes("\n"), bytes("data: b\r"), [], [], bytes("\n\r\n")]) == [event("a\nb")])
}

@Test func blankLineCrDispatchesWithoutWaitingForLf() {
    var parser = EventStreamParser()
    #expect(parser.feed(bytes("data: x\n\r")) == [event("x")])
    #expect(parser.feed(bytes("\ndata: y\n\n")) == [event("y")])
}

@Test func comments() {
    #expect(parse(":hi\ndata: x\n: another\n:\n\n") == [event("x")])
    #expect(parse(": keepalive\n\n") == [])
    #expect(parse(":data: x\n\n") == [])
}

// MARK: - Fields and values

@Test(arguments: [
    ("data:x\n\n", "x"),
    ("data: x\n\n", "x"),
    ("data:  x\n\n", " x"),
    ("data: x \n\n", "x "),
    ("data: a:b: c\n\n", "a:b: c"),
    ("data:\n\n", ""),
    ("data: \n\n", ""),
    ("data\n\n", ""),
    ("data\ndata\n\n", "\n"),
    ("data: a\ndata\ndata: b\n\n", "a\n\nb"),
    ("data:\tx\n\n", "\tx"),
])
func dataValues(stream: String, expected: String) {
    #expect(parse(stream) == [event(expected)])
}

@Test func fieldNamesAreCaseSensitive() {
    #expect(parse("Data: x\n\n") == [])
    #expect(parse("DATA: x\n\n") == [])
    #expect(parse("EVENT: foo\ndata: x\n\n") == [event("x")])
    #expect(parse("ID: 3\ndata: x\n\n") == [event("x")])
    #expect(parse("Retry: 3\n") == [])
}

@Test func fieldNameWithSpaceIsNotData() {
    #expect(parse("data : x\n\n") == [])
    #expect(parse(" data: x\n\n") == [])
}

@Test func unknownFieldsAreIgnored() {
    #expect(parse("foo: bar\ndata: x\nfoo\ndat: y\ndatas: z\n\n") == [event("x")])
}

@Test func eventType() {
    #expect(parse("event: add\ndata: 1\n\ndata: 2\n\n") == [event("1", type: "add"), event("2")])
    #expect(parse("event: a\nevent: b\ndata\n\n") == [event("", type: "b")])
    #expect(parse("event:\ndata: x\n\n") == [event("x")])
    #expect(parse("event\ndata: x\n\n") == [event("x")])
    #expect(parse("data: x\nevent: late\n\n") == [event("x", type: "late")])
}

@Test func blankLineWithEmptyDataResetsEventType() {
    #expect(parse("event: add\n\ndata: 2\n\n") == [event("2")])
}

@Test func lastEventIdPersistsAcrossEvents() {
    var parser = EventStreamParser()
    #expect(parser.lastEventId == "")
    let outputs = parser.feed(bytes("id: 1\ndata: a\n\ndata: b\n\n"))
    #expect(outputs == [event("a", id: "1"), event("b", id: "1")])
    #expect(parser.lastEventId == "1")
}

@Test func idWithoutDataSetsBufferButEmitsNothing() {
    var parser = EventStreamParser()
    #expect(parser.feed(bytes("id: 5\n\n")) == [])
    #expect(parser.lastEventId == "5")
    #expect(parser.feed(bytes("data: x\n\n")) == [event("x", id: "5")])
}

/// WHATWG HTML, "Interpreting an event stream": an `id` line sets the last event ID *buffer*; the
/// event source's last event ID string (what is sent as `Last-Event-ID`) takes it at dispatch.
@Test func lastEventIdChangesOnlyWhenTheEventIsDispatched() {
    var parser = EventStreamParser()
    #expect(parser.feed(bytes("id: 1\ndata: a\n\n")) == [event("a", id: "1")])
    #expect(parser.feed(bytes("id: 2\ndata: b\n")) == [])
    #expect(parser.lastEventId == "1")
    #expect(parser.feed(bytes("\n")) == [event("b", id: "2")])
    #expect(parser.lastEventId == "2")
    // A connection lost before the blank line: the next one resumes from the dispatched "2".
    #expect(parser.feed(bytes("id: 3\ndata: c\n")) == [])
    parser.reset()
    #expect(parser.lastEventId == "2")
    #expect(parser.feed(bytes("data: d\n\n")) == [event("d", id: "2")])
}

@Test func emptyIdResetsLastEventId() {
    #expect(
        parse("id: 1\ndata: a\n\nid\ndata: b\n\nid: 2\n\nid:\ndata: c\n\n") == [
            event("a", id: "1"), event("b"), event("c"),
        ])
}

@Test func idAfterDataInSameEventApplies() {
    #expect(parse("data: x\nid: 7\n\n") == [event("x", id: "7")])
}

@Test func idContainingNulIsIgnored() {
    var parser = EventStreamParser()
    let outputs = parser.feed(bytes("id: 1\n\nid: a\u{0}b\ndata: x\n\nid: \u{0}\ndata: y\n\n"))
    #expect(outputs == [event("x", id: "1"), event("y", id: "1")])
    #expect(parser.lastEventId == "1")
}

@Test func idIsDecodedAsUtf8() {
    #expect(parse("id: ключ-🎉\ndata: x\n\n") == [event("x", id: "ключ-🎉")])
    #expect(parse([bytes("id: a") + [0xC3] + bytes("\ndata: x\n\n")]) == [event("x", id: "a\u{FFFD}")])
}

// MARK: - Retry

@Test(arguments: [
    ("retry: 1000\n", 1000),
    ("retry:0\n", 0),
    ("retry: 007\n", 7),
    ("retry: 9223372036854775807\n", Int.max),
])
func validRetry(stream: String, milliseconds: Int) {
    #expect(parse(stream) == [.retry(milliseconds: milliseconds)])
}

@Test(arguments: [
    "retry: 10a\n",
    "retry: a10\n",
    "retry: -1\n",
    "retry: +1\n",
    "retry: 1.5\n",
    "retry: 1 000\n",
    "retry: 10 \n",
    "retry:  5\n",
    "retry:\n",
    "retry: \n",
    "retry\n",
    "retry: ١٢\n",  // non-ASCII digits
    "retry: ５\n",  // fullwidth digit
    "retry: 9223372036854775808\n",  // Int.max + 1: ignored, not clamped
    "retry: 99999999999999999999999999999999999999\n",
])
func invalidRetryIsIgnored(stream: String) {
    #expect(parse(stream + "data: x\n\n") == [event("x")])
}

@Test func retryIsReportedInStreamOrder() {
    #expect(
        parse("data: a\nretry: 5\n\nretry: 6\ndata: b\n\n") == [
            .retry(milliseconds: 5), event("a"), .retry(milliseconds: 6), event("b"),
        ])
}

@Test func retryDoesNotNeedBlankLine() {
    var parser = EventStreamParser()
    #expect(parser.feed(bytes("retry: 42\n")) == [.retry(milliseconds: 42)])
    #expect(parser.feed(bytes("retry: 4")) == [])
    #expect(parser.feed(bytes("3\r")) == [.retry(milliseconds: 43)])
}

// MARK: - BOM

private let bom: [UInt8] = [0xEF, 0xBB, 0xBF]

@Test func leadingBomIsStripped() {
    #expect(parse([bom + bytes("data: x\n\n")]) == [event("x")])
    #expect(parse([bom + bytes(":comment\ndata: x\n\n")]) == [event("x")])
    #expect(parse([bom + bytes("\ndata: x\n\n")]) == [event("x")])
}

@Test func bomSplitAcrossChunksIsStripped() {
    #expect(parse([[0xEF], [0xBB], [0xBF], bytes("data: x\n\n")]) == [event("x")])
    #expect(parse([[0xEF, 0xBB], [0xBF, 0x64], bytes("ata: x\n\n")]) == [event("x")])
}

@Test func onlyOneBomIsStripped() {
    // The second BOM becomes part of the field name "\u{FEFF}data", an unknown field.
    #expect(parse([bom + bom + bytes("data: x\n\ndata: y\n\n")]) == [event("y")])
}

@Test func bomIsOnlyStrippedAtStreamStart() {
    #expect(parse([bytes("data: x\n\n") + bom + bytes("data: y\n\n")]) == [event("x")])
    // A stream starting with a line end: the BOM on the second line is not leading.
    #expect(parse([bytes("\n") + bom + bytes("data: y\n\n")]) == [])
    #expect(parse([bytes("\r\n") + bom + bytes("data: y\n\n")]) == [])
}

@Test func bomInValueIsKept() {
    #expect(parse([bom + bytes("data: ") + bom + bytes("x\n\n")]) == [event("\u{FEFF}x")])
}

@Test func partialBomIsNotStripped() {
    // EF BB followed by 'd' is an invalid sequence: one U+FFFD starts the field name.
    #expect(parse([[0xEF, 0xBB] + bytes("data: x\n\n")]) == [])
    #expect(parse([[0xEF, 0xBB] + bytes("\ndata: x\n\n")]) == [event("x")])
}

// MARK: - UTF-8

@Test func multiByteUtf8SplitAcrossChunks() {
    let text = "héllo — 日本語 🎉𝄞"
    let stream = bytes("event: ünïcode\ndata: \(text)\n\n")
    let expected = [event(text, type: "ünïcode")]
    #expect(parse([stream]) == expected)
    #expect(parseBytewise(stream) == expected)
    for split in 0...stream.count {
        #expect(parse([Array(stream[..<split]), Array(stream[split...])]) == expected)
    }
}

@Test(arguments: [
    ([0xFF] as [UInt8], "\u{FFFD}"),
    ([0x80], "\u{FFFD}"),  // lone continuation byte
    ([0xC3], "\u{FFFD}"),  // truncated 2-byte sequence
    ([0xE6, 0x97], "\u{FFFD}"),  // truncated 3-byte sequence
    ([0xF0, 0x9F, 0x8E], "\u{FFFD}"),  // truncated 4-byte sequence
    ([0xC0, 0xAF], "\u{FFFD}\u{FFFD}"),  // overlong
    ([0xED, 0xA0, 0x80], "\u{FFFD}\u{FFFD}\u{FFFD}"),  // surrogate
    ([0xF4, 0x90, 0x80, 0x80], "\u{FFFD}\u{FFFD}\u{FFFD}\u{FFFD}"),  // above U+10FFFF
    ([0xE6, 0x41], "\u{FFFD}A"),  // invalid sequence does not swallow the ASCII byte after it
])
func invalidUtf8BecomesReplacementCharacter(invalid: [UInt8], replacement: String) {
    let stream = bytes("data: a") + invalid + bytes("b\n\n")
    #expect(parse([stream]) == [event("a\(replacement)b")])
    #expect(parseBytewise(stream) == [event("a\(replacement)b")])
}

@Test func truncatedSequenceAtEndOfLineDoesNotEatLineEnd() {
    let stream = bytes("data: x") + [0xE6, 0x97] + bytes("\ndata: y") + [0xF0] + bytes("\r\n\r\n")
    #expect(parse([stream]) == [event("x\u{FFFD}\ny\u{FFFD}")])
    #expect(parseBytewise(stream) == [event("x\u{FFFD}\ny\u{FFFD}")])
}

@Test func invalidUtf8InEventType() {
    #expect(parse([bytes("event: t") + [0xFE] + bytes("\ndata: x\n\n")]) == [event("x", type: "t\u{FFFD}")])
}

@Test func nulInDataIsKept() {
    #expect(parse("data: a\u{0}b\n\n") == [event("a\u{0}b")])
}

// MARK: - End of stream, reset

@Test func unterminatedEventIsDiscardedAtEnd() {
    #expect(parse("data: x\n") == [])
    #expect(parse("data: x") == [])
    #expect(parse("data: x\r") == [])
    #expect(parse("data: x\n\ndata: y\n") == [event("x")])
    #expect(parse("data: x\n\nevent: e\ndata: y") == [event("x")])
}

@Test func finishResetsState() {
    var parser = EventStreamParser()
    #expect(parser.feed(bytes("id: 8\ndata: done\n\n")) == [event("done", id: "8")])
    #expect(parser.feed(bytes("id: 9\nevent: t\ndata: partial\ndata: more")) == [])
    #expect(parser.finish() == [])
    // The undispatched `id: 9` ends with its event: the dispatched ID stays.
    #expect(parser.lastEventId == "8")
    // Neither the pending line nor the data/type/id buffers leak into the next stream.
    #expect(parser.feed(bytes("\n\n")) == [])
    #expect(parser.feed(bytes("data: y\n\n")) == [event("y", id: "8")])
    // The next stream starts afresh: its leading BOM is stripped.
    #expect(parser.finish() == [])
    #expect(parser.feed(bom + bytes("data: z\n\n")) == [event("z", id: "8")])
}

@Test func resetKeepsLastEventIdAndClearsBuffers() {
    var parser = EventStreamParser()
    #expect(parser.feed(bytes("id: 3\n\nid: 4\nevent: t\ndata: partial\nda")) == [])
    parser.reset()
    #expect(parser.lastEventId == "3")
    #expect(parser.feed(bytes("ta: y\n\n")) == [])  // "ta" is an unknown field
    #expect(parser.feed(bytes("data: y\n\n")) == [event("y", id: "3")])
}

@Test func resetRestoresBomStateAndForgetsPendingCR() {
    var parser = EventStreamParser()
    #expect(parser.feed(bom + bytes("data: x\n\n")) == [event("x")])
    parser.reset()
    #expect(parser.feed(bom + bytes("data: y\n\n")) == [event("y")])
    // A CR ending the previous connection must not swallow the new stream's first LF: that LF is
    // an (empty) first line, so the BOM after it is not leading.
    #expect(parser.feed(bytes("data: z\n\r")) == [event("z")])
    parser.reset()
    #expect(parser.feed(bytes("\n") + bom + bytes("data: w\n\n")) == [])
}

// MARK: - API variants

@Test func feedIntoAppends() {
    var parser = EventStreamParser()
    var outputs: [EventStreamOutput] = [.retry(milliseconds: 1)]
    parser.feed(bytes("data: a\n\nda"), into: &outputs)
    parser.feed(bytes("ta: b\n\n"), into: &outputs)
    #expect(outputs == [.retry(milliseconds: 1), event("a"), event("b")])
}

@Test func feedAcceptsAnyCollection() {
    var parser = EventStreamParser()
    let stream = bytes("data: héllo\n\n")
    #expect(parser.feed(stream[...]) == [event("héllo")])
    #expect(parser.feed("data: utf8 view\n\n".utf8) == [event("utf8 view")])
    #expect(parser.feed(stream.lazy.map { $0 }) == [event("héllo")])  // not contiguous
    #expect(parser.feed(EmptyCollection<UInt8>()) == [])
}
