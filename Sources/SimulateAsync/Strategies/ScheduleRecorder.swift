import SimulateCore

/// Feeds a run's ``ScheduleRecording``: each choice as a deviation from the oldest-first order, and
/// which task ran before which, tasks numbered in the order the run first met them.
@available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
final class ScheduleRecorder {
    private let recording: ScheduleRecording
    private let identities: TaskIdentities

    init(_ recording: ScheduleRecording, identities: TaskIdentities) {
        self.recording = recording
        self.identities = identities
    }

    func record(_ ready: [SimulationExecutor.ReadyJob], picked: Int, choice: Int) {
        recording.choose(step: choice, skipped: ready.rank(of: picked))
        let winner = identities.task(of: ready[picked])
        for (index, job) in ready.enumerated() where index != picked {
            recording.ran(winner, before: identities.task(of: job))
        }
    }
}
