/// RFC 8259 compares member names as sequences of code units. Swift's `String ==` is canonical
/// equivalence ("\u{e9}" == "e\u{301}"), so names and string values compare through these instead.
extension String {
    /// Equal as UTF-8 code units (the same as equal as Unicode scalars), not as canonically equivalent text.
    @inlinable
    public func hasSameCodeUnits(as other: String) -> Bool {
        var mine = self
        var theirs = other
        return mine.withUTF8 { left in
            theirs.withUTF8 { right in
                guard left.count == right.count else { return false }
                for index in left.indices where left[index] != right[index] { return false }
                return true
            }
        }
    }

    /// `hasPrefix` by code units: `"x-\u{301}"` starts with `"x-"` here, not for `hasPrefix`.
    @inlinable
    public func startsWithCodeUnits(of prefix: String) -> Bool {
        utf8.starts(with: prefix.utf8)
    }
}

extension Sequence<String> {
    /// `contains` by code units.
    @inlinable
    public func containsCodeUnits(of text: String) -> Bool {
        contains { $0.hasSameCodeUnits(as: text) }
    }
}

/// A `String` hashed and compared by its code units, for sets and dictionaries of member names.
public struct CodeUnitKey: Hashable, Sendable {
    public let text: String

    public init(_ text: String) { self.text = text }

    public static func == (lhs: CodeUnitKey, rhs: CodeUnitKey) -> Bool { lhs.text.hasSameCodeUnits(as: rhs.text) }

    public func hash(into hasher: inout Hasher) {
        let hashed: Void? = text.utf8.withContiguousStorageIfAvailable {
            hasher.combine(bytes: UnsafeRawBufferPointer($0))
        }
        if hashed == nil {
            for byte in text.utf8 { hasher.combine(byte) }
            hasher.combine(0xFF as UInt8)
        }
    }
}
