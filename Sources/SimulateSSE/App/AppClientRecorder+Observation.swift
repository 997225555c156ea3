import SimulateCore

#if canImport(Observation)
    import Observation
#endif

/// How the recorder learns that the app's component changed: one Observation registration per
/// property, so a change is known by property, registered again after each poll.
extension AppClientRecorder {
    func track(_ component: any PunchlistClientComponent) {
        #if canImport(Observation)
            if #available(macOS 14, iOS 17, tvOS 17, watchOS 10, visionOS 1, *) {
                // One registration per property, so a change is known by property (a registration
                // fires once: `retrack` registers again the ones that fired).
                if !trackedConnected {
                    trackedConnected = true
                    let trigger = PollTrigger(self, generation, .connected)
                    withObservationTracking {
                        _ = component.isConnected
                    } onChange: {
                        trigger.fire()
                    }
                }
                if !trackedIndicator {
                    trackedIndicator = true
                    let trigger = PollTrigger(self, generation, .indicator)
                    withObservationTracking {
                        _ = component.showsOfflineIndicator
                    } onChange: {
                        trigger.fire()
                    }
                }
                if !trackedItems {
                    trackedItems = true
                    let trigger = PollTrigger(self, generation, .items)
                    withObservationTracking {
                        _ = component.shownItems
                    } onChange: {
                        trigger.fire()
                    }
                }
            }
        #endif
    }

    /// Observation's change handler is `@Sendable`; it runs on the simulation's thread, in the job
    /// that changed the component.
    private final class PollTrigger: @unchecked Sendable {
        enum Property { case connected, indicator, items }
        weak var recorder: AppClientRecorder?
        let generation: Int
        let property: Property
        init(_ recorder: AppClientRecorder, _ generation: Int, _ property: Property) {
            self.recorder = recorder
            self.generation = generation
            self.property = property
        }
        func fire() {
            guard let recorder, recorder.generation == generation else { return }
            recorder.willChange(property)
            recorder.schedulePoll()
            recorder.retrack()
        }
    }

    private func willChange(_ property: PollTrigger.Property) {
        switch property {
        case .connected:
            trackedConnected = false
            connectedWillChange = true
        case .indicator:
            trackedIndicator = false
            indicatorWillChange = true
        case .items:
            trackedItems = false
        }
    }

    /// Tracking fires once per registration: register again after the poll reads the new values.
    func retrack() {
        guard !retrackScheduled else { return }
        retrackScheduled = true
        scheduler.schedule(after: .zero) { [self] in
            retrackScheduled = false
            track(component)
        }
    }
}
