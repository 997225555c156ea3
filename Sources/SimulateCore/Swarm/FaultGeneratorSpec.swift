import SimulateJSON

/// Swarm mode: `"faults": {"generate": {…}}` asks for faults drawn from the seed, so a sweep explores a
/// different fault schedule with every seed (the approach of FoundationDB's simulator and TigerBeetle's VOPR).
public struct FaultGeneratorSpec: Sendable, Equatable {
    /// Fault kinds to draw from, each with its relative weight.
    public var kinds: [(kind: FaultKind, weight: Double)]
    /// How many faults one run draws: uniform in the range.
    public var count: ClosedRange<Int>
    /// How long each fault lasts: uniform in the range, cut at the window's end.
    public var length: ClosedRange<VirtualDuration>
    /// Devices a fault may hit (nil: every device).
    public var devices: [String]?
    /// Faults start at or after `from` and end by `to`.
    public var windowFrom: VirtualInstant
    public var windowTo: VirtualInstant
    /// Probability that a fault hits every device of `devices` at once rather than one of them.
    public var allDevices: Double
    /// The latency a `latency` fault sets, drawn uniformly.
    public var latency: ClosedRange<VirtualDuration>
    /// The loss a `loss` fault sets, drawn uniformly.
    public var loss: ClosedRange<Double>
    /// The plugin whose server a `serverRestart` restarts.
    public var plugin: String?
    public var path: JSONPath

    public static let defaultLivenessWithin = VirtualDuration.seconds(30)

    public static func == (a: FaultGeneratorSpec, b: FaultGeneratorSpec) -> Bool {
        a.kinds.map(\.kind) == b.kinds.map(\.kind) && a.kinds.map(\.weight) == b.kinds.map(\.weight)
            && a.count == b.count && a.length == b.length && a.devices == b.devices
            && a.windowFrom == b.windowFrom && a.windowTo == b.windowTo
            && a.allDevices == b.allDevices && a.latency == b.latency && a.loss == b.loss
            && a.plugin == b.plugin
    }

    /// The liveness phase a `generate` object implies when `faults` has no `liveness` of its own.
    static func impliedLiveness(_ generate: JSON) -> JSON {
        let to = generate["window"]?["to"] ?? .string("0s")
        return ["after": to, "within": .string(DurationFormat.string(defaultLivenessWithin))]
    }
}

/// The liveness phase: from `after` no fault is active, and by `after + within` every plugin's liveness
/// check (``LivenessChecking``) must hold.
public struct LivenessPhase: Sendable, Equatable {
    public var after: VirtualInstant
    public var within: VirtualDuration
    public var path: JSONPath

    public init(after: VirtualInstant, within: VirtualDuration, path: JSONPath = .root) {
        self.after = after
        self.within = within
        self.path = path
    }

    public var deadline: VirtualInstant { after + within }
}

/// A plugin run that can say, once faults have stopped, whether it has recovered: swarm mode's liveness
/// phase asks every enabled plugin run that conforms, at the phase's deadline, and reports each
/// violation under the expectation `<plugin>.liveness`.
///
/// What to check is the plugin's promise after faults end: every device converged, every allocation
/// ended, every stream reconnected and showing the server's state. Return nothing when it holds.
public protocol LivenessChecking: AnyObject {
    func livenessViolations() -> [Violation]
}

/// The documentation side of ``LivenessChecking``: a plugin whose runs state a liveness check says
/// in one sentence what holds once faults stop (`simulate explain <plugin>.liveness`).
public protocol LivenessDocumenting {
    var livenessSummary: String { get }
}
