import SimulateJSON

extension ScenarioDecoder {
    /// Decodes the steps one element at a time, each parsed, checked, kept as a compact record, and dropped.
    /// A step in the shape generated files repeat (`QuickStep`) is read straight from its members;
    /// any other goes through `decodeStep`, which reports every problem.
    func decodeSteps(_ stream: JSONArrayStream) throws -> CompactSteps {
        var steps = CompactSteps.Builder(arguments: stream)
        var reader = QuickStepReader()
        let duplicates = try stream.forEach(quick: { element in
            let (added, arguments) = reader.read(element, into: &steps)
            if let arguments { decodedArguments?.decode(arguments, ofLastStepIn: steps) }
            return added
        }) { element in
            if let quick = QuickStep(element.value) {
                let argsOffset = quick.hasArguments ? element.member("args")?.offset : nil
                steps.append(quick, index: element.index, argsOffset: argsOffset)
                if let arguments = quick.arguments { decodedArguments?.decode(arguments, ofLastStepIn: steps) }
                return
            }
            guard let step = decodeStep(element.value, at: stream.path / element.index) else { return }
            let arguments = element.value.objectValue?["args"]
            steps.append(
                step, index: element.index, argsOffset: arguments != nil ? element.member("args")?.offset : nil)
            if let arguments { decodedArguments?.decode(arguments, ofLastStepIn: steps) }
        }
        for duplicate in duplicates {
            diagnostics.append(
                ScenarioDiagnostic(
                    kind: .scenario, path: duplicate.path, location: duplicate.location,
                    message: "duplicate key \"\(duplicate.key)\""))
        }
        return steps.build()
    }
}

/// A step that `decodeStep` would accept without a word, read without its general machinery: members
/// `at` (a duration string or `"end"`), `device` (a valid id), `do` (`<plugin>.<action>`) and `args`
/// (any value: the plugin checks it), each at most once, nothing else. Nil for any other step.
struct QuickStep {
    var at: TimePoint
    var device: String?
    var action: String
    /// The `args` member's value.
    var arguments: JSON?
    var hasArguments: Bool { arguments != nil }

    init?(_ value: JSON) {
        guard case .object(let object) = value, object.count <= 4 else { return nil }
        var at: TimePoint?
        var device: String?
        var action: String?
        var arguments: JSON?
        for (key, member) in object.members {
            switch key.utf8.count {
            case 2 where key.hasSameCodeUnits(as: "at"):
                guard at == nil, case .string(let text) = member, let time = Self.timePoint(text) else { return nil }
                at = time
            case 2 where key.hasSameCodeUnits(as: "do"):
                guard action == nil, case .string(let name) = member, QualifiedName.isValid(name) else { return nil }
                action = name
            case 6 where key.hasSameCodeUnits(as: "device"):
                guard device == nil, case .string(let id) = member, Identifier.isValid(id) else { return nil }
                device = id
            case 4 where key.hasSameCodeUnits(as: "args"):
                guard arguments == nil else { return nil }
                arguments = member
            default:
                return nil
            }
        }
        guard let at, let action else { return nil }
        self.at = at
        self.device = device
        self.action = action
        self.arguments = arguments
    }

    /// As `ObjectReader.timePoint` reads a string, when it reads it without an error.
    private static func timePoint(_ text: String) -> TimePoint? {
        if text.hasSameCodeUnits(as: "end") { return .end }
        guard case .nanoseconds(let nanoseconds) = DurationFormat.parseChecked(text), nanoseconds >= 0,
            nanoseconds <= DurationValue.maximum.nanoseconds
        else { return nil }
        return .at(.start + .nanoseconds(nanoseconds))
    }

    private static let end = Array("end".utf8)

    /// `timePoint` of a string in json-c's tree.
    static func timePoint(_ text: JSONQuickString) -> TimePoint? {
        if text.hasBytes(end) { return .end }
        guard case .nanoseconds(let nanoseconds) = text.withBytes({ DurationFormat.parse(bytes: $0) }),
            nanoseconds >= 0, nanoseconds <= DurationValue.maximum.nanoseconds
        else { return nil }
        return .at(.start + .nanoseconds(nanoseconds))
    }
}
