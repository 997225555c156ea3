import AsyncBugPatterns
import Foundation
import SimulateAsync
import SimulateCore

/// At 1 s the outbox drains three photos (to a local staging server: no time passes) and the user
/// taps "cancel all" at the same instant. Invariant: no item is both cancelled and done.
@available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
enum CancelAllWorkload {
    static let items = 3

    static func start(_ world: BugWorld, _ variant: Variant) {
        let outbox = FakeOutbox(items: (1...items).map { "photo \($0)" })
        let endpoint = StagingEndpoint()
        let drainer: any OutboxDrainer =
            switch variant {
            case .buggy: BlindDrainer(outbox: outbox, endpoint: endpoint)
            case .fixed: ActiveCheckingDrainer(outbox: outbox, endpoint: endpoint)
            }
        world.at(.seconds(1), "drain") { await drainer.drain() }
        world.at(.seconds(1), "cancel all") { await outbox.cancelAll() }
        world.endChecks.append {
            let both = outbox.done.value.intersection(outbox.cancelled.value)
            if !both.isEmpty {
                world.problem(
                    "\(both.count) items are both cancelled and done: \(both.sorted().joined(separator: ", "))")
            }
        }
    }
}

actor FakeOutbox: Outbox {
    nonisolated let done = Box<Set<String>>([])
    nonisolated let cancelled = Box<Set<String>>([])
    private var pending: [String]
    private var inFlight: [String] = []
    private var active = true

    init(items: [String]) { pending = items }

    func take() -> String? {
        guard active, !pending.isEmpty else { return nil }
        let item = pending.removeFirst()
        inFlight.append(item)
        return item
    }

    func isActive() -> Bool { active }

    func markDone(_ items: [String]) {
        done.value.formUnion(items)
        inFlight.removeAll(where: items.contains)
    }

    func markDoneIfActive(_ items: [String]) -> Bool {
        guard active else { return false }
        markDone(items)
        return true
    }

    func cancelAll() {
        active = false
        cancelled.value.formUnion(pending + inFlight)
        pending = []
        inFlight = []
    }
}

actor StagingEndpoint: UploadEndpoint {
    private var received: [String] = []
    func send(_ item: String) { received.append(item) }
}
