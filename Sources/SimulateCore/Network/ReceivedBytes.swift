extension [UInt8] {
    /// Appends a chunk a stream delivered to the bytes not read yet from it. A few bytes go one by one: an
    /// array append costs about 200 instructions whatever its size, and a network that splits streams
    /// finely (1–3 byte chunks in `chunk-split`) delivers mostly these (docs/performance.md).
    @inlinable
    package mutating func appendReceived(_ bytes: [UInt8]) {
        if isEmpty {
            self = bytes
        } else if bytes.count <= 8 {
            for byte in bytes { append(byte) }
        } else {
            self += bytes
        }
    }
}
