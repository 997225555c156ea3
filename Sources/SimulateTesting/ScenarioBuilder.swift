import SimulateCore
import SimulateJSON

/// Builds a scenario in Swift, with the same fields as a scenario file and the same validation.
///
/// ```swift
/// let scenario = try ScenarioBuilder("offline add is lost", duration: .seconds(60))
///     .device("phone")
///     .plugin("sse")
///     .fault(.offline, at: .seconds(10), for: .seconds(20), devices: ["phone"])
///     .step(at: .seconds(12), device: "phone", do: "sse.add", args: ["text": "milk"])
///     .expect(invariant: "sse.backoff")
///     .expect(check: "sse.offlineIndicator", at: .seconds(25), device: "phone", equals: true)
///     .build()
/// ```
public struct ScenarioBuilder: Sendable {
    /// The scenario built so far.
    public private(set) var scenario: Scenario
    /// Where each part was added, so a problem is reported at the builder call that caused it.
    public private(set) var callSites: [(path: JSONPath, site: BuilderCallSite)] = []

    /// A scenario named `name` that lasts `duration` of virtual time, with no devices, plugins or steps yet.
    public init(
        _ name: String, duration: Duration, seed: UInt64 = 0, description: String? = nil, pinSeed: Bool = false,
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
    ) {
        scenario = Scenario(
            name: name, description: description, seed: seed, duration: duration.virtual,
            devices: [], plugins: [], pinsSeed: pinSeed)
        callSites = [(.root, BuilderCallSite(fileID: fileID, filePath: filePath, line: line, column: column))]
    }

    /// Adds a device (`devices`): its id, platform, clock skew and whether it runs in Simulator.
    public func device(
        _ id: String, platform: Platform = .iOS, clockSkew: Duration = .zero, simulator: Bool = false,
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
    ) -> Self {
        with(
            .root / "devices" / scenario.devices.count,
            BuilderCallSite(fileID: fileID, filePath: filePath, line: line, column: column)
        ) {
            $0.devices.append(
                DeviceSpec(
                    id: id, platform: platform, clockSkew: clockSkew.virtual, simulator: simulator))
        }
    }

    /// Enables a plugin; `configuration` is the object a file would give under `plugins`.
    public func plugin(
        _ name: String, _ configuration: JSON = [:], fileID: String = #fileID, filePath: String = #filePath,
        line: Int = #line, column: Int = #column
    ) -> Self {
        with(.root / "plugins" / name, BuilderCallSite(fileID: fileID, filePath: filePath, line: line, column: column))
        {
            $0.plugins.append(PluginSpec(name: name, configuration: configuration, path: .root / "plugins" / name))
        }
    }

    /// Default link conditions: a latency range (seeded uniform) and a loss probability.
    public func network(
        latency: ClosedRange<Duration>, loss: Double = 0, fileID: String = #fileID, filePath: String = #filePath,
        line: Int = #line, column: Int = #column
    ) -> Self {
        with(.root / "network", BuilderCallSite(fileID: fileID, filePath: filePath, line: line, column: column)) {
            $0.network.latency = LatencyRange(
                minimum: latency.lowerBound.virtual, maximum: latency.upperBound.virtual)
            $0.network.loss = loss
        }
    }

    /// Sets the default conditions of every link: a fixed latency and a loss chance.
    public func network(
        latency: Duration, loss: Double = 0, fileID: String = #fileID, filePath: String = #filePath, line: Int = #line,
        column: Int = #column
    ) -> Self {
        network(latency: latency...latency, loss: loss, fileID: fileID, filePath: filePath, line: line, column: column)
    }

    /// A network fault; `for: nil` lasts until the end, `devices: nil` affects every device.
    /// `every` and `count` repeat it; `latency`, `loss`, `plugin`, `server` and `error` are for the kinds that take them.
    public func fault(
        _ kind: FaultKind, at: Duration, for length: Duration? = nil, devices: [String]? = nil,
        every: Duration? = nil, count: Int = 1, latency: ClosedRange<Duration>? = nil, loss: Double? = nil,
        plugin: String? = nil, server: String? = nil, error: String? = nil, fileID: String = #fileID,
        filePath: String = #filePath, line: Int = #line, column: Int = #column
    ) -> Self {
        with(
            .root / "faults" / scenario.faults.count,
            BuilderCallSite(fileID: fileID, filePath: filePath, line: line, column: column)
        ) {
            $0.faults.append(
                FaultSpec(
                    at: .at(.start + at.virtual), for: length?.virtual, devices: devices, kind: kind,
                    latency: latency.map {
                        LatencyRange(
                            minimum: $0.lowerBound.virtual, maximum: $0.upperBound.virtual)
                    },
                    loss: loss, plugin: plugin, server: server, error: error, repeat: Self.repetition(every, count),
                    path: .root / "faults" / $0.faults.count))
        }
    }

