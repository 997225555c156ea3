import SimulateCore
import SimulateCounter
import SimulateIntents
import SimulateModel
import SimulateSSE

/// The plugins that ship with the toolkit.
public enum BuiltinPlugins {
    /// `sse`, `counter`, `model` and `intents`, in that order.
    public static var all: [any SimulationPlugin] {
        [SSEPlugin(), CounterPlugin(), ModelPlugin(), IntentsPlugin()]
    }
}
