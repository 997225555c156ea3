import SimulateCore
import SimulateJSON

/// The documented actions, invariants and observables, for `simulate list`, `simulate explain` and the schema.
enum IntentsDocs {
    static let intentNames: JSON = .array(IntentName.allCases.map { .string($0.rawValue) })

    static let actions: [EntryDoc] = [
        EntryDoc(
            "call", "Call an App Intent on the device with one JSON string; the answer is one JSON string",
            details: """
                `intent` is the intent's name and `input` the JSON text handed to it (a string, as `shortcuts run`
                passes it). An unknown intent name is not a load error: the intent answers unknownIntent, as the app
                would (with your own intents whose names are declared in intentNames, it is one). Intents and their inputs (every field checked; extra fields are refused):
                  createProject {"name": text, "id"?: id}          → {"project": {"id", "name"}}
                  addTask {"project": id, "title": text, "priority"?: 0…1000}
                                                                   → {"task": Task} (displayId from the counter)
                  listTasks {"project"?: id, "includeDone"?: bool}  → {"tasks": [Task]} by displayId, then id
                  completeTask {"task": id} or {"displayId": int}   → {"task": Task} (done: true)
                  deleteTask {"task": id} or {"displayId": int}     → {"deleted": {"id", "displayId"}}
                Task = {"id", "displayId" (int or null), "title", "done", "priority", "project" (id or null)};
                text: 1…500 characters (grapheme clusters), not blank; id: [A-Za-z][A-Za-z0-9_-]*.
                Success: {"ok": true, "intent": name, "result": {…}}. Error: {"ok": false, "intent": name,
                "error": {"code", "message", "path"? (JSON Pointer into the input), "line"?, "column"?}}.
                Codes: invalidJSON, invalidInput, unknownIntent, inputTooLarge (over maxInputBytes, 64 KiB by
                default), unknownProject, unknownTask, ambiguousTask, counterUnavailable, timeout, storeError.
                Checks run in this order: intent name, size, JSON syntax, duplicate keys, object, missing field,
                field types and values, extra fields, then the store. Every intent but addTask answers at once;
                addTask answers when its displayId allocation completes (counterUnavailable when it fails, e.g.
                offline with the counter's "offline": "fail"; timeout after the configured timeout). Projects and
                tasks are the model plugin's Project and Task on that device (local first, synced later). With
                "handler" naming your own intents, the call is your code's: started at once as a task of the device
                (even in the background), answered when it returns.
                """),
        EntryDoc(
            "fuzz", "Call intents with `count` seeded malformed inputs of every kind",
            details: """
                Draws from the device's own "intents" stream, so the inputs depend only on the seed and device.
                Kinds (and the code each must answer): notJSON and deepNesting (invalidJSON); notObject, wrongType,
                missingField, extraField, duplicateField, badValue (invalidInput); unknownProject; unknownTask;
                unknownIntent; tooLarge (inputTooLarge); hostileText (a valid createProject whose name holds
                quotes, backslashes, control characters and emoji: must succeed, escaped). Each call picks an
                intent (or `intent`) and a kind that applies to it. Check intents.jsonOut and intents.fuzzCodes.
                """),
    ]

    static let invariants: [EntryDoc] = [
        EntryDoc(
            "jsonOut", "Every response parses as strict JSON and has the documented shape for its intent and outcome",
            details: """
                Each answer is parsed with the strict RFC 8259 parser (no duplicate keys) and checked: exactly
                {"ok": true, "intent", "result"} with the intent's result shape, or {"ok": false, "intent", "error"}
                with a documented code that this intent can answer and a non-empty message. A call still unanswered
                at the end of the run is a violation too (unless allowPending), and so is a call the system
                cancelled at its time limit (systemTimeLimit, about 30 s on every platform but macOS:
                IntentCancellationReason.timeout): its caller got no JSON at all. Violations name the time, device,
                intent, input (truncated) and response. Expect it violated with "errors": "thrown" (empty output)
                or "encoding": "interpolation" (user text breaks the JSON). With "shape": "json" only strict JSON is
                asked for (your own intents with answers of their own); an intent of yours that throws leaves its
                caller's stdout empty and is reported with what it threw.
                """),
        EntryDoc(
            "fuzzCodes", "Every intents.fuzz input was answered with the error code its kind calls for",
            details:
                "notJSON must answer invalidJSON, wrongType invalidInput, tooLarge inputTooLarge, hostileText ok, …"),
        EntryDoc(
            "uniqueDisplayIds", "No displayId was answered twice, and at the end no device holds two tasks with one",
            details: """
                Across devices: every displayId addTask answered is distinct. At the end (after the sync that
                happened during the run) each device's store is searched for tasks sharing a displayId, e.g. after
                the counter's localMaxPlusOne allocator handed the same id to two devices. With your own intents
                ("handler"), every ok answer of any intent is read: the tasks in result.task and result.tasks
                with a displayId; one displayId answered for two different tasks (two ids, or tasks without an
                id) is a duplicate, a task answered again is not. The stores, which are your code's, are not
                searched.
                """),
    ]

    static let observables: [EntryDoc] = [
        EntryDoc(
            "lastResponse", "The parsed JSON of the device's last answer (null before any)",
            details: "The answer that arrived last (addTask answers when its displayId arrives). When it does not "
                + "parse, the raw text as a JSON string.", valueType: "object"),
        EntryDoc(
            "lastOutcome",
            "\"ok\", the error code of the device's last answer, or \"cancelled\" when the system cancelled it at its "
                + "time limit (null before any); for your own intents also \"thrown\" (it threw) and \"unreadable\" "
                + "(an answer without \"ok\", or false without an error code)", valueType: "string"
        ),
        EntryDoc(
            "responses", "Answers so far on the device (every device when device is omitted)", perDevice: false,
            valueType: "integer"),
        EntryDoc(
            "pending", "Calls waiting for their answer on the device (every device when omitted)", perDevice: false,
            valueType: "integer"),
        EntryDoc(
            "errorCodes",
            "How many answers of each error code the device gave: {\"invalidJSON\": 3, …} (your own intents' "
                + "\"thrown\" and \"unreadable\" answers too)",
            valueType: "object"),
        EntryDoc("displayIds", "displayIds of the device's successful addTask answers, in order", valueType: "array"),
    ]
}
