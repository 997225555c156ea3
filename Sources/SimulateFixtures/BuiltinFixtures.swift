import SimulateCore
import SimulateSSEServe

/// The real-endpoint fixtures the toolkit's plugins offer, for `simulate serve`, `probe` and `diff`:
/// the command line finds a scenario's fixture here by the plugins it enables.
public enum BuiltinFixtures {
    public static var all: [any RealEndpointFixture] { [SSEEndpointFixture()] }
}
