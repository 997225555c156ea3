/// An object member whose key already occurred in the same object. The parsed tree keeps the first occurrence.
public struct JSONDuplicateKey: Sendable, Hashable {
    /// Path of the member, such as `/devices/0/id`.
    public var path: JSONPath
    public var key: String
    /// Where the repeated key (its opening quote) starts.
    public var location: SourceLocation

    public init(path: JSONPath, key: String, location: SourceLocation) {
        self.path = path
        self.key = key
        self.location = location
    }
}
