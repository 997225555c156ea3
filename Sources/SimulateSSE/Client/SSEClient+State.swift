import SimulateCore
import SimulateJSON

extension SSEClient {
    /// Seed 002: replaces the whole model with the event's items, no diffing, no merge; optimistic
    /// edits are gone. The reference client configured to merge keeps what the event does not hold.
    /// An app client's screen is recorded as it is (`update: .replace`): the configuration is the
    /// reference's, never the app's.
    func applyFullState(_ items: [PunchItem], version: Int, update: StateUpdate) {
        let previous = displayedVersion
        noteReverts(byVersion: version)
        switch update {
        case .replace: model = items
        case .merge: merge(items)
        }
        world.mutations.release(pendingOptimistic)
        pendingOptimistic.removeAll()
        noteApplied(version: version)
        world.trace.instant(
            device.id, "state", "full state", "v\(version), \(items.count) item\(items.count == 1 ? "" : "s")",
            value: Int64(version))
        checkAgainstServer(version: version, previous: previous)
    }

    /// The diffing client seed 002 rules out: items are updated in place by id, new ones appended,
    /// and items the event does not hold (deleted elsewhere, optimistic) stay on screen.
    private func merge(_ items: [PunchItem]) {
        var position: [String: Int] = [:]
        for (index, item) in model.enumerated() { position[item.id] = index }
        for item in items {
            if let index = position[item.id] {
                model[index] = item
            } else {
                position[item.id] = model.count
                model.append(item)
            }
        }
    }

    func malformedEvent(_ event: ServerSentEvent) {
        world.trace.instant(device.id, "state", "malformed event", String(event.data.prefix(60)))
        let line = traceLine("malformed event, data " + JSONQuote.short(event.data))
        world.noteFullStateViolation(
            Violation(
                at: now, device: device.id,
                message: "\(device.id) received an event whose data is not an item array", events: [line]))
    }

    /// fullState: the model now equals, item for item, the state the server sent as this version,
    /// and no older state replaces a newer one.
    private func checkAgainstServer(version: Int, previous: Int) {
        // A version older than the server keeps (ServerLog.keptVersions) cannot be compared item for item.
        if !world.server.log.isForgotten(version) {
            guard let record = world.server.log.version(version) else {
                world.noteFullStateViolation(
                    Violation(
                        at: now, device: device.id,
                        message:
                            "\(device.id) applied an event with id \"\(version)\", which is no server state version",
                        events: [traceLine("full state v\(version)")]))
                return
            }
            if PunchWire.digest(model) != record.digest {
                world.noteFullStateViolation(
                    Violation(
                        at: now, device: device.id,
                        message:
                            "\(device.id) shows \(StateInvariants.describe(model)) after applying version \(version), "
                            + "which is not the server's version \(version) (\(record.count) items)",
                        events: [
                            TraceRecord(
                                time: record.time, track: SSEServer.track,
                                category: "",
                                name: "state v\(version), \(record.count) items"
                            ).line,
                            traceLine("full state v\(version), \(model.count) items"),
                        ]))
            }
        }
        if version < previous {
            world.noteFullStateViolation(
                Violation(
                    at: now, device: device.id,
                    message: "\(device.id) replaced version \(previous) with the older version \(version)",
                    events: [traceLine("full state v\(version) after v\(previous)")]))
        }
    }

    /// Optimistic edits still on screen that this event does not contain yet: the screen goes back.
    private func noteReverts(byVersion version: Int) {
        for serial in pendingOptimistic {
            let appliedAt = world.mutations.receipt(serial)?.version ?? Int.max
            if appliedAt > version {
                world.mutations.reverted(
                    RevertCandidate(device: device.id, time: now, serial: serial, eventVersion: version))
            }
        }
    }

    func traceLine(_ text: String) -> String {
        TraceRecord(time: now, track: device.id, category: "", name: text).line
    }

    var itemsJSON: JSON {
        .array(model.map { ["text": .string($0.text), "done": .bool($0.done)] })
    }
}

enum JSONQuote {
    /// A JSON string literal of at most about 60 characters of `text`.
    static func short(_ text: String) -> String {
        JSONWriter.escape(text.count > 60 ? String(text.prefix(57)) + "…" : text)
    }
}
