import SimulateCloudKit
import SimulateCore

/// Pages of the zone's changes for one device, like `CKFetchRecordZoneChangesOperation` with a results
/// limit: the server answers the whole change list once per import and hands it out page by page.
///
/// The request carries its position (token and offset), so a page whose answer was lost is asked for
/// again; pages before the last keep the request's token (a device that stops midway starts over from
/// it, re-applying what it saw), the last page carries the new token. A record that changes while the
/// pages are handed out arrives again, newer, with the next fetch.
final class ChangeFeedPager {
    struct Page {
        var records: ArraySlice<CloudRecord>
        var deletions: [CloudRecordID]
        /// nil before the first complete fetch.
        var token: CloudChangeToken?
        var moreComing: Bool
        var nextOffset: Int
        /// Records in this page and the feed's later pages.
        var recordsAhead = 0
    }

    private struct Feed {
        let since: CloudChangeToken?
        let changed: [CloudRecord]
        let deleted: [CloudRecordID]
        let token: CloudChangeToken
        let moreComing: Bool
    }

    private let server: CloudKitRecordServer
    private var feeds: [Int: Feed] = [:]
    /// Bumped by every change to the zone (saves, deletes, expired tokens).
    private(set) var zoneVersion = 0
    /// Per device: the token its last complete fetch ended with, and the zone version it saw.
    private var upToDate: [Int: (token: CloudChangeToken, zoneVersion: Int)] = [:]

    init(server: CloudKitRecordServer) {
        self.server = server
    }

    func zoneChanged() {
        zoneVersion += 1
    }

    func page(for device: Device, since: CloudChangeToken?, offset: Int, limit: Int) -> Result<Page, CloudKitError> {
        var offset = offset
        if offset == 0, let since, let known = upToDate[device.index], known.token == since,
            known.zoneVersion == zoneVersion, server.loadModel.isUnlimited, server.zone(MirrorShared.zoneID) != nil
        {
            // Nothing changed since this device's last fetch: the answer is empty (without scanning the zone).
            return .success(Page(records: [], deletions: [], token: since, moreComing: false, nextOffset: 0))
        }
        if offset == 0 || feeds[device.index]?.since != since {
            let answer = server.fetchChanges(
                in: MirrorShared.zoneID, since: since, resultsLimit: Int.max, requester: device.id)
            guard case .success(let changes) = answer else {
                feeds[device.index] = nil
                return answer.map { _ in Page(records: [], deletions: [], token: nil, moreComing: false, nextOffset: 0)
                }
            }
            upToDate[device.index] = changes.moreComing ? nil : (changes.token, zoneVersion)
            feeds[device.index] = Feed(
                since: since, changed: changes.changedRecords, deleted: changes.deletedRecordIDs,
                token: changes.token, moreComing: changes.moreComing)
            offset = 0
        }
        guard let feed = feeds[device.index] else {
            return .success(Page(records: [], deletions: [], token: since, moreComing: false, nextOffset: 0))
        }
        let total = feed.changed.count + feed.deleted.count
        let end = min(total, offset + max(1, limit))
        var page = Page(records: [], deletions: [], token: since, moreComing: true, nextOffset: end)
        page.recordsAhead = max(0, feed.changed.count - offset)
        if offset < feed.changed.count {
            page.records = feed.changed[offset..<min(end, feed.changed.count)]
        }
        if end > feed.changed.count {
            let first = max(offset, feed.changed.count) - feed.changed.count
            page.deletions = Array(feed.deleted[first..<(end - feed.changed.count)])
        }
        if end >= total {
            feeds[device.index] = nil
            page.token = feed.token
            page.moreComing = feed.moreComing
            page.nextOffset = 0
        }
        return .success(page)
    }
}
