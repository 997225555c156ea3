import SimulateCore
import SimulateCounter
import SimulateIntents
import SimulateModel
import SimulateSSE

/// The plugins that ship with the toolkit.
public enum BuiltinPlugins {
    public static var all: [any SimulationPlugin] {
        [SSEPlugin(), CounterPlugin(), ModelPlugin(), IntentsPlugin()]
    }
}
