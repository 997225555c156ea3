import SimulateJSON

/// The arguments of loaded steps, decoded by their action's declaration while the steps are read (their JSON
/// is at hand then), so that the validator does not parse them from the file a second time. Only a decoding
/// that went without a word is kept; the validator decodes any other step's arguments again and reports them.
final class DecodedStepArguments {
    typealias Decoder = (JSON, Diagnostics) -> (any Sendable)?

    private let registry: PluginRegistry
    /// By plugin and action number (`CompactSteps.Builder` names); nil: not an action of a known plugin.
    private var decoders: [Int64: Decoder?] = [:]
    private var last: (key: Int64, decoder: Decoder?)?
    private var scratch = Diagnostics()
    /// Step positions, ascending, and their decoded arguments.
    private var positions: [Int] = []
    private var values: [any Sendable] = []
    private var next = 0

    init(registry: PluginRegistry) { self.registry = registry }

    /// Decodes `arguments`, the `args` of the step just added to `steps`.
    func decode(_ arguments: JSON, ofLastStepIn steps: CompactSteps.Builder) {
        let (position, plugin, action) = steps.lastStep
        let key = Int64(plugin) << 32 | Int64(action)
        let decoder: Decoder?
        if let last, last.key == key {
            decoder = last.decoder
        } else {
            if let known = decoders[key] {
                decoder = known
            } else {
                decoder = registry.plugin(named: steps.name(plugin))?.actionArgumentsDecoder(
                    named: steps.name(action))
                decoders[key] = decoder
            }
            last = (key, decoder)
        }
        guard let decoder, let value = decoder(arguments, scratch) else {
            if !scratch.isEmpty || !scratch.bareSeconds.isEmpty { scratch = Diagnostics() }
            return
        }
        // A bare-seconds note is a warning the validator's own decoding gives: that step is decoded again.
        guard scratch.isEmpty, scratch.bareSeconds.isEmpty else {
            scratch = Diagnostics()
            return
        }
        positions.append(position)
        values.append(value)
    }

    /// The arguments decoded for the step at `position`; positions are asked in ascending order.
    func take(at position: Int) -> (any Sendable)? {
        while next < positions.count, positions[next] < position { next += 1 }
        guard next < positions.count, positions[next] == position else { return nil }
        return values[next]
    }
}
