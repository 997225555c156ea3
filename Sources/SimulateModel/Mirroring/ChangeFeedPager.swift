import SimulateCloudKit
import SimulateCore

/// Pages of the zone's changes for one device, like `CKFetchRecordZoneChangesOperation` with a results
/// limit: the server opens one pass over the change list an import, as the zone stands then, and hands it
/// out page by page.
///
/// The request carries its position (token and offset), so a page whose answer was lost is asked for
/// again; pages before the last keep the request's token (a device that stops midway starts over from
/// it, re-applying what it saw), the last page carries the new token. A record that changes while the
/// pages are handed out arrives again, newer, with the next fetch.
final class ChangeFeedPager {
    struct Page {
        var records: [CloudRecord]
        var deletions: [CloudRecordID]
        /// nil before the first complete fetch.
        var token: CloudChangeToken?
        var moreComing: Bool
        var nextOffset: Int
    }

    private let server: CloudKitRecordServer
    /// Per device: its pass under way and the token it started from. The server's feed reads each page
    /// from the zone's change log when it is handed out (no copy of the zone a device).
    private var feeds: [Int: (since: CloudChangeToken?, feed: ZoneChangeFeed)] = [:]
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
            feeds[device.index] = nil
            switch server.openChangeFeed(in: MirrorShared.zoneID, since: since, requester: device.id) {
            case .success(let feed):
                upToDate[device.index] = (feed.token, zoneVersion)
                feeds[device.index] = (since, feed)
            case .failure(let error):
                return .failure(error)
            }
            offset = 0
        }
        guard let feed = feeds[device.index]?.feed else {
            return .success(Page(records: [], deletions: [], token: since, moreComing: false, nextOffset: 0))
        }
        let end = min(feed.count, offset + max(1, limit))
        let contents = feed.page(offset: offset, end: end)
        var page = Page(
            records: contents.records, deletions: contents.deletions, token: since, moreComing: true, nextOffset: end)
        if end >= feed.count {
            feeds[device.index] = nil
            page.token = feed.token
            page.moreComing = false
            page.nextOffset = 0
        }
        return .success(page)
    }
}
