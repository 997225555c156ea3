import SimulateCloudKit
import SimulateCore

/// What `simulate list` and `simulate explain counter.<name>` show.
enum CounterDocs {
    static let actions: [EntryDoc] = [
        EntryDoc(
            "next", "allocate the next displayId on the device",
            details: """
                Queues `count` allocations on the device (default 1). A device runs its allocations one at a \
                time, in order. The reference allocator fetches the Counter record, increments `value`, and \
                saves with the configured save policy; on serverRecordChanged it increments the server record \
                carried by the error and saves again; on networkFailure, requestRateLimited, zoneBusy or \
                serviceUnavailable it waits (retry-after when the server gives one and `retryAfter` is \
                "honour", otherwise exponential backoff with jitter), then saves the same record again \
                (after a failed save) or fetches again (after a failed fetch); with "honour" no request \
                leaves while a retry-after is in force, not even for the next allocation. Each \
                fetch-or-save try is one attempt; after `maxAttempts` the allocation fails with \
                attemptsExhausted. Offline: with `offline: "fail"` the allocation fails at once \
                (networkUnavailable); with "wait" it waits for the OS to report the network back.
                """,
            parameters: [
                ParameterDoc(
                    "count", type: "integer", default: "1", "how many allocations to queue (1…10000)",
                    schema: ["type": "integer", "minimum": 1, "maximum": 10_000])
            ]),
        EntryDoc(
            "saveBatch", "save many records in one modify operation (limitExceeded over 400)",
            details: """
                Saves `records` new Item records in the counter's zone in one CKModifyRecordsOperation \
                (allKeys). Over 400 records the server answers limitExceeded. With `split: true` the client \
                halves the batch and sends both halves (recursively); without, it retries the same batch \
                until maxAttempts and gives up: the wedged upload queue of field report 9. Read the result \
                with the `batchSaved` observable.
                """,
            parameters: [
                ParameterDoc(
                    "records", type: "integer", "how many records to save (1…100000)",
                    schema: ["type": "integer", "minimum": 1, "maximum": 100_000]),
                ParameterDoc("split", type: "boolean", default: "false", "split the batch on limitExceeded"),
            ]),
    ]

    static let invariants: [EntryDoc] = [
        EntryDoc(
            "unique", "no displayId is handed out twice",
            details: """
                Over every allocation of every device (including those requested by other plugins through \
                DisplayIDAllocating), no displayId value is handed out more than once. Each duplicate is one \
                violation at the time of the second hand-out, naming both allocations. Holds for the \
                reference allocator with ifServerRecordUnchanged; changedKeys, allKeys and localMaxPlusOne \
                break it under contention.
                """),
        EntryDoc(
            "contiguous", "the displayIds handed out are initialValue+1 … N without gaps",
            details: """
                Every value from initialValue+1 to N was handed out, where N is the server's counter value at \
                the end (`upTo: "value"`, the default) or the largest id handed out (`upTo: "allocated"`). \
                Also reports ids outside that range. Lost responses break it: the server applied an increment \
                whose response never arrived, the client retries, and the lost value is a gap — the hazard \
                of ambiguous outcomes.
                """,
            parameters: [
                ParameterDoc(
                    "upTo", type: "string", default: "\"value\"",
                    "\"value\": up to the server's counter; \"allocated\": up to the largest id handed out",
                    schema: ["enum": ["value", "allocated"]])
            ]),
        EntryDoc(
            "retryBound", "no allocation uses more than its attempts; every allocation ends",
            details: """
                No allocation used more than `maxAttempts` attempts (default: the configured maxAttempts), \
                and every requested allocation ended by the end of the run: allocated, or failed with a \
                reported error (offline, attemptsExhausted, rejected, queueFull). An allocation still \
                pending at the end is a violation unless `allowPending` is true (a device that waits for \
                a network that never comes back).
                """,
            parameters: [
                ParameterDoc(
                    "maxAttempts", type: "integer", default: "the configured maxAttempts",
                    "the bound on attempts per allocation", schema: ["type": "integer", "minimum": 1, "maximum": 1000]),
                ParameterDoc(
                    "allowPending", type: "boolean", default: "false",
                    "accept allocations still waiting at the end of the run"),
            ]),
        EntryDoc(
            "retryAfter", "no request before the server's retry-after has passed",
            details: """
                After the server answered requestRateLimited, zoneBusy or serviceUnavailable with a \
                retry-after, the device sent no request (fetch or save) before that time. One violation per \
                early request (field report 10). Holds with `retryAfter: "honour"`; "ignore" breaks it.
                """),
    ]

    static let observables: [EntryDoc] = [
        EntryDoc(
            "allocated", "the displayIds this device got, in order", details: "An array of integers.",
            valueType: "array"),
        EntryDoc(
            "value", "the server's counter value", details: "The Counter record's `value` field on the server.",
            perDevice: false, valueType: "integer"),
        EntryDoc(
            "failed", "how many allocations on this device gave up with an error", valueType: "integer"),
        EntryDoc(
            "pending", "allocations on this device not yet ended (queued or in flight)", valueType: "integer"),
        EntryDoc(
            "knownValue",
            "the largest counter value this device has seen: its own ids, and records fetched after a push",
            details: "With subscription on, a push after another device's save makes the device fetch the counter; "
                + "in Simulator no push arrives and it stays behind.", valueType: "integer"),
        EntryDoc(
            "batchSaved", "records this device saved with saveBatch", valueType: "integer"),
    ]
}
