/// The part of the WHATWG event-stream format Punchlist needs: `data:` lines joined, an event per
/// blank line, comments and other fields ignored.
struct EventStreamLines {
    private var data: [String] = []

    /// Feeds one line; returns an event's data when the line ends an event.
    mutating func feed(_ line: String) -> String? {
        if line.isEmpty {
            defer { data.removeAll() }
            return data.isEmpty ? nil : data.joined(separator: "\n")
        }
        guard line.hasPrefix("data:") else { return nil }
        var value = line.dropFirst(5)
        if value.first == " " { value = value.dropFirst() }
        data.append(String(value))
        return nil
    }
}
