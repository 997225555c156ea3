import SimulateFacades

/// Which version of a component: the one with the bug, or its correct twin.
public enum Variant: String, CaseIterable, Sendable {
    case buggy, fixed
}

/// Starts work that outlives the caller: `{ name, work in Task { await work() } }` in the app,
/// `environment.spawn` under a simulation (a plain `Task { }` would escape it).
public typealias Spawn = @Sendable (String, @escaping @Sendable () async -> Void) -> Void
