import SimulateCore

extension IntentsPlugin: LivenessDocumenting {
    public var livenessSummary: String {
        "once faults stop, every intent call has been answered (checked by swarm mode's liveness phase)"
    }
}
