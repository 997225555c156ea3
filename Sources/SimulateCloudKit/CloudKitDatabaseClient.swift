import SimulateCore

/// A device's CloudKit database client, like `CKDatabase` on one device: every operation travels
/// over the simulated network to the ``CloudKitRecordServer``, so every fault applies.
///
/// Network outcomes become CloudKit errors: a device that is offline gets `networkUnavailable` (3);
/// a request or response that is lost, times out or is cut by a connection loss gets
/// `networkFailure` (4). A save the server applied whose response was lost is an ambiguous outcome:
/// the client sees `networkFailure` although the record changed (counted in ``ambiguousWrites``).
/// The completion runs exactly once, on the device, in virtual time.
///
/// Its hot state is `@exclusivity(unchecked)`, measured with the module's group (14 % of
/// `simulate-bench counter-runs 30` with the checks on; see ``CloudKitRecordServer`` and docs/performance.md).
public final class CloudKitDatabaseClient {
    /// The device whose link the requests travel.
    public let device: Device
    /// The server the requests go to.
    public let server: CloudKitRecordServer
    /// How long a request waits for its response before it fails with `networkFailure`.
    @exclusivity(unchecked) public var timeout: VirtualDuration
    let network: Network
    let scheduler: Scheduler

    /// What the client counted; private, so that the compiler sees every access and checks none at run time.
    @exclusivity(unchecked) private var counts = ClientCounts()
    /// The last two single-record requests sent, kept for reuse.
    @exclusivity(unchecked) var requestsInFlight: (beforeLast: SingleRecordRequest?, last: SingleRecordRequest?) = (
        nil, nil
    )

    /// The server asked for no request before this time (the latest retry-after it answered).
    public var retryAfterDeadline: VirtualInstant { counts.retryAfterDeadline }
    /// Requests sent so far.
    public var requests: Int { counts.requests }
    /// Requests sent before the retry-after the server gave had passed (field report 10).
    public var earlyRequests: Int { counts.earlyRequests }
    /// Virtual times of the first early requests (at most 64), for violation reports.
    public var earlyRequestTimes: [VirtualInstant] { counts.earlyRequests64.map(\.sentAt) }
    /// The first early requests (at most 64), each with the retry-after it went out under.
    public var earlyRequestsSent: [EarlyRequest] { counts.earlyRequests64 }
    /// Requests the server handled whose response never arrived.
    public var lostResponses: Int { counts.lostResponses }
    /// Modify operations the server applied whose response never arrived.
    public var ambiguousWrites: Int { counts.ambiguousWrites }
    /// Told of every record a modify operation's answer, as it reaches the device, says was saved:
    /// what the wire delivered, for judging what an app's code says it saved. nil (the default) costs nothing.
    public var savedRecordAnswered: ((CloudRecord) -> Void)?
    /// A lost answer to a write the server applied fails with `serverResponseLost` (34) instead of
    /// `networkFailure`: Apple's `CKError.Code.serverResponseLost` ("unable to maintain the network
    /// connection and provide a response … consult server state"). The app facade turns it on; the
    /// reference components keep `networkFailure` (their statistics and bundled verdicts count it so).
    public var reportsServerResponseLost = false

    /// A client of `server` on `device`; requests time out after `timeout` (30 s by default).
    public init(
        context: SimulationContext, server: CloudKitRecordServer, device: Device,
        timeout: VirtualDuration = .seconds(30)
    ) {
        self.device = device
        self.server = server
        self.timeout = timeout
        network = context.network
        scheduler = context.scheduler
    }

    /// Fetches records by id, like `CKFetchRecordsOperation`; the completion runs once, on the device, in virtual time.
    public func fetch(
        recordIDs: [CloudRecordID], completion: @escaping (Result<CloudFetchResult, CloudKitError>) -> Void
    ) {
        let requester = device.id
        send({ [server] in (server.fetch(recordIDs: recordIDs, requester: requester), false) }, completion)
    }

    /// Saves and deletes records in one operation, like `CKModifyRecordsOperation`; the completion runs once, on the device, in virtual time.
    public func modify(
        saving records: [CloudRecord], deleting recordIDs: [CloudRecordID] = [],
        savePolicy: CloudSavePolicy = .ifServerRecordUnchanged, atomic: Bool = true,
        completion: @escaping (Result<CloudModifyResult, CloudKitError>) -> Void
    ) {
        let requester = device.id
        var completion = completion
        if let savedRecordAnswered {
            completion = { [completion] result in
                if case .success(let modify) = result {
                    for item in modify.saveResults {
                        if case .success(let record) = item.result { savedRecordAnswered(record) }
                    }
                }
                completion(result)
            }
        }
        send(
            { [server] in
                let result = server.modify(
                    saving: records, deleting: recordIDs, savePolicy: savePolicy, atomic: atomic, requester: requester)
                let applied: Bool
                switch result {
                case .success(let modify):
                    applied =
                        modify.saveResults.contains { $0.record != nil }
                        || modify.deleteResults.contains { $0.error == nil }
                case .failure: applied = false
                }
                return (result, applied)
            }, completion)
    }

    /// Fetches one page of a zone's changes since `token`, like `CKFetchRecordZoneChangesOperation`; the completion runs once, on the device, in virtual time.
    public func fetchChanges(
        in zoneID: CloudZoneID, since token: CloudChangeToken?, resultsLimit: Int = CloudKitRecordServer.pageLimit,
        completion: @escaping (Result<CloudZoneChanges, CloudKitError>) -> Void
    ) {
        let requester = device.id
        send(
            { [server] in
                (server.fetchChanges(in: zoneID, since: token, resultsLimit: resultsLimit, requester: requester), false)
            }, completion)
    }

