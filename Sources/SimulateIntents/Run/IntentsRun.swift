import SimulateCloudKit
import SimulateCore
import SimulateJSON
import SimulateModel

/// One run of the `intents` plugin: routes calls, records every answer, and checks each against its shape.
public final class IntentsRun: PluginRun {
    let configuration: IntentsConfiguration
    let context: SimulationContext
    let appIntents: AppComponentFactory<any AppIntentsComponent>?
    var router = IntentRouter(store: nil, counter: nil)
    /// The app's own intents, when the scenario selects them (`handler`).
    var appHandlers: AppIntentHandlers?
    var logs: [DeviceLog]
    var pending: [Int: PendingCall] = [:]
    var nextCall = 0
    var fuzzRandom: [SeededRandom]
    var shapeViolations = ViolationLog()
    /// The answers that were not strict JSON at all (`jsonOut` with `"shape": "json"`).
    var notJSONViolations = ViolationLog()
    var fuzzViolations = ViolationLog()
    /// Calls the system cancelled at its time limit: the caller got no JSON.
    var systemCancellations = ViolationLog()
    var fuzzed = 0
    var slowest = VirtualDuration.zero

    /// The app's own intents' declared names (`intentNames`), which an unaimed fuzz picks from.
    let appIntentNames: [String]?

    init(
        configuration: IntentsConfiguration, context: SimulationContext,
        appIntents: AppComponentFactory<any AppIntentsComponent>? = nil, appIntentNames: [String]? = nil
    ) {
        self.configuration = configuration
        self.context = context
        self.appIntents = appIntents
        self.appIntentNames = appIntentNames
        logs = Array(repeating: DeviceLog(), count: context.devices.count)
        fuzzRandom = context.devices.map { context.random(for: $0, component: "intents") }
    }

    public func start() {
        if let appIntents {
            appHandlers = AppIntentHandlers(factory: appIntents, context: context)
            return
        }
        router = IntentRouter(
            store: context.service((any ModelStoreService).self),
            counter: context.service((any DisplayIDAllocating).self))
    }

    public func perform(_ action: IntentsAction, device: Device?) {
        guard let device else { preconditionFailure("intents actions are declared to need a device") }
        switch action.kind {
        case .call(let intent, let input):
            call(intent, input: input, on: device)
        case .fuzz(let count, let intent, let kinds):
            fuzz(count: count, intent: intent, kinds: kinds, on: device)
        }
    }

    /// Routes one call; the answer is recorded when it arrives (at once, or after a displayId allocation).
    func call(_ intent: String, input: String, on device: Device, fuzz: FuzzCall? = nil) {
        let id = nextCall
        nextCall += 1
        pending[id] = PendingCall(
            device: device, intent: intent, input: input, calledAt: context.now,
            fuzzKind: fuzz?.judgesCode == false ? nil : fuzz?.kind,
            expectedCode: fuzz?.expectedCode)
        if let appHandlers {
            pending[id]?.cancelTask = appHandlers.start(intent, input: input, on: device) { [unowned self] in
                deliver(id, CallerOutput(app: $0, intent: intent, fields: configuration.answerFields))
            }
            return armSystemTimeLimit(id, on: device)
        }
        let answer: IntentRouter.Answer = { [unowned self] in respond(id, $0) }
        guard let name = IntentName(rawValue: intent) else {
            return answer(
                .failure(IntentError(.unknownIntent, "unknown intent \(excerpt(intent)) (intents: \(IntentName.list))"))
            )
        }
        let request = IntentInput.object(from: input, maxBytes: configuration.maxInputBytes).flatMap {
            IntentRequest.decode(name, $0)
        }
        switch request {
        case .failure(let error):
            answer(.failure(error))
        case .success(let request):
            if case .addTask = request, configuration.timeout > .zero {
                pending[id]?.timeout = context.scheduler.schedule(after: configuration.timeout) {
                    [unowned self] in
                    let seconds = DurationFormat.string(configuration.timeout)
                    respond(id, .failure(IntentError(.timeout, "no answer within \(seconds)")))
                }
            }
            router.perform(request, on: device, isWaiting: { [unowned self] in pending[id] != nil }, answer: answer)
            if pending[id] != nil { armSystemTimeLimit(id, on: device) }
        }
    }

    /// `IntentCancellationReason.timeout`: on every platform but macOS the system cancels an intent that
    /// is still running after about 30 s. Armed for the reference only when its own timeout would not
    /// answer first; always for the app's own intents, whose timeouts are their own.
    private func armSystemTimeLimit(_ id: Int, on device: Device) {
        let limit = configuration.systemTimeLimit
        guard device.platform != .macOS, limit > .zero,
            appHandlers != nil || configuration.timeout == .zero || configuration.timeout > limit
        else { return }
        // The app's answer at the limit itself wins, as the reference's own timeout at the limit does: the
        // cancellation comes after everything else at that instant.
        let after = appHandlers == nil ? limit : VirtualDuration.nanoseconds(limit.nanoseconds + 1)
        pending[id]?.systemLimit = context.scheduler.schedule(after: after) { [unowned self] in
            cancelBySystem(id)
        }
    }