    /// A timed action, `do` as in a file: `"sse.add"`. `every` and `count` repeat it.
    public func step(
        at: Duration, device: String? = nil, do action: String, args: JSON = [:], every: Duration? = nil,
        count: Int = 1, fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
    ) -> Self {
        with(
            .root / "steps" / scenario.steps.count,
            BuilderCallSite(fileID: fileID, filePath: filePath, line: line, column: column)
        ) {
            $0.steps.append(
                StepSpec(
                    at: .at(.start + at.virtual), device: device, do: action, args: args,
                    repeat: Self.repetition(every, count), path: .root / "steps" / $0.steps.count))
        }
    }

    /// An invariant that must hold over the whole run (or, with `violated: true`, must be violated).
    /// `sweep: .some`: under a seed sweep, met with at least one seed (judged over the sweep).
    public func expect(
        invariant name: String, args: JSON = [:], violated: Bool = false, sweep: SweepRule = .every,
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
    ) -> Self {
        expecting(
            ExpectationSpec.invariant(name, args: args, violated: violated, sweep: sweep),
            BuilderCallSite(fileID: fileID, filePath: filePath, line: line, column: column))
    }

    /// A point check of one observable; `at: nil` reads it at the end of the run.
    public func expect(
        check name: String, at: Duration? = nil, device: String? = nil, args: JSON = [:], equals expected: JSON,
        sweep: SweepRule = .every, fileID: String = #fileID, filePath: String = #filePath, line: Int = #line,
        column: Int = #column
    ) -> Self {
        let time: TimePoint = at.map { .at(.start + $0.virtual) } ?? .end
        return expecting(
            ExpectationSpec.check(name, at: time, device: device, args: args, equals: expected, sweep: sweep),
            BuilderCallSite(fileID: fileID, filePath: filePath, line: line, column: column))
    }

    /// The scenario, validated like a file: throws every problem found, each with its JSON path and
    /// located at the builder call that added the part at fault (`MyTests.swift:42:14: /steps/1/device: …`).
    public func build(plugins: [any SimulationPlugin] = []) throws(ScenarioError) -> Scenario {
        do {
            try SimulationRunner(registry: ScenarioHarness(plugins: plugins).registry).validate(scenario)
        } catch {
            throw ScenarioError(file: scenario.file, diagnostics: error.diagnostics.map(locate))
        }
        return scenario
    }

    /// The scenario as a scenario file (JSON text): run it with `simulate run FILE`.
    public var jsonText: String { scenario.jsonText }

    /// The builder call that added the part of the scenario at `path` (the nearest enclosing one).
    public func callSite(for path: JSONPath) -> BuilderCallSite? {
        var best: (depth: Int, site: BuilderCallSite)?
        for (prefix, site) in callSites where path.components.starts(with: prefix.components) {
            if prefix.components.count >= (best?.depth ?? -1) { best = (prefix.components.count, site) }
        }
        return best?.site
    }

    private func locate(_ diagnostic: ScenarioDiagnostic) -> ScenarioDiagnostic {
        guard let site = callSite(for: diagnostic.path) else { return diagnostic }
        var located = diagnostic
        located.file = site.filePath
        located.location = SimulateJSON.SourceLocation(line: site.line, column: site.column)
        return located
    }

    private func expecting(_ expectation: ExpectationSpec, _ site: BuilderCallSite) -> Self {
        with(.root / "expect" / (scenario.expectations?.count ?? 0), site) {
            var expectation = expectation
            expectation.path = .root / "expect" / ($0.expectations?.count ?? 0)
            $0.expectations = ($0.expectations ?? []) + [expectation]
        }
    }

    private func with(_ path: JSONPath, _ site: BuilderCallSite, _ change: (inout Scenario) -> Void) -> Self {
        var copy = self
        change(&copy.scenario)
        copy.callSites.append((path, site))
        return copy
    }

    private static func repetition(_ every: Duration?, _ count: Int) -> Repeat? {
        guard let every, count > 1 else { return nil }
        return Repeat(every: every.virtual, count: count)
    }
}

/// Where a builder method was called: `MyTests.swift:42:14`.
public struct BuilderCallSite: Sendable, Equatable, CustomStringConvertible {
    /// `#fileID` of the call.
    public var fileID: String
    /// `#filePath` of the call.
    public var filePath: String
    /// `#line` of the call.
    public var line: Int
    /// `#column` of the call.
    public var column: Int

    /// `path:line:column`.
    public var description: String { "\(filePath):\(line):\(column)" }
}

extension Duration {
    /// The same span of virtual time, in whole nanoseconds rounded toward zero.
    var virtual: VirtualDuration { VirtualDuration(self) }
}
