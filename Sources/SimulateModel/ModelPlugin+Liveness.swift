import SimulateCore

extension ModelPlugin: LivenessDocumenting {
    public var livenessSummary: String {
        "once faults stop, every device has converged: it holds exactly the server's objects, values and links, with nothing left to export (checked by swarm mode's liveness phase)"
    }
}
