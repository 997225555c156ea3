import SimulateSSE
import Testing

// MARK: - Chunking equivalence

@Test func richStreamWhole() {
    #expect(parse([richStream]) == richExpected)
}

@Test func richStreamByteByByte() {
    #expect(parseBytewise(richStream) == richExpected)
}

@Test func richStreamAllTwoWaySplits() {
    for split in 0...richStream.count {
        let outputs = parse([Array(richStream[..<split]), Array(richStream[split...])])
        #expect(outputs == richExpected, "split at \(split)")
    }
}

@Test func richStreamAllThreeWaySplitsAroundLineEnds() {
    // Every pair of split points within the region holding CR, CRLF and CR CR sequences.
    let region = 0..<min(richStream.count, 120)
    for first in region {
        for second in first...region.upperBound {
            let chunks = [
                Array(richStream[..<first]), Array(richStream[first..<second]), Array(richStream[second...]),
            ]
            #expect(parse(chunks) == richExpected, "split at \(first), \(second)")
        }
    }
}

@Test(arguments: [1, 2, 3, 5, 8, 16, 64])
func richStreamSeededRandomSplits(maxChunk: Int) {
    for seed in UInt64(0)..<200 {
        let chunks = randomChunks(richStream, seed: seed &* 7919 &+ UInt64(maxChunk), maxChunk: maxChunk)
        #expect(parse(chunks) == richExpected, "seed \(seed), maxChunk \(maxChunk)")
    }
}

@Test func feedIntoMatchesFeedForRandomSplits() {
    for seed in UInt64(1000)..<1100 {
        var parser = EventStreamParser()
        var outputs: [EventStreamOutput] = []
        for chunk in randomChunks(richStream, seed: seed, maxChunk: 12) { parser.feed(chunk, into: &outputs) }
        #expect(outputs == richExpected, "seed \(seed)")
    }
}

// MARK: - Long events

@Test func longEventKeepsItsTail() {
    var generator = SplitMix64(seed: 42)
    let alphabet = Array("abcdefghijklmnopqrstuvwxyzé日🎉 ".unicodeScalars)
    var text = ""
    while text.utf8.count < 100_000 {
        text.unicodeScalars.append(alphabet[Int(generator.next() % UInt64(alphabet.count))])
    }
    text += "<END>"
    let stream = bytes("id: long\ndata: \(text)\ndata: second line\n\n")
    let expected = [event(text + "\nsecond line", id: "long")]
    #expect(parse([stream]) == expected)
    for chunkSize in [1, 7, 4096, 65_536] {
        var chunks: [[UInt8]] = []
        var index = 0
        while index < stream.count {
            chunks.append(Array(stream[index..<min(index + chunkSize, stream.count)]))
            index += chunkSize
        }
        #expect(parse(chunks) == expected, "chunk size \(chunkSize)")
    }
    #expect(parse(randomChunks(stream, seed: 7, maxChunk: 3000)) == expected)
}

@Test func manyEventsInOneChunk() {
    var stream: [UInt8] = []
    var expected: [EventStreamOutput] = []
    for index in 0..<1000 {
        stream += bytes("id: \(index)\nevent: e\(index % 3)\ndata: payload \(index)\n\n")
        expected.append(event("payload \(index)", type: "e\(index % 3)", id: "\(index)"))
    }
    #expect(parse([stream]) == expected)
    #expect(parse(randomChunks(stream, seed: 99, maxChunk: 50)) == expected)
}
