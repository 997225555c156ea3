import SimulateCore

/// An app's own App Intents with JSON in and JSON out, run by the `intents` plugin in place of the
/// reference intents when a scenario says `"plugins": {"intents": {"handler": "<name>"}}`.
///
/// Seed 000's intents take one `String` parameter holding JSON (`@Parameter(title: "Input") var input:
/// String`, as `shortcuts run` passes it) and return one `String` holding JSON (`ReturnsValue<String>`);
/// errors are encoded in that string, never thrown. Each `intents.call` step calls ``perform(intent:input:)``
/// as a task of the device, at once, even while the app is in the background (the system launches the app
/// to run an intent). Calls do not wait for each other. On iOS, iPadOS, watchOS, tvOS and visionOS the
/// system cancels a call still running after `systemTimeLimit` (Swift task cancellation) and the caller
/// gets no output. The plugin judges what the caller gets: `intents.jsonOut` (strict JSON; with its
/// default `"shape": "documented"`, the documented envelope and results), `intents.fuzzCodes` and
/// `intents.uniqueDisplayIds` (one displayId answered for two tasks, in any intent's `result.task` or
/// `result.tasks`).
public protocol AppIntentsComponent: AnyObject {
    /// What the intent named `intent` returns for the JSON text `input`. A thrown error is what a
    /// `perform()` that throws gives the caller: nothing on stdout, which `intents.jsonOut` reports.
    func perform(intent: String, input: String) async throws -> String
}
