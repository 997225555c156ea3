/// `<plugin>.<name>` as in `"do": "sse.add"` or `"invariant": "counter.unique"`, split at the first dot.
enum QualifiedName {
    /// The plugin and the name, or nil when there is no dot.
    static func split(_ text: String) -> (plugin: Substring, name: Substring)? {
        guard let dot = text.utf8.firstIndex(of: UInt8(ascii: ".")) else { return nil }
        return (text[..<dot], text[text.utf8.index(after: dot)...])
    }

    /// True when both sides of the first dot are non-empty.
    static func isValid(_ text: String) -> Bool {
        guard let (plugin, name) = split(text) else { return false }
        return !plugin.isEmpty && !name.isEmpty
    }
}