    /// The system cancelled the call: no JSON reaches the caller, which `jsonOut` reports.
    private func cancelBySystem(_ id: Int) {
        guard let call = pending.removeValue(forKey: id) else { return }
        if let timeout = call.timeout { context.scheduler.cancel(timeout) }
        call.cancelTask?()
        let limit = DurationFormat.string(configuration.systemTimeLimit)
        logs[call.device.index].lastOutcome = "cancelled"
        logs[call.device.index].lastText = nil
        context.trace.instant(
            call.device.id, "intent", call.intent, "cancelled by the system after \(limit)", value: -2)
        systemCancellations.append(
            Violation(
                at: context.now, device: call.device.id,
                message: "\(call.intent) called at \(DurationFormat.secondsText(call.calledAt)) on \(call.device.id) "
                    + "(\(call.device.platform.rawValue)) was still running after the system's \(limit) limit: the "
                    + "system cancelled it (IntentCancellationReason.timeout) and the caller got no JSON",
                events: [traceLine(call, "intents.call \(call.intent) \(excerpt(call.input))")]))
    }

    /// The reference's intents get every kind; the app's own (an intent the reference does not have, or the
    /// declared names when the fuzz is not aimed) only kinds that need no knowledge of their fields.
    private func fuzz(count: Int, intent: String?, kinds: [FuzzKind], on device: Device) {
        var generator = MalformedInputs(random: fuzzRandom[device.index], maxInputBytes: configuration.maxInputBytes)
        let own =
            appHandlers == nil ? nil : intent.map { IntentName(rawValue: $0) == nil ? [$0] : nil } ?? appIntentNames
        let calls =
            own.map { generator.calls(count: count, ownIntents: $0, kinds: kinds) }
            ?? generator.calls(count: count, intent: intent.flatMap(IntentName.init), kinds: kinds)
        fuzzRandom[device.index] = generator.random
        for generated in calls {
            fuzzed += 1
            call(generated.intent, input: generated.input, on: device, fuzz: generated)
        }
    }

    private func respond(_ id: Int, _ outcome: Result<JSONObject, IntentError>) {
        guard let intent = pending[id]?.intent else { return }
        let response = IntentResponse(intent: intent, outcome: outcome)
        deliver(id, CallerOutput(reference: response, configuration: configuration))
    }

    /// The caller got `output`: recorded, traced and judged.
    private func deliver(_ id: Int, _ output: CallerOutput) {
        guard let call = pending.removeValue(forKey: id) else { return }
        if let timeout = call.timeout { context.scheduler.cancel(timeout) }
        if let limit = call.systemLimit { context.scheduler.cancel(limit) }
        let latency = context.now - call.calledAt
        slowest = max(slowest, latency)
        record(output, call: call)
        context.trace.instant(
            call.device.id, "intent", call.intent,
            "\(output.outcome) after \(DurationFormat.string(latency)) \(excerpt(output.text, limit: 200))",
            value: appHandlers == nil ? output.traceValue : Self.hashValue(of: output))
        checkShape(output, call: call)
        checkFuzzCode(output, call: call)
    }

    /// Your own intent's answer, whole, as the instant's hashed value: a run whose answers differ (a dictionary's
    /// order in an export) has another trace hash, so `--check-determinism` and replays see it. The reference's
    /// answers follow from the run and keep their documented code as the value.
    static func hashValue(of output: CallerOutput) -> Int64 {
        var hash = TraceHash()
        hash.combine(output.outcome)
        hash.combine(output.text)
        return Int64(bitPattern: hash.value)
    }

    private func record(_ output: CallerOutput, call: PendingCall) {
        var log = logs[call.device.index]
        log.responses += 1
        log.lastText = output.text
        log.lastOutcome = output.outcome
        if output.outcome != "ok" { log.codes[output.outcome, default: 0] += 1 }
        if appHandlers == nil {
            if let displayID = output.displayID { log.displayIDs.append((displayID, context.now, nil)) }
        } else {
            // Any intent's answer: a task answered again (a list, a completion) is not a new displayId.
            for task in output.tasks {
                if let id = task.id, log.answeredTasks[id, default: []].insert(task.displayID).inserted == false {
                    continue
                }
                log.displayIDs.append((task.displayID, context.now, task.id))
            }
        }
        logs[call.device.index] = log
    }

    private func checkShape(_ output: CallerOutput, call: PendingCall) {
        let read = output.read ?? ResponseShape.read(output.text)
        let problem: String
        switch read {
        case .failure(let notJSON):
            problem =
                output.thrown.map { "the intent threw \($0): the caller's stdout is empty" } ?? notJSON.description
            notJSONViolations.append(violation(problem, output: output, call: call))
        case .success(let root):
            guard let offShape = ResponseShape.problem(inResponse: root, intent: call.intent) else { return }
            problem =
                offShape
                + (appHandlers == nil
                    ? ""
                    : #" (the reference's documented shape; for answers of your own intents' shape, ask only for "#
                        + #"strict JSON: {"invariant": "intents.jsonOut", "args": {"shape": "json"}})"#)
        }
        shapeViolations.append(violation(problem, output: output, call: call))
    }

    private func violation(_ problem: String, output: CallerOutput, call: PendingCall) -> Violation {
        Violation(
            at: context.now, device: call.device.id,
            message: "\(call.intent) with input \(excerpt(call.input)) answered \(excerpt(output.text)): \(problem)",
            events: [traceLine(call, "intents.call \(excerpt(call.intent)) \(excerpt(call.input))")])
    }

    private func checkFuzzCode(_ output: CallerOutput, call: PendingCall) {
        guard let kind = call.fuzzKind else { return }
        let expected = call.expectedCode?.rawValue ?? "ok"
        guard output.outcome != expected else { return }
        fuzzViolations.append(
            Violation(
                at: context.now, device: call.device.id,
                message: "fuzz input of kind \(kind.rawValue) to \(excerpt(call.intent)) answered "
                    + "\(output.outcome), expected \(expected); input \(excerpt(call.input))"
            ))
    }

    func traceLine(_ call: PendingCall, _ text: String) -> String {
        DurationFormat.secondsText(call.calledAt) + " " + call.device.id + " " + text
    }
}
