import SimulateCore

// The services plugins offer each other over the simulated CloudKit live here, beside the server,
// rather than in the plugin that implements them: a plugin that uses a service (model, intents)
// imports this module, never the module of the plugin that offers it (counter).

/// Offers the scenario's shared CloudKit server to other plugins: the `counter` run conforms.
///
/// Ask for the run's server in `start()` (every run exists by then) with `CloudKitRecordServer.forRun(context)`:
/// the offered one, else one made for the run that every plugin and app facade then shares.
public protocol CloudKitServerProviding: AnyObject {
    /// The run's one server.
    var cloudKitServer: CloudKitRecordServer { get }
}

/// Allocates displayIds for other plugins (model, intents): the `counter` run conforms, using its
/// configured allocator, so the ids share the counter's invariants and statistics.
public protocol DisplayIDAllocating: AnyObject {
    /// Allocates the next displayId on a device. The completion runs exactly once, in virtual time,
    /// with the id or the reason the allocation gave up. Allocations on one device run one at a time.
    func allocateDisplayID(on device: Device, completion: @escaping (Result<Int, CounterAllocationError>) -> Void)
}

/// Why an allocation gave up.
public struct CounterAllocationError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Why the allocation gave up.
    public enum Kind: String, Sendable {
        /// The device was offline and the allocator is configured to fail at once.
        case offline
        /// `maxAttempts` attempts were used up.
        case attemptsExhausted
        /// The server answered an error that retrying cannot fix.
        case rejected
        /// Too many allocations were waiting on the device.
        case queueFull
    }

    /// Why it gave up.
    public var kind: Kind
    /// The attempts it made.
    public var attempts: Int
    /// The last CloudKit error the allocator saw.
    public var lastError: CloudKitError?

    /// An error; see the members.
    public init(kind: Kind, attempts: Int, lastError: CloudKitError? = nil) {
        self.kind = kind
        self.attempts = attempts
        self.lastError = lastError
    }

    /// `kind after N attempts: last error`.
    public var description: String {
        "\(kind.rawValue) after \(attempts) attempts" + (lastError.map { ": \($0)" } ?? "")
    }
}
