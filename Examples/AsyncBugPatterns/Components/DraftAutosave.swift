import SimulateFacades

/// The drafts on disk: their paragraphs and the index the drafts list shows.
public protocol DraftStore: Sendable {
    /// False once the user discarded the draft.
    func isOpen(_ draft: String) async -> Bool
    func writeParagraph(_ index: Int, of draft: String) async
    /// Adds the draft to the index, whatever happened to it meanwhile.
    func index(_ draft: String) async
    /// Adds it only when the draft was not discarded; false when it was.
    func indexIfOpen(_ draft: String) async -> Bool
    func discard(_ draft: String) async
}

/// Saves a draft paragraph by paragraph, then records it in the index.
public protocol Autosaver: Sendable {
    func save(_ draft: String, paragraphs: Int) async
}

/// A deep resurrection (depth 2): autosave checks after every paragraph that the draft is still
/// open and stops when it was discarded, but writes the index entry without checking again, so a
/// discard that lands after the last paragraph's check brings the discarded draft back to the list.
public actor IndexingAutosaver: Autosaver {
    private let store: any DraftStore

    public init(store: any DraftStore) { self.store = store }

    public func save(_ draft: String, paragraphs: Int) async {
        for index in 0..<paragraphs {
            await store.writeParagraph(index, of: draft)
            guard await store.isOpen(draft) else { return }
        }
        await store.index(draft)
    }
}

/// The twin: the index entry is written only for an open draft, in one call on the store's actor.
public actor CheckedIndexingAutosaver: Autosaver {
    private let store: any DraftStore

    public init(store: any DraftStore) { self.store = store }

    public func save(_ draft: String, paragraphs: Int) async {
        for index in 0..<paragraphs {
            await store.writeParagraph(index, of: draft)
            guard await store.isOpen(draft) else { return }
        }
        _ = await store.indexIfOpen(draft)
    }
}
