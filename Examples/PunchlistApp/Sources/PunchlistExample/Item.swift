/// One Punchlist item, as the seed's app declares it.
public struct Item: Codable, Identifiable, Equatable, Sendable {
    /// UnixNano string from the server; `local-N` for an item added while offline.
    public let id: String
    public var text: String
    public var done: Bool
    /// RFC 3339.
    public let created: String

    public init(id: String, text: String, done: Bool = false, created: String) {
        self.id = id
        self.text = text
        self.done = done
        self.created = created
    }
}
