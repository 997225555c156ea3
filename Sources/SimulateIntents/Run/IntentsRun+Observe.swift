import SimulateCore
import SimulateJSON
import SimulateModel

extension IntentsRun {
    public func observe(_ observable: IntentsObservable, device: Device?) -> JSON {
        guard let device else { return total(observable) }
        let log = logs[device.index]
        switch observable {
        case .lastResponse:
            guard let text = log.lastText else { return .null }
            return (try? JSONParser.parse(text).root) ?? .string(text)
        case .lastOutcome: return log.lastOutcome.map(JSON.string) ?? .null
        case .responses: return JSON(log.responses)
        case .pending: return JSON(pending.values.count { $0.device === device })
        case .errorCodes:
            return .object(JSONObject(log.codes.sorted { $0.key < $1.key }.map { ($0.key, JSON($0.value)) }))
        case .displayIds: return .array(log.displayIDs.map { .integer($0.id) })
        }
    }

    /// Without a device: the sum over every device, for the counting observables.
    private func total(_ observable: IntentsObservable) -> JSON {
        switch observable {
        case .responses: JSON(logs.reduce(0) { $0 + $1.responses })
        case .pending: JSON(pending.count)
        default: .null
        }
    }

    public func statistics() -> JSON? {
        var errors: [String: Int] = [:]
        for log in logs {
            for (code, count) in log.codes { errors[code, default: 0] += count }
        }
        let answered = logs.reduce(0) { $0 + $1.responses }
        return [
            "calls": JSON(nextCall), "answered": JSON(answered), "ok": JSON(answered - errors.values.reduce(0, +)),
            "errors": .object(JSONObject(errors.sorted { $0.key < $1.key }.map { ($0.key, JSON($0.value)) })),
            "pending": JSON(pending.count), "fuzzed": JSON(fuzzed),
            "slowestSeconds": JSON(DurationFormat.seconds(slowest)),
        ]
    }
}