    /// Fetches one page of the database's zone changes since `token`, like `CKFetchDatabaseChangesOperation`
    /// (``CloudKitRecordServer/databaseChanges(since:resultsLimit:requester:)``); the completion runs once, on
    /// the device, in virtual time.
    public func fetchDatabaseChanges(
        since token: CloudDatabaseChangeToken?, resultsLimit: Int = CloudKitRecordServer.pageLimit,
        completion: @escaping (Result<CloudDatabaseChanges, CloudKitError>) -> Void
    ) {
        let requester = device.id
        send(
            { [server] in
                (server.databaseChanges(since: token, resultsLimit: resultsLimit, requester: requester), false)
            }, completion)
    }

    /// Creates or updates custom zones, like `CKModifyRecordZonesOperation` (not subject to the load model).
    public func saveZones(_ zones: [CloudZone], completion: @escaping (Result<Void, CloudKitError>) -> Void) {
        send(
            { [server] in
                for zone in zones { server.saveZone(zone) }
                return (.success(()), false)
            }, completion)
    }

    /// Creates, updates and deletes custom zones, like `CKModifyRecordZonesOperation`, with one result per
    /// zone (``CloudKitRecordServer/modifyZones(saving:deleting:requester:)``).
    public func modifyZones(
        saving zones: [CloudZone], deleting zoneIDs: [CloudZoneID],
        completion: @escaping (Result<CloudZoneModifyResult, CloudKitError>) -> Void
    ) {
        let requester = device.id
        send(
            { [server] in
                let result = server.modifyZones(saving: zones, deleting: zoneIDs, requester: requester)
                let applied =
                    if case .success(let modify) = result {
                        modify.saveResults.contains { (try? $0.result.get()) != nil }
                            || modify.deleteResults.contains { $0.error == nil }
                    } else { false }
                return (result, applied)
            }, completion)
    }

    private func send<Response>(
        _ serve: @escaping () -> (Result<Response, CloudKitError>, applied: Bool),
        _ completion: @escaping (Result<Response, CloudKitError>) -> Void
    ) {
        noteSent()
        let outcome = ServedOutcome()
        network.request(
            from: device, to: CloudKitRecordServer.networkName, timeout: timeout,
            serve: { () -> Result<Response, CloudKitError> in
                let (result, applied) = serve()
                outcome.served = true
                outcome.applied = applied
                return result
            },
            completion: { [self] result in
                switch result {
                case .success(let response):
                    if case .failure(let error) = response { noteRetryAfter(error) }
                    completion(response)
                case .failure(let error):
                    completion(.failure(clientError(error, served: outcome.served, applied: outcome.applied)))
                }
            })
    }

    /// Counts a request as it leaves the device.
    func noteSent() {
        let now = scheduler.now
        counts.requests += 1
        if now < counts.retryAfterDeadline {
            counts.earlyRequests += 1
            if counts.earlyRequests64.count < 64 {
                counts.earlyRequests64.append(
                    EarlyRequest(
                        sentAt: now, retryAfterGivenAt: counts.retryAfterGivenAt,
                        retryAfterEnds: counts.retryAfterDeadline))
            }
        }
    }

    /// The CloudKit error a network failure becomes, counting lost responses and ambiguous writes.
    func clientError(_ error: NetworkError, served: Bool, applied: Bool) -> CloudKitError {
        if error == .offline { return CloudKitError(.networkUnavailable, "the device is offline") }
        if served { counts.lostResponses += 1 }
        if applied { counts.ambiguousWrites += 1 }
        if applied && reportsServerResponseLost {
            return CloudKitError(.serverResponseLost, "\(error) after the server applied the change")
        }
        return CloudKitError(.networkFailure, "\(error)")
    }

    /// Remembers the retry-after of an error that answered a whole operation.
    func noteRetryAfter(_ error: CloudKitError) {
        var seconds = error.retryAfterSeconds ?? 0
        for (_, itemError) in error.partialErrorItems { seconds = max(seconds, itemError.retryAfterSeconds ?? 0) }
        guard seconds > 0 else { return }
        let deadline = scheduler.now + .nanoseconds(Int64((seconds * 1e9).rounded()))
        guard deadline > counts.retryAfterDeadline else { return }
        counts.retryAfterDeadline = deadline
        counts.retryAfterGivenAt = scheduler.now
    }
}

/// A request a device sent while a retry-after the server gave it was still running.
public struct EarlyRequest: Sendable, Equatable {
    /// When the request left the device.
    public var sentAt: VirtualInstant
    /// When the answer that gave the retry-after reached the device.
    public var retryAfterGivenAt: VirtualInstant
    /// When the retry-after ends.
    public var retryAfterEnds: VirtualInstant
}

private struct ClientCounts {
    var retryAfterDeadline = VirtualInstant.start
    var retryAfterGivenAt = VirtualInstant.start
    var requests = 0
    var earlyRequests = 0
    var earlyRequests64: [EarlyRequest] = []
    var lostResponses = 0
    var ambiguousWrites = 0
}

/// Whether the server handled a request, known to the simulation though not to the client.
private final class ServedOutcome {
    var served = false
    var applied = false
}
