public struct SimulateCorePlaceholder {}
