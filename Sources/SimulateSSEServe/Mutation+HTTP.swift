import SimulateSSE

extension Mutation {
    /// A mutation as `POST /ko` names it: `{"action": "add", "text": …}` or `{"action": …, "id": …}`.
    init?(action: String, text: String?, id: String?) {
        switch (action, text, id) {
        case ("add", let text?, _): self = .add(text: text)
        case ("toggle", _, let id?): self = .toggle(id: id)
        case ("open", _, let id?): self = .open(id: id)
        case ("close", _, let id?): self = .close(id: id)
        case ("bump", _, let id?): self = .bump(id: id)
        case ("delete", _, let id?): self = .delete(id: id)
        default: return nil
        }
    }

    /// The text of an add, else the item's id: what the report shows.
    var detail: String {
        if case .add(let text) = self { return text }
        return itemID ?? ""
    }
}
