import Clocks
import Synchronization

/// Clients as async loops sleeping on pointfreeco's `TestClock`, driven by `run()` as its
/// documentation shows: each runs ``AsyncBackoffClient``, the same code the simulation clock runs.
enum TestClockWorkload {
    static func measure(clients: Int, sleepsPerClient: Int) async -> Measurement {
        let clock = TestClock()
        let resolved = Counter()
        let total = clients * sleepsPerClient
        let start = ContinuousClock.now
        let loops = Task {
            await withTaskGroup(of: Void.self) { group in
                for _ in 0..<clients {
                    group.addTask {
                        await AsyncBackoffClient.run(clock: clock, sleeps: sleepsPerClient) { resolved.increment() }
                    }
                }
            }
        }
        // `run()` returns when no sleep is pending; a loop between two sleeps can make that happen early.
        var rounds = 0
        while resolved.value < total && rounds < total * 4 {
            await clock.run(timeout: .seconds(3600))
            await Task.yield()
            rounds += 1
        }
        await loops.value
        let elapsed = start.duration(to: .now)
        return Measurement(sleeps: resolved.value, wallSeconds: seconds(elapsed))
    }

    static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) * 1e-18
    }
}

/// Sleeps resolved so far, shared by the client loops and the driver.
final class Counter: Sendable {
    private let count = Mutex(0)

    func increment() { count.withLock { $0 += 1 } }

    var value: Int { count.withLock { $0 } }
}
