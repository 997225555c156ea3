import AsyncBugPatterns
import Foundation
import SimulateAsync
import SimulateCore

/// At 1 s autosave writes a draft of three paragraphs (local files: no time passes) and the user
/// discards the draft at the same instant. Invariant: a discarded draft is not in the drafts list.
@available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
enum DraftAutosaveWorkload {
    static let paragraphs = 3

    static func start(_ world: BugWorld, _ variant: Variant) {
        let store = FakeDraftStore()
        let autosaver: any Autosaver =
            switch variant {
            case .buggy: IndexingAutosaver(store: store)
            case .fixed: CheckedIndexingAutosaver(store: store)
            }
        world.at(.seconds(1), "autosave") { await autosaver.save("draft 3", paragraphs: paragraphs) }
        world.at(.seconds(1), "discard draft") { await store.discard("draft 3") }
        world.endChecks.append {
            let back = store.listed.value.intersection(store.discarded.value)
            if !back.isEmpty {
                world.problem("discarded drafts are in the drafts list: \(back.sorted().joined(separator: ", "))")
            }
        }
    }
}

actor FakeDraftStore: DraftStore {
    nonisolated let listed = Box<Set<String>>([])
    nonisolated let discarded = Box<Set<String>>([])
    private var paragraphs: [String: Set<Int>] = [:]

    func isOpen(_ draft: String) -> Bool { !discarded.value.contains(draft) }
    func writeParagraph(_ index: Int, of draft: String) { paragraphs[draft, default: []].insert(index) }
    func index(_ draft: String) { listed.value.insert(draft) }

    func indexIfOpen(_ draft: String) -> Bool {
        guard isOpen(draft) else { return false }
        index(draft)
        return true
    }

    func discard(_ draft: String) {
        discarded.value.insert(draft)
        listed.value.remove(draft)
        paragraphs[draft] = nil
    }
}
