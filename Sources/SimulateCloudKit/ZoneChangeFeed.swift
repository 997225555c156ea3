/// One pass over a custom zone's changes since a token, as they stood when it opened: what
/// `fetchChanges` with no results limit returns then, handed out in pages by offset — saved records in
/// the order they last changed, then deletions.
///
/// It copies nothing when it opens: each page is read from the zone's change log when it is asked for,
/// and a change made meanwhile leaves the pass as it was (the log keeps a superseded version for it). A
/// feed of a zone that is deleted first copies its pages, all of them, so every offset still answers.
package final class ZoneChangeFeed {
    /// The token after the whole pass.
    package let token: CloudChangeToken
    /// Saved records in the pass.
    package let changedCount: Int
    /// Deletions in the pass, after the saved records.
    package let deletedCount: Int

    package var count: Int { changedCount + deletedCount }

    /// Where a page starts: its offset and, for each kind, the sequence of the last entry before it.
    private struct Cursor {
        var offset: Int
        var changed: Int
        var deleted: Int
    }

    private enum Source {
        case log(ZoneState, ZoneChangeLog.Window)
        case copied(changed: [CloudRecord], deleted: [CloudRecordID])
    }

    private var source: Source
    /// The stored records hold the versions the log hands out.
    private let server: CloudKitRecordServer
    private let start: Cursor
    /// Where the page after the last one handed out starts, and where that one started (asked for again
    /// when its answer was lost).
    private var next: Cursor
    private var previous: Cursor

    init(server: CloudKitRecordServer, state: ZoneState, since: Int) {
        let window = state.log.openWindow(since: since, snapshot: state.sequence)
        let census = state.log.census(of: window) { state.tombstones.values.min() }
        self.server = server
        token = CloudChangeToken(
            zoneID: state.zone.zoneID, epoch: state.epoch, sequence: census.lastSequence ?? state.sequence)
        changedCount = census.changed
        deletedCount = census.deleted
        source = .log(state, window)
        start = Cursor(offset: 0, changed: since, deleted: census.beforeFirstDeletion)
        next = start
        previous = start
        state.feeds[window.id] = ZoneState.FeedReference(feed: self)
    }

    deinit {
        if case .log(let state, let window) = source {
            state.feeds[window.id] = nil
            state.log.closeWindow(window.id)
        }
    }

    /// The saved records and deletions at offsets `offset..<end` of the pass (`end` at most ``count``).
    package func page(offset: Int, end: Int) -> (records: [CloudRecord], deletions: [CloudRecordID]) {
        guard offset < end else { return ([], []) }
        switch source {
        case .copied(let changed, let deleted):
            var records: [CloudRecord] = []
            var deletions: [CloudRecordID] = []
            if offset < changedCount { records = Array(changed[offset..<min(end, changedCount)]) }
            if end > changedCount {
                deletions = Array(deleted[max(offset, changedCount) - changedCount..<end - changedCount])
            }
            return (records, deletions)
        case .log(let state, let window):
            var cursor = start
            if previous.offset <= offset { cursor = previous }
            if next.offset <= offset, next.offset > cursor.offset { cursor = next }
            var skippedRecords: [CloudRecord]? = nil
            var skippedDeletions: [CloudRecordID]? = nil
            cursor = advance(cursor, to: offset, in: state.log, window, &skippedRecords, &skippedDeletions)
            var pageRecords: [CloudRecord]? = []
            pageRecords?.reserveCapacity(max(0, min(end, changedCount) - offset))
            var pageDeletions: [CloudRecordID]? = []
            let after = advance(cursor, to: end, in: state.log, window, &pageRecords, &pageDeletions)
            previous = cursor
            next = after
            return (pageRecords ?? [], pageDeletions ?? [])
        }
    }

    /// Moves `cursor` on to `offset`, appending the saves and deletions passed to the arrays given.
    private func advance(
        _ cursor: Cursor, to offset: Int, in log: ZoneChangeLog, _ window: ZoneChangeLog.Window,
        _ records: inout [CloudRecord]?, _ deletions: inout [CloudRecordID]?
    ) -> Cursor {
        var cursor = cursor
        if cursor.offset < changedCount, cursor.offset < offset {
            let count = min(offset, changedCount) - cursor.offset
            cursor.changed = log.visibleSaves(in: window, after: cursor.changed, count: count, into: &records)
            cursor.offset += count
        }
        if cursor.offset >= changedCount, cursor.offset < offset {
            let count = offset - cursor.offset
            cursor.deleted = log.visibleDeletions(in: window, after: cursor.deleted, count: count, into: &deletions)
            cursor.offset += count
        }
        return cursor
    }

    /// Copies the whole pass (offsets stay as they were) before the zone's records go.
    func copyRemainingPages() {
        guard case .log(let state, let window) = source else { return }
        let whole = page(offset: 0, end: count)
        source = .copied(changed: whole.records, deleted: whole.deletions)
        state.log.closeWindow(window.id)
    }
}

extension CloudKitRecordServer {
    /// Opens a pass over a custom zone's changes since a token (nil: from the beginning), answering as
    /// ``fetchChanges(in:since:resultsLimit:requester:)`` with no results limit would, with the same errors.
    package func openChangeFeed(
        in zoneID: CloudZoneID, since token: CloudChangeToken?, requester: String? = nil
    ) -> Result<ZoneChangeFeed, CloudKitError> {
        changeFeedState(zoneID, since: token, requester: requester).map {
            ZoneChangeFeed(server: self, state: $0, since: token?.sequence ?? 0)
        }
    }
}
