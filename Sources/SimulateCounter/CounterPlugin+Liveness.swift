import SimulateCore

extension CounterPlugin: LivenessDocumenting {
    public var livenessSummary: String {
        "once faults stop, every allocation on every device has ended, handed out or failed: none still waits for connectivity or retries (checked by swarm mode's liveness phase)"
    }
}
