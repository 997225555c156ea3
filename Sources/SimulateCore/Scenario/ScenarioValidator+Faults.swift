import SimulateJSON

/// Checks of `faults`: times inside the run, devices, plugins and servers that exist.
extension ScenarioValidator {
    func checkFaults(_ scenario: Scenario, enabled: Set<String>, _ diagnostics: Diagnostics) {
        let deviceIDs = Set(scenario.devices.map(\.id))
        for fault in scenario.faults {
            checkTime(fault.at, scenario, at: fault.path / "at", diagnostics)
            for (index, id) in (fault.devices ?? []).enumerated() where !deviceIDs.contains(id) {
                let path =
                    fault.devices?.count == 1 && !isList(fault.path, scenario)
                    ? fault.path / "device" : fault.path / "devices" / index
                diagnostics.error(unknownDevice(id, scenario), at: path)
            }
            if fault.kind == .serverRestart, let plugin = fault.plugin, !enabled.contains(plugin) {
                diagnostics.error("plugin \"\(plugin)\" is not enabled in plugins", at: fault.path / "plugin")
            }
            if fault.kind == .serverError, let server = fault.server, let error = fault.error {
                checkServerError(server, error, fault, scenario, diagnostics)
            }
        }
    }

    /// A `serverError` names a server an enabled plugin runs, and an error that server documents.
    private func checkServerError(
        _ server: String, _ error: String, _ fault: FaultSpec, _ scenario: Scenario, _ diagnostics: Diagnostics
    ) {
        let documented = scenario.plugins.compactMap { registry.plugin(named: $0.name) }.flatMap(\.serverErrors)
        let errors = documented.filter { $0.server == server }.map(\.error)
        guard !errors.isEmpty else {
            let servers = Array(Set(documented.map(\.server))).sorted()
            diagnostics.error(
                "no enabled plugin runs a server \"\(server)\" with schedulable errors"
                    + (servers.isEmpty ? "" : " (servers: \(servers.joined(separator: ", ")))"),
                at: fault.path / "server")
            return
        }
        if !errors.contains(error) {
            diagnostics.error(
                "unknown error \"\(error)\" for server \"\(server)\" (expected one of: "
                    + "\(Array(Set(errors)).sorted().joined(separator: ", ")))",
                at: fault.path / "error")
        }
    }

    private func isList(_ path: JSONPath, _ scenario: Scenario) -> Bool {
        guard let document = scenario.document else { return false }
        return document.location(of: path / "devices") != nil
    }
}
