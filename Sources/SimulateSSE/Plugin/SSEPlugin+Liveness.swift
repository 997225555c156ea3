import SimulateCore

extension SSEPlugin: LivenessDocumenting {
    public var livenessSummary: String {
        "once faults stop, every client has reconnected (its stream is open) and shows exactly the server's list (its stream is fresh) (checked by swarm mode's liveness phase)"
    }
}
