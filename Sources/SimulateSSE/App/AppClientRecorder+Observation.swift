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
                    let trigger = PollTrigger(link, generation, .connected)
                    withObservationTracking {
                        _ = component.isConnected
                    } onChange: {
                        trigger.fire()
                    }
                }
                if !trackedIndicator {
                    trackedIndicator = true
                    let trigger = PollTrigger(link, generation, .indicator)
                    withObservationTracking {
                        _ = component.showsOfflineIndicator
                    } onChange: {
                        trigger.fire()
                    }
                }
                if !trackedItems {
                    trackedItems = true
                    itemsRegistrations += 1
                    isObservable = component is any Observable
                    let trigger = PollTrigger(link, generation, .items)
                    withObservationTracking {
                        _ = component.shownItems
                    } onChange: {
                        trigger.fire()
                    }
                }
            }
        #endif
    }

    /// What Observation's change handlers reach the recorder through, as long as it lives: a `weak` reference
    /// to the recorder would give it a side table, and every retain and release of it (each HTTP event the
    /// app's device sees) would take the runtime's slow path (docs/performance.md).
    final class Link: @unchecked Sendable {
        /// Set by the recorder once made, and back to nil in its `deinit`: never read once the recorder is gone.
        // unowned(unsafe) on purpose (docs/performance.md), guarded as that comment says; on the run's thread only.
        unowned(unsafe) var recorder: AppClientRecorder?
    }

    /// Observation's change handler is `@Sendable`; it runs on the simulation's thread, in the job
    /// that changed the component.
    private final class PollTrigger: @unchecked Sendable {
        enum Property { case connected, indicator, items }
        let link: Link
        let generation: Int
        let property: Property
        init(_ link: Link, _ generation: Int, _ property: Property) {
            self.link = link
            self.generation = generation
            self.property = property
        }
        func fire() {
            guard let recorder = link.recorder, recorder.generation == generation else { return }
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
