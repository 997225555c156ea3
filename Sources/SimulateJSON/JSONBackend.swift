/// Which parser builds the tree once the strict validator has accepted the bytes.
public enum JSONBackend: Sendable {
    /// json-c (linked on Linux only). Where json-c is not linked (every Apple platform), `.jsonC` parses with
    /// Foundation.
    case jsonC
    /// Foundation's `JSONSerialization` (every platform, including iOS).
    case foundation
    /// The Swift tree builder alone: the reference both parsers are checked against, and the path they fall
    /// back to (repeated keys, clamped integers). Slower; for tests and fuzzing.
    case reference

    public static var `default`: JSONBackend {
        #if canImport(CJSONC)
            .jsonC
        #else
            .foundation
        #endif
    }
}
