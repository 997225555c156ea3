/// Keys set since a record came from the server, each once. A record usually changes one key: it is
/// kept inline, and only further keys need an array.
struct ChangedKeys: Sendable {
    private var first: String?
    private var others: [String] = []

    init() {}

    init(_ keys: some Sequence<String>) {
        for key in keys { insert(key) }
    }

    /// A record's keys are distinct: no search for duplicates.
    init(keysOf fields: CloudFields) {
        let keys = fields.keys
        first = keys.first
        guard keys.count > 1 else { return }
        others = Array(keys.dropFirst())
    }

    var count: Int { first == nil ? 0 : 1 + others.count }

    var list: [String] { first.map { [$0] + others } ?? [] }

    func contains(_ key: String) -> Bool {
        first == key || others.contains(key)
    }

    mutating func insert(_ key: String) {
        if first == nil {
            first = key
        } else if !contains(key) {
            others.append(key)
        }
    }
}
