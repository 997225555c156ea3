import SimulateFacades

/// A callback-era request API (a delegate, an XPC reply, a Bluetooth characteristic read).
public protocol CallbackTransport: Sendable {
    func send(_ request: String, reply: @escaping @Sendable (String) -> Void)
}

/// What a continuation misuse looks like to the component's own guard: in the app an
/// `assertionFailure`, here a line the scenario's invariant reads.
public protocol MisuseReporting: Sendable {
    func continuationMisused(_ message: String)
}

/// A continuation's resume side that refuses a second resume and reports it, instead of trapping
/// as `CheckedContinuation` does (SE-0300: "resuming a continuation twice … is undefined behavior").
public final class ResumeOnce<Value: Sendable>: @unchecked Sendable {
    private var continuation: CheckedContinuation<Value, any Error>?
    private let misuse: any MisuseReporting
    public private(set) var timedOut = false

    public init(_ continuation: CheckedContinuation<Value, any Error>, misuse: any MisuseReporting) {
        self.continuation = continuation
        self.misuse = misuse
    }

    public func markTimedOut() { timedOut = true }

    public func resume(with result: Result<Value, any Error>, from path: String) {
        guard let continuation else {
            misuse.continuationMisused("continuation resumed a second time, by the \(path)")
            return
        }
        self.continuation = nil
        continuation.resume(with: result)
    }
}

public struct RequestTimedOut: Error {}

/// Sends a request and waits for its reply, at most `timeout`.
public protocol TimedRequesting: Sendable {
    func request(_ body: String) async throws -> String
}

/// A continuation resumed twice on a timeout/response race (depth 1): the reply path checks the
/// timeout flag, the timer path checks nothing, so when the reply and the timeout fall due at the
/// same instant and the reply is handled first, the timer resumes the continuation again.
public struct RacyTimedRequest: TimedRequesting {
    let transport: any CallbackTransport
    let clock: any Clock<Duration>
    let timeout: Duration
    let misuse: any MisuseReporting
    let spawn: Spawn

    public init(
        transport: any CallbackTransport, clock: any Clock<Duration>, timeout: Duration,
        misuse: any MisuseReporting, spawn: @escaping Spawn
    ) {
        self.transport = transport
        self.clock = clock
        self.timeout = timeout
        self.misuse = misuse
        self.spawn = spawn
    }

    public func request(_ body: String) async throws -> String {
        try await withCheckedThrowingContinuation { continuation in
            let once = ResumeOnce(continuation, misuse: misuse)
            let clock = self.clock
            let timeout = self.timeout
            spawn("request timeout") {
                guard (try? await clock.sleep(for: timeout)) != nil else { return }
                once.markTimedOut()
                once.resume(with: .failure(RequestTimedOut()), from: "timeout")
            }
            transport.send(body) { reply in
                if !once.timedOut { once.resume(with: .success(reply), from: "reply") }
            }
        }
    }
}

/// The twin: whichever path comes first takes the continuation, under the actor's isolation; the
/// other finds it gone and does nothing.
public struct GuardedTimedRequest: TimedRequesting {
    let transport: any CallbackTransport
    let clock: any Clock<Duration>
    let timeout: Duration
    let misuse: any MisuseReporting
    let spawn: Spawn

    public init(
        transport: any CallbackTransport, clock: any Clock<Duration>, timeout: Duration,
        misuse: any MisuseReporting, spawn: @escaping Spawn
    ) {
        self.transport = transport
        self.clock = clock
        self.timeout = timeout
        self.misuse = misuse
        self.spawn = spawn
    }

    public func request(_ body: String) async throws -> String {
        let pending = PendingReply()
        return try await withCheckedThrowingContinuation { continuation in
            let once = ResumeOnce(continuation, misuse: misuse)
            let clock = self.clock
            let timeout = self.timeout
            spawn("request timeout") {
                guard (try? await clock.sleep(for: timeout)) != nil else { return }
                if await pending.take() { once.resume(with: .failure(RequestTimedOut()), from: "timeout") }
            }
            transport.send(body) { reply in
                spawn("request reply") {
                    if await pending.take() { once.resume(with: .success(reply), from: "reply") }
                }
            }
        }
    }
}

/// Who gets to resume: the first to ask.
actor PendingReply {
    private var open = true
    func take() -> Bool {
        defer { open = false }
        return open
    }
}
