import AsyncBugPatterns
import Foundation
import SimulateAsync
import SimulateCore

/// Two App Intents create a task at 5 s (Siri and a widget); each asks the allocator for a displayId.
/// Invariant: displayIds are unique.
@available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
enum AllocatorWorkload {
    static func start(_ world: BugWorld, _ variant: Variant) {
        let store = LocalCounterStore()
        let allocator: any DisplayIDAllocating =
            switch variant {
            case .buggy: SaveThenBumpAllocator(highest: 41, store: store)
            case .fixed: ReservingAllocator(highest: 41, store: store)
            }
        let ids = Box<[Int]>([])
        for name in ["siri intent", "widget intent"] {
            world.at(.seconds(5), name) {
                guard let id = try? await allocator.next() else { return }
                if ids.value.contains(id) { world.problem("displayId #\(id) handed out twice") }
                ids.value.append(id)
            }
        }
    }
}

actor LocalCounterStore: CounterStore {
    private(set) var highest = 0
    func save(highest: Int) async throws { self.highest = highest }
}
