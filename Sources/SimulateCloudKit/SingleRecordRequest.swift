import SimulateCore

/// Receives the answers of single-record requests: an object that sends one request at a time
/// implements it instead of passing a closure per request.
package protocol SingleRecordResponder: AnyObject {
    /// A fetch answered: the record, nil when the server has no such record (`unknownItem`), or the error.
    func fetched(_ result: Result<CloudRecord?, CloudKitError>)
    /// A save answered: the record as the server saved it, or the error (the item's or the operation's).
    func saved(_ result: Result<CloudRecord, CloudKitError>)
}

extension SingleRecordResponder {
    /// Calls `fetched` on `object`, a responder of this type, without retaining it around the call.
    static func fetched(by object: Unmanaged<AnyObject>, _ result: Result<CloudRecord?, CloudKitError>) {
        object._withUnsafeGuaranteedRef { unsafeDowncast($0, to: Self.self).fetched(result) }
    }

    /// Calls `saved` on `object`, a responder of this type, without retaining it around the call.
    static func saved(by object: Unmanaged<AnyObject>, _ result: Result<CloudRecord, CloudKitError>) {
        object._withUnsafeGuaranteedRef { unsafeDowncast($0, to: Self.self).saved(result) }
    }
}

extension CloudKitDatabaseClient {
    /// Fetches one record, like `fetch(recordIDs: [recordID])`; the answer goes to `responder.fetched`.
    package func fetchRecord(_ recordID: CloudRecordID, for responder: SingleRecordResponder) {
        send(.fetch(recordID), responder)
    }

    /// Saves one record, like `modify(saving: [record])`; the answer goes to `responder.saved`.
    package func saveRecord(
        _ record: consuming CloudRecord, savePolicy: CloudSavePolicy, for responder: SingleRecordResponder
    ) {
        send(.save(consume record, savePolicy), responder)
    }

    /// Saves a record with one field set, like `modify(saving: [edit.record])`; the changed record is
    /// made only when the server keeps it (``CloudRecordEdit``). The answer goes to `responder.saved`.
    package func saveRecord(
        _ edit: consuming CloudRecordEdit, savePolicy: CloudSavePolicy, for responder: SingleRecordResponder
    ) {
        send(.saveEdit(consume edit, savePolicy), responder)
    }

    /// Sends the operation in the request before last when nothing holds it any more (a client sends one
    /// request at a time, and sends the next from the answer of the last), else in a new one.
    private func send(_ operation: consuming SingleRecordRequest.Operation, _ responder: SingleRecordResponder) {
        noteSent()
        let reusable = isKnownUniquelyReferenced(&requestsInFlight.beforeLast)
        var spare = requestsInFlight.beforeLast.take()
        requestsInFlight.beforeLast = requestsInFlight.last.take()
        let request: SingleRecordRequest
        if reusable, let spare = spare.take() {
            spare.prepareForReuse()
            spare.load(operation, responder: responder)
            request = spare
        } else {
            request = SingleRecordRequest(client: self, operation: operation, responder: responder)
        }
        // Kept first, then lent to the network unretained (`requestsInFlight` holds it): sending schedules the
        // request's first step and calls back nothing. Lent as a local, it was retained around the call.
        let sent = Unmanaged.passUnretained(request)
        requestsInFlight.last = consume request
        sent._withUnsafeGuaranteedRef {
            network.request($0, from: device, to: CloudKitRecordServer.networkName, timeout: timeout)
        }
    }
}

/// One fetch or save of a single record on its way to the server and back: the payload, the server's
/// answer and whom to tell, in one object.
final class SingleRecordRequest: RequestExchange {
    enum Operation {
        case fetch(CloudRecordID)
        case save(CloudRecord, CloudSavePolicy)
        case saveEdit(CloudRecordEdit, CloudSavePolicy)

        var isSave: Bool { if case .fetch = self { false } else { true } }
    }

    /// The client and the responder belong to the run, which outlives every request of it.
    // unowned(unsafe) and Unmanaged on purpose (docs/performance.md): with safe references and checks, sending and
    // completing these requests cost 22 M more instructions (7 %) in `simulate-bench counter-runs 10`. The
    // responder unowned(unsafe) was still retained and released around each answer; as an object and its type,
    // it is called through the type without that.
    private unowned(unsafe) let client: CloudKitDatabaseClient
    private var responder: Unmanaged<AnyObject>
    private var responderType: any SingleRecordResponder.Type
    private let server: CloudKitRecordServer
    private let requester: String
    /// Until the server serves it: a saved record then goes to the server, which keeps it in place.
    private var operation: Operation?
    private var isSave: Bool
    private var answer: SingleRecordAnswer?

    init(client: CloudKitDatabaseClient, operation: consuming Operation, responder: SingleRecordResponder) {
        self.client = client
        server = client.server
        requester = client.device.id
        isSave = operation.isSave
        self.operation = consume operation
        self.responder = .passUnretained(responder)
        responderType = type(of: responder)
    }

    /// The next request of the same client in this object, once it has been made ready for reuse.
    func load(_ operation: consuming Operation, responder: SingleRecordResponder) {
        isSave = operation.isSave
        self.operation = consume operation
        self.responder = .passUnretained(responder)
        responderType = type(of: responder)
    }

    override func serve() {
        switch operation.take() {
        case .fetch(let recordID): answer = server.fetchSingle(recordID, requester: requester)
        case .save(let record, let policy): answer = server.saveSingle(record, policy: policy, requester: requester)
        case .saveEdit(let edit, let policy): answer = server.saveSingle(edit, policy: policy, requester: requester)
        case nil: break  // served once: a request arrives at the server at most once
        }
    }

    override func complete(_ failure: NetworkError?) {
        operation = nil
        if let failure {
            let answer = self.answer.take()
            var applied = false
            if isSave, case .record = answer { applied = true }
            deliver(.failure(client.clientError(failure, served: answer != nil, applied: applied)))
            return
        }
        // Switched on as taken, so that the record is handed on without a copy (a bound error is still copied:
        // its message and details, docs/performance.md).
        switch self.answer.take() {
        case .record(let record):
            deliver(.success(record))
        case .itemError(let error):
            if !isSave, error.code == .unknownItem {
                responderType.fetched(by: responder, .success(nil))
            } else {
                deliver(.failure(error))
            }
        case .operationError(let error):
            client.noteRetryAfter(error)
            deliver(.failure(error))
        case nil:
            break  // a response only arrives after `serve()`
        }
    }

    private func deliver(_ result: Result<CloudRecord, CloudKitError>) {
        if isSave {
            responderType.saved(by: responder, result)
        } else {
            responderType.fetched(by: responder, result.map { $0 })
        }
    }
}
