import SimulateJSON

/// How a run treats the fault points app code places in itself (`SimulationFault.maybe("…")`, module
/// `SimulateAsync`), after FoundationDB's BUGGIFY: each point is active on a seed-chosen subset of runs
/// (probability ``activation``) and, where active, fires on a seed-chosen subset of its calls
/// (probability ``firing``). `"faultPoints"` in a scenario, `--fault-points` and `--fault-point` on
/// the command line (docs/bug-patterns.md, "Fault points").
public struct FaultPointSettings: Sendable, Equatable {
    /// False: every point is inert, as outside a simulation (`"enabled": false`, `--fault-points off`).
    public var enabled = true
    /// The chance that a point is active in a run (FoundationDB's `P_BUGGIFIED_SECTION_ACTIVATED`, 0.25).
    public var activation = 0.25
    /// The chance that an active point fires at one call (FoundationDB's `P_BUGGIFIED_SECTION_FIRES`, 0.25).
    public var firing = 0.25
    /// Points that never fire.
    public var off: [String] = []
    /// Points that fire at every call (still not when ``enabled`` is false).
    public var forced: [String] = []

    /// The defaults: every point may fire, with FoundationDB's probabilities.
    public init() {}

    /// `{"enabled": …, "activation": …, "firing": …, "off": […], "force": […]}`, only the fields that differ
    /// from the defaults.
    public var json: JSON {
        var object = JSONObject()
        let defaults = FaultPointSettings()
        if enabled != defaults.enabled { object["enabled"] = .bool(enabled) }
        if activation != defaults.activation { object["activation"] = JSON(activation) }
        if firing != defaults.firing { object["firing"] = JSON(firing) }
        if !off.isEmpty { object["off"] = .array(off.map { .string($0) }) }
        if !forced.isEmpty { object["force"] = .array(forced.map { .string($0) }) }
        return .object(object)
    }
}

/// One call of a fault point that fired: which point, when, and where.
public struct FaultPointFiring: Sendable, Equatable {
    /// The point's name as app code wrote it: `"refresh fails"`.
    public var name: String
    /// The virtual time of the call.
    public var at: VirtualInstant
    /// The device of the calling task.
    public var device: String
    /// The calling task's name (as spawned).
    public var task: String
    /// Which call of this point in the run it was, from 1.
    public var call: Int

    /// A firing; see the members.
    public init(name: String, at: VirtualInstant, device: String, task: String, call: Int) {
        self.name = name
        self.at = at
        self.device = device
        self.task = task
        self.call = call
    }

    /// `"refresh fails" at 12.5s (device "phone", task "sync", call 3)`.
    public var line: String {
        "\"\(name)\" at \(DurationFormat.string(at)) (device \"\(device)\", task \"\(task)\", call \(call))"
    }
}
