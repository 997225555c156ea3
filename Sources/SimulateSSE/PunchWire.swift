import SimulateCore
import SimulateJSON

/// The bytes the Go backend writes on `text/event-stream` and how the client reads them back.
package enum PunchWire {
    /// One full-state event: `id: <version>`, then `data: <the item array as JSON>`, then a blank line.
    package static func fullStateEvent(version: Int, items: [PunchItem]) -> [UInt8] {
        fullStateEvent(version: version, data: itemsData(items))
    }

    /// The full-state event of `version` whose data is `data` (``itemsData(_:)``).
    package static func fullStateEvent(version: Int, data: String) -> [UInt8] {
        let head = "id: " + String(version) + "\ndata: "
        var bytes: [UInt8] = []
        bytes.reserveCapacity(head.utf8.count + data.utf8.count + 2)
        bytes += head.utf8
        bytes += data.utf8
        bytes += [0x0A, 0x0A]
        return bytes
    }

    /// A full-state event's data: the item array as JSON, on one line.
    package static func itemsData(_ items: [PunchItem]) -> String {
        var text = "["
        for (index, item) in items.enumerated() {
            if index > 0 { text += "," }
            text += "{\"id\":" + JSONWriter.escape(item.id) + ",\"text\":" + JSONWriter.escape(item.text)
            text += ",\"done\":" + (item.done ? "true" : "false") + ",\"created\":" + JSONWriter.escape(item.created)
            text += "}"
        }
        text += "]"
        return text
    }

    /// A comment line the server writes to keep an idle stream alive.
    package static let keepAlive: [UInt8] = Array(": keep-alive\n\n".utf8)

    /// What a server with a `firstEventDelay` writes as soon as it accepts a stream: a comment, no event.
    package static let connected: [UInt8] = Array(": connected\n\n".utf8)

    /// What a server that accepts and closes at once writes before closing: a comment, no event.
    package static let hello: [UInt8] = Array(": hello\n\n".utf8)

    /// The item array of a full-state event's data; nil when it is not an array of well-formed items.
    package static func decodeItems(_ data: String) -> [PunchItem]? {
        guard let document = try? JSONParser.parse(Array(data.utf8)), case .array(let values) = document.root
        else { return nil }
        var items: [PunchItem] = []
        items.reserveCapacity(values.count)
        for value in values {
            guard case .string(let id)? = value["id"], case .string(let text)? = value["text"],
                case .bool(let done)? = value["done"], case .string(let created)? = value["created"]
            else { return nil }
            items.append(PunchItem(id: id, text: text, done: done, created: created))
        }
        return items
    }

    /// A 64-bit digest of an item list (ids, texts, flags, timestamps and order): equal lists, equal digests.
    /// The judge of an app's client digests what the app shows at every poll, so it reads each string eight
    /// bytes at a time, its length folded in (`TraceHash`), instead of a byte at a time.
    static func digest(_ items: [PunchItem]) -> UInt64 {
        var hash = TraceHash()
        for item in items {
            hash.combine(item.id)
            hash.combine(item.text)
            hash.combine(item.done ? 1 : 2)
            hash.combine(item.created)
        }
        hash.combine(UInt64(items.count))
        return hash.value
    }
}
