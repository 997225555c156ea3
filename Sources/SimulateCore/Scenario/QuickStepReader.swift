import SimulateJSON

/// Reads steps in the `QuickStep` shape straight from json-c's tree into `CompactSteps`, with what `QuickStep`
/// and `CompactSteps.Builder` would make of them: generated files repeat a few `do` and `device` values and
/// many steps at one time, so the last few of each are kept by their bytes and not read again.
struct QuickStepReader {
    private static let names = JSONMemberNames(["at", "do", "device", "args"])
    private static let remembered = 8
    private var lastAt: (bytes: [UInt8], time: TimePoint)?
    /// `do` values already read: their plugin's and action's numbers.
    private var actions: [(bytes: [UInt8], plugin: Int32, action: Int32)] = []
    private var devices: [(bytes: [UInt8], number: Int32)] = []

    /// Adds the step at `element` to `steps` when it is in the quick shape, and returns whether it did and the
    /// step's `args` value; nothing is added for a step in another shape.
    mutating func read(
        _ element: JSONQuickElement, into steps: inout CompactSteps.Builder
    ) -> (added: Bool, arguments: JSON?) {
        var at: JSONQuickString?
        var action: JSONQuickString?
        var device: JSONQuickString?
        var hasArguments = false
        let complete = element.forEachMember(of: Self.names, maximumCount: 4) { number, member in
            switch (number, member) {
            case (0, .string(let text)): at = text
            case (1, .string(let text)): action = text
            case (2, .string(let text)): device = text
            case (3, _): hasArguments = true
            default: return false
            }
            return true
        }
        guard complete, let at, let action, let time = time(at) else { return (false, nil) }
        let deviceNumber: Int32?
        if let device {
            if let known = devices.first(where: { device.hasBytes($0.bytes) }) {
                deviceNumber = known.number
            } else {
                let id = device.string
                guard Identifier.isValid(id) else { return (false, nil) }
                deviceNumber = nil
            }
        } else {
            deviceNumber = -1
        }
        let known = actions.first { action.hasBytes($0.bytes) }
        let name = known == nil ? action.string : ""
        guard known != nil || QualifiedName.isValid(name) else { return (false, nil) }
        var args: (offset: Int, value: JSON)?
        if hasArguments {
            guard let member = element.member("args") else { return (false, nil) }
            args = member
        }
        // The step is accepted: names are interned from here on.
        let (plugin, actionNumber) = known.map { ($0.plugin, $0.action) } ?? intern(name, bytes: action, &steps)
        let number = deviceNumber ?? intern(device: device!, &steps)
        steps.append(
            at: time, device: number, plugin: plugin, action: actionNumber, index: element.index,
            argsOffset: args?.offset)
        return (true, args?.value)
    }

    private mutating func time(_ text: JSONQuickString) -> TimePoint? {
        if let lastAt, text.hasBytes(lastAt.bytes) { return lastAt.time }
        guard let time = QuickStep.timePoint(text) else { return nil }
        lastAt = (text.byteArray, time)
        return time
    }

    private mutating func intern(
        _ name: String, bytes: JSONQuickString, _ steps: inout CompactSteps.Builder
    ) -> (Int32, Int32) {
        let parts = QualifiedName.split(name)!
        let numbers = (steps.intern(String(parts.plugin)), steps.intern(String(parts.name)))
        if actions.count < Self.remembered { actions.append((bytes.byteArray, numbers.0, numbers.1)) }
        return numbers
    }

    private mutating func intern(device: JSONQuickString, _ steps: inout CompactSteps.Builder) -> Int32 {
        let number = steps.intern(device.string)
        if devices.count < Self.remembered { devices.append((device.byteArray, number)) }
        return number
    }
}
