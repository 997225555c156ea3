/// What an expectation means when a scenario runs under a seed sweep (`--seeds A..B`).
///
/// A single run is its own sweep of one seed: both rules then ask the same of that run.
public enum SweepRule: String, Sendable, Equatable, CaseIterable {
    /// Met with every seed: each run of the sweep is judged on it (the default).
    case every
    /// Met with at least one seed of the sweep: a hazard that shows only with some interleavings,
    /// or an outcome that some seeds reach. Judged once over the whole sweep, not per run.
    case some
}
