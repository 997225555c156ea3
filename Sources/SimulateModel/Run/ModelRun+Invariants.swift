import SimulateCore
import SimulateJSON

extension ModelRun {
    /// Reports listed per invariant at most; one more line says how many were left out.
    static let violationLimit = 50

    public func evaluate(_ invariant: ModelInvariant) -> [Violation] {
        let violations: [Violation]
        switch invariant {
        case .schema: violations = schemaViolations()
        case .converged: violations = ConvergenceCheck(run: self).violations()
        case .relationships: violations = ReferenceCheck(run: self).violations()
        case .noLostUpdates: violations = lostUpdateViolations()
        case .uniqueness(let arguments):
            violations = UniquenessCheck(run: self, keys: uniqueKeys(arguments.keys)).violations()
        }
        guard violations.count > Self.violationLimit else { return violations }
        var kept = Array(violations.prefix(Self.violationLimit))
        kept.append(
            Violation(
                at: context.now,
                message: "… and \(violations.count - Self.violationLimit) more violations of model.\(invariant.name)"))
        return kept
    }

    private func schemaViolations() -> [Violation] {
        var violations = schemaGroups.map { group in
            Violation(
                at: .start, message: group.text,
                events: ["Error Domain=NSCocoaErrorDomain Code=134060 \"A Core Data error occurred.\""])
        }
        if let outside = ConfigurationCheck.violation(configuration) { violations.append(outside) }
        if !migrationChanges.isEmpty {
            let lines = migrationChanges.map {
                "\($0.line) (version \($0.version), after deployed \($0.deployedVersion))"
            }
            violations.append(
                Violation(at: .start, message: ([MigrationValidator.header] + lines).joined(separator: "\n")))
        }
        return violations
    }

    private func lostUpdateViolations() -> [Violation] {
        guard let ledger = shared?.ledger else { return [] }
        let policy = configuration.conflictPolicy.rawValue
        let names = stores.first?.names ?? NameTable()
        return ledger.lost.map { lost in
            let record = names.handle(recordName: lost.recordName)
            let lostAt: String = DurationFormat.secondsText(lost.lostEditTime)
            let winningAt: String = DurationFormat.secondsText(lost.winningEditTime)
            let savedAt: String = DurationFormat.secondsText(lost.savedTime)
            let message: String =
                "\(lost.entity) \"\(record)\".\(lost.field): \(JSONWriter.string(lost.lostValue)) "
                + "(\(lost.lostDevice), edited at \(lostAt)) was "
                + "overwritten by \(JSONWriter.string(lost.winningValue)) (\(lost.winningDevice), edited at "
                + "\(winningAt)) under \(policy)"
            return Violation(
                at: lost.savedTime, device: lost.winningDevice, message: message,
                events: [
                    "\(lostAt) \(lost.lostDevice) model.update "
                        + "\(lost.recordName) \(lost.field) = \(JSONWriter.string(lost.lostValue))",
                    "\(winningAt) \(lost.winningDevice) model.update "
                        + "\(lost.recordName) \(lost.field) = \(JSONWriter.string(lost.winningValue))",
                    "\(savedAt) server:cloudkit modify \(lost.recordName) from \(lost.winningDevice)",
                ])
        }
    }

    /// The scenario's logical keys, `@Attribute(.unique)` attributes, and keys given as invariant args.
    private func uniqueKeys(_ extra: [ModelConfiguration.UniqueKey]) -> [ModelConfiguration.UniqueKey] {
        var keys = configuration.uniqueKeys
        for entity in layout.entities {
            for attribute in entity.attributes where attribute.isUnique {
                keys.append(ModelConfiguration.UniqueKey(entity: entity.name, attributes: [attribute.name]))
            }
        }
        return keys + extra
    }
}
