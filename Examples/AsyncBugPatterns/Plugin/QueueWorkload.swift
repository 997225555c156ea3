import AsyncBugPatterns
import Foundation
import SimulateAsync
import SimulateCore

/// A consumer uploads two items, each taking 1 s; the second is pushed at 2 s, the instant the first
/// upload ends. Invariant: every pushed item is uploaded within 5 s.
@available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
enum QueueWorkload {
    static func start(_ world: BugWorld, _ variant: Variant) {
        let log = TapLog()
        let queue: any UploadQueue =
            switch variant {
            case .buggy: LateWaiterQueue(log: log)
            case .fixed: RecheckingQueue(log: log)
            }
        let pushed = Box<[String: VirtualInstant]>([:])
        let uploaded = Box<Set<String>>([])
        let clock = world.clock
        world.runtime.spawn(on: world.device, "uploader") {
            for _ in 0..<2 {
                let item = await queue.next()
                try await clock.sleep(for: .seconds(1))
                uploaded.value.insert(item)
            }
        }
        for (item, time) in [("photo 1", Duration.seconds(1)), ("photo 2", .seconds(2))] {
            world.at(time, "push \(item)") {
                pushed.value[item] = world.context.now
                await queue.push(item)
            }
        }
        world.endChecks.append {
            for (item, time) in pushed.value.sorted(by: { $0.key < $1.key }) where !uploaded.value.contains(item) {
                if world.context.now.sinceStart - time.sinceStart > .seconds(5) {
                    world.problem("\(item), pushed at \(DurationFormat.string(time)), was never uploaded")
                }
            }
        }
    }
}
