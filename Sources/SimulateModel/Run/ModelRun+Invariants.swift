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
            .omitted(
                violations.count - Self.violationLimit, at: context.now,
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
            let savedAt: String = DurationFormat.secondsText(lost.savedTime)
            let message: String =
                "\(lost.entity) \"\(record)\".\(lost.field): \(JSONWriter.string(lost.lostValue)) "
                + "(\(Self.origin(lost.lostDevice, lost.lostEditTime))) was "
                + "overwritten by \(JSONWriter.string(lost.winningValue)) "
                + "(\(Self.origin(lost.winningDevice, lost.winningEditTime))) under \(policy)"
            // A side saved without a local edit (an upload again after a zone reset) has no edit to list.
            let edits: [(String, VirtualInstant?, JSON)] = [
                (lost.lostDevice, lost.lostEditTime, lost.lostValue),
                (lost.winningDevice, lost.winningEditTime, lost.winningValue),
            ]
            let updates: [String] = edits.compactMap { device, time, value in
                time.map {
                    "\(DurationFormat.secondsText($0)) \(device) model.update "
                        + "\(lost.recordName) \(lost.field) = \(JSONWriter.string(value))"
                }
            }
            return Violation(
                at: lost.savedTime, device: lost.winningDevice, message: message,
                events: updates + ["\(savedAt) server:cloudkit modify \(lost.recordName) from \(lost.winningDevice)"])
        }
    }

    /// "phone, edited at 20.000s", or how a save without a local edit came about.
    private static func origin(_ device: String, _ editTime: VirtualInstant?) -> String {
        guard let editTime else { return "\(device), saved without a local edit" }
        return "\(device), edited at \(DurationFormat.secondsText(editTime))"
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
