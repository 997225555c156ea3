/// How `simulate serve` runs a scenario's server for real (any plugin's ``RealEndpointFixture``).
public struct ServeOptions: Sendable {
    /// Loopback unless the user says otherwise.
    public var host: String
    /// 0: the system picks a free port.
    public var port: Int
    /// Virtual seconds per real second: faults and steps run this much faster.
    public var speed: Double
    /// Apply the devices' own steps as mutations reaching the server at their times.
    public var applySteps: Bool
    /// Overrides the scenario's seed (latency and loss draws).
    public var seed: UInt64?
    /// The scenario's time 0 is the first client's first request, not the moment the server starts.
    public var startsOnFirstClient: Bool
    /// How far a real client's reconnect may be from the rule's delay (plus a tenth of the delay).
    public var tolerance: VirtualDuration
    /// The most bytes one connection may leave unread in the server's buffers; past it the connection
    /// is reset and reported by device (a slow reader cannot grow the server without bound).
    public var unsentByteLimit: Int
    /// A connection with no request in flight and no stream open is closed after this much real time.
    public var idleTimeout: VirtualDuration

    public static let defaultUnsentByteLimit = 4 * 1024 * 1024
    public static let defaultIdleTimeout = VirtualDuration.seconds(60)

    public init(
        host: String = "127.0.0.1", port: Int = 0, speed: Double = 1, applySteps: Bool = false, seed: UInt64? = nil,
        startsOnFirstClient: Bool = false, tolerance: VirtualDuration = .milliseconds(250),
        unsentByteLimit: Int = ServeOptions.defaultUnsentByteLimit,
        idleTimeout: VirtualDuration = ServeOptions.defaultIdleTimeout
    ) {
        self.tolerance = tolerance
        self.unsentByteLimit = unsentByteLimit
        self.idleTimeout = idleTimeout
        self.host = host
        self.port = port
        self.speed = speed
        self.applySteps = applySteps
        self.seed = seed
        self.startsOnFirstClient = startsOnFirstClient
    }
}

/// How `simulate probe` runs a plugin's reference clients against a real server.
public struct ProbeOptions: Sendable {
    /// Extra clients without steps, to hold many streams at once.
    public var extraClients: Int
    public var keepsTrace: Bool
    /// Leave the scenario's `offline` faults to the server side (`probe` against `serve`).
    public var ignoresFaults: Bool
    /// How long to keep trying to connect before the run starts (a server may still be starting).
    public var waitForServer: VirtualDuration

    public init(
        extraClients: Int = 0, keepsTrace: Bool = true, ignoresFaults: Bool = false,
        waitForServer: VirtualDuration = .seconds(5)
    ) {
        self.waitForServer = waitForServer
        self.extraClients = extraClients
        self.keepsTrace = keepsTrace
        self.ignoresFaults = ignoresFaults
    }
}

/// Why `probe` could not start: a bad URL (exit 2) or a server that never answered (exit 3).
public struct ProbeError: Error, Sendable, CustomStringConvertible, Equatable {
    public var message: String
    /// The server did not accept a connection: the run broke (exit 3), the arguments were fine.
    public var isUnreachable: Bool

    public init(_ message: String, isUnreachable: Bool = false) {
        self.message = message
        self.isUnreachable = isUnreachable
    }

    public var description: String { message }
}
