import SimulateCore

/// What the app shows: the recorder reads the component (``poll()``) in the instant something may have
/// changed it and notes what its screen says against what was delivered.
extension AppClientRecorder {
    func schedulePoll() {
        guard !pollScheduled else { return }
        pollScheduled = true
        scheduler.schedule(after: .zero) { [self] in
            pollScheduled = false
            poll()
        }
    }

    /// Reads the component and notes every change since the last read.
    ///
    /// A value that changed and changed back within one job of the app (a stream that delivers its
    /// first bytes and ends at the same instant: connected, then not) is read as both changes at that
    /// instant, in the order the app makes them: the connection's first change, the indicator's, then
    /// the connection's second.
    func poll() {
        parseReceived()
        let connected = component.isConnected
        let connectedFlickered = connectedWillChange && connected == lastReadConnected
        connectedWillChange = false
        lastReadConnected = connected
        report(connected: connectedFlickered ? !connected : connected)
        let indicator = component.showsOfflineIndicator
        if indicatorWillChange && indicator == record.indicatorShown { show(indicator: !indicator) }
        indicatorWillChange = false
        show(indicator: indicator)
        if connectedFlickered { report(connected: connected) }
        let items: [PunchItem]
        let digest: UInt64
        if trackedItems, let registration = listReadUnder, registration == itemsRegistrations {
            (items, digest) = (shownList, shownDigest)
        } else {
            items = component.shownItems.map(Self.markingTemporary)
            digest = PunchWire.digest(items)
            shownList = items
            listReadUnder = isObservable && trackedItems ? itemsRegistrations : nil
        }
        defer { shownDigest = digest }
        // The screen shows a delivered state: the app applied it (and skipped any older ones).
        if let index = delivered.lastIndex(where: { $0.digest == digest }) {
            let version = delivered[index].version
            delivered.removeFirst(index + 1)
            unlandedListSince = nil
            record.applyFullState(items, version: version, update: .replace)
            return
        }
        guard digest != shownDigest else {
            // The list the app put up in the instant of a delivery, still there an instant later.
            if let since = unlandedListSince, since < record.now, lastActionTime.map({ $0 < since }) ?? true,
                let newest = delivered.last, landed
            {
                judge(items, against: newest.version)
            }
            return
        }
        unlandedListSince = nil
        // Another change while every delivered state had an instant to land: the screen should show the
        // newest; `applyFullState` reports what it shows instead.
        if let newest = delivered.last, landed {
            judge(items, against: newest.version)
            return
        }
        record.model = items
        // A list that is no delivered state, put up in the instant of a delivery, is judged an instant
        // later if nothing replaced it (a merge, a leftover optimistic item, a mis-decoded text). Not when
        // the user acted in that instant: the list may then hold the action's optimistic change.
        if !delivered.isEmpty, lastActionTime != record.now {
            unlandedListSince = record.now
            scheduler.schedule(after: .nanoseconds(1)) { [self] in poll() }
        }
    }

    /// Every delivered state had an instant to land.
    private var landed: Bool { delivered.allSatisfy { $0.time < record.now } }

    private func judge(_ items: [PunchItem], against version: Int) {
        delivered.removeAll()
        unlandedListSince = nil
        record.applyFullState(items, version: version, update: .replace)
    }

    /// The app's own `isConnected`: what its screen says, not what happened on the wire.
    func report(connected: Bool) {
        guard connected != record.reportedConnected else { return }
        record.reportedConnected = connected
        record.note(.reportedConnection, connected ? 1 : 0)
    }

    func show(indicator: Bool) {
        guard indicator != record.indicatorShown else { return }
        record.indicatorShown = indicator
        record.note(indicator ? .indicatorShown : .indicatorHidden)
        if indicator {
            world.trace.begin(track, "indicator", "offline indicator")
        } else {
            world.trace.end(track, "indicator", "offline indicator")
        }
    }

    /// Optimistic items count as temporary whatever id the app gave them.
    static func markingTemporary(_ item: PunchItem) -> PunchItem {
        guard !item.isTemporary, !item.id.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) || item.id.isEmpty
        else { return item }
        var marked = item
        marked.id = PunchItem.temporaryPrefix + item.id
        return marked
    }
}
