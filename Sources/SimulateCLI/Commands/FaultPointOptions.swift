import ArgumentParser
import SimulateCore

/// `--fault-points on|off` and `--fault-point NAME=off|force`: the command line's say over the app's
/// fault points (`SimulationFault.maybe`), over the scenario's `"faultPoints"`.
struct FaultPointOptions: ParsableArguments {
    @Option(
        name: .customLong("fault-points"),
        help: ArgumentHelp(
            "The app's fault points: on (seeded, as the scenario says) or off (all inert).", valueName: "on|off"))
    var mode: String?

    @Option(
        name: .customLong("fault-point"),
        help: ArgumentHelp(
            "Turn one fault point off or make it fire at every call (repeatable).", valueName: "NAME=off|force"))
    var points: [String] = []

    func validate() throws {
        if let mode, mode != "on", mode != "off" {
            throw ValidationError("--fault-points expects on or off, found \"\(mode)\"")
        }
        for point in points { _ = try Self.parse(point) }
    }

    /// The scenario with the command line's fault-point settings applied (and noted for its replay command).
    func apply(to scenario: inout Scenario) {
        if let mode {
            scenario.faultPoints.enabled = mode == "on"
            scenario.replayArguments += ["--fault-points", mode]
        }
        scenario.replayArguments += points.flatMap { ["--fault-point", $0] }
        for point in points {
            guard let (name, force) = try? Self.parse(point) else { continue }
            scenario.faultPoints.off.removeAll { $0 == name }
            scenario.faultPoints.forced.removeAll { $0 == name }
            if force { scenario.faultPoints.forced.append(name) } else { scenario.faultPoints.off.append(name) }
        }
    }

    private static func parse(_ text: String) throws -> (String, Bool) {
        guard let equals = text.lastIndex(of: "="), equals != text.startIndex else {
            throw ValidationError("--fault-point expects NAME=off or NAME=force, found \"\(text)\"")
        }
        let name = String(text[..<equals])
        switch text[text.index(after: equals)...] {
        case "off": return (name, false)
        case "force": return (name, true)
        default: throw ValidationError("--fault-point expects NAME=off or NAME=force, found \"\(text)\"")
        }
    }
}
