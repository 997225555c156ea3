import SimulateCloudKit
import SimulateCore

/// The counter's actions, declared once: `simulate list`, `simulate explain counter.<name>`, the
/// JSON Schema and the checks of a step's `args` all come from here.
public enum CounterAction: PluginEntries {
    /// `count` allocations on the step's device.
    case next(Next)
    /// One modify operation saving `records` new records.
    case saveBatch(SaveBatch)

    /// `counter.next`'s arguments.
    public struct Next: PluginArguments {
        /// `count`: how many allocations to queue.
        public var count = 1
        /// One allocation.
        public init() {}
        public static let fields: [Field<Self>] = [
            .integer("count", \.count, in: 1...10_000, "how many allocations to queue (1…10000)")
        ]
    }

    /// `counter.saveBatch`'s arguments.
    public struct SaveBatch: PluginArguments {
        /// `records`: how many records to save.
        public var records = 1
        /// `split`: halve the batch on `limitExceeded`.
        public var split = false
        /// One record, no split.
        public init() {}
        public static let fields: [Field<Self>] = [
            .integer("records", \.records, in: 1...100_000, required: true, "how many records to save (1…100000)"),
            .boolean("split", \.split, "split the batch on limitExceeded"),
        ]
    }

    public static let entries: [Entry<Self>] = [
        .entry(
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
            device: .required(), arguments: Next.self, Self.next),
        .entry(
            "saveBatch", "save many records in one modify operation (limitExceeded over 400)",
            details: """
                Saves `records` new Item records in the counter's zone in one CKModifyRecordsOperation \
                (allKeys). Over 400 records the server answers limitExceeded. With `split: true` the client \
                halves the batch and sends both halves (recursively); without, it retries the same batch \
                until maxAttempts and gives up: the wedged upload queue of field report 9. Read the result \
                with the `batchSaved` observable.
                """,
            device: .required(), arguments: SaveBatch.self, Self.saveBatch),
    ]
}

/// The counter's invariants, declared once.
public enum CounterInvariant: PluginEntries {
    /// No displayId is handed out twice.
    case unique
    /// The displayIds handed out are initialValue+1 … N without gaps.
    case contiguous(Contiguous)
    /// No allocation uses more than its attempts; every allocation ends.
    case retryBound(RetryBound)
    /// No request before the server's retry-after has passed.
    case retryAfter

    /// `counter.contiguous`'s arguments.
    public struct Contiguous: PluginArguments {
        /// How far the ids must be contiguous.
        public enum UpTo: String, CaseIterable, Sendable {
            /// Up to the server's counter value.
            case value
            /// Up to the largest id handed out.
            case allocated
        }
        /// `upTo`: the server's counter, or the largest id handed out.
        public var upTo = UpTo.value
        /// Up to the server's counter.
        public init() {}
        public static let fields: [Field<Self>] = [
            .choice(
                "upTo", \.upTo,
                "\"value\": up to the server's counter; \"allocated\": up to the largest id handed out")
        ]
    }

    /// `counter.retryBound`'s arguments.
    public struct RetryBound: PluginArguments {
        /// nil: the configured `maxAttempts`.
        public var maxAttempts: Int?
        /// `allowPending`: accept allocations still waiting at the end of the run.
        public var allowPending = false
        /// The configured bound, nothing pending.
        public init() {}
        public static let fields: [Field<Self>] = [
            .integer(
                "maxAttempts", \.maxAttempts, in: 1...1000, default: "the configured maxAttempts",
                "the bound on attempts per allocation"),
            .boolean("allowPending", \.allowPending, "accept allocations still waiting at the end of the run"),
        ]
    }

    public static let entries: [Entry<Self>] = [
        .entry(
            "unique", "no displayId is handed out twice",
            details: """
                Over every allocation of every device (including those requested by other plugins through \
                DisplayIDAllocating), no displayId value is handed out more than once. Each duplicate is one \
                violation at the time of the second hand-out, naming both allocations. Holds for the \
                reference allocator with ifServerRecordUnchanged; changedKeys, allKeys and localMaxPlusOne \
                break it under contention. An app allocator's ids are also cross-checked against the wire: \
                an id it hands out must be the value of a save of the counter record that was answered to \
                that device during the allocation ("d01 handed out displayId 11, but no save of the counter \
                was answered to d01 during that allocation": an ambiguous save taken as applied).
                """, .unique),
        .entry(
            "contiguous", "the displayIds handed out are initialValue+1 … N without gaps",
            details: """
                Every value from initialValue+1 to N was handed out, where N is the server's counter value at \
                the end (`upTo: "value"`, the default) or the largest id handed out (`upTo: "allocated"`). \
                Also reports ids outside that range. Lost responses break it: the server applied an increment \
                whose response never arrived, the client retries, and the lost value is a gap — the hazard \
                of ambiguous outcomes.
                """, arguments: Contiguous.self, Self.contiguous),
        .entry(
            "retryBound", "no allocation uses more than its attempts; every allocation ends",
            details: """
                No allocation used more than `maxAttempts` attempts (default: the configured maxAttempts of \
                the reference allocator; an app allocator's bound is its own, so it is held to one only \
                when this argument is given), and every requested allocation ended by the end of the run: \
                allocated, or failed with a \
                reported error (offline, attemptsExhausted, rejected, queueFull). An allocation still \
                pending at the end is a violation unless `allowPending` is true (a device that waits for \
                a network that never comes back).
                """, arguments: RetryBound.self, Self.retryBound),
        .entry(
            "retryAfter", "no request before the server's retry-after has passed",
            details: """
                After the server answered requestRateLimited, zoneBusy or serviceUnavailable with a \
                retry-after, the device sent no request (fetch or save) before that time. One violation per \
                early request, in time order, saying how early it went out and which answer gave the \
                retry-after (field report 10). Holds with `retryAfter: "honour"`; "ignore" breaks it.
                """, .retryAfter),
    ]
}

/// The counter's observables, declared once.
public enum CounterObservable: PluginEntries {
    case allocated, value, failed, pending, knownValue, batchSaved

    public static let entries: [Entry<Self>] = [
        .entry(
            "allocated", "the displayIds this device got, in order", details: "An array of integers.",
            device: .required(), valueType: "array", .allocated),
        .entry(
            "value", "the server's counter value", details: "The Counter record's `value` field on the server.",
            valueType: "integer", .value),
        .entry(
            "failed", "how many allocations on this device gave up with an error", device: .required(),
            valueType: "integer", .failed),
        .entry(
            "pending", "allocations on this device not yet ended (queued or in flight)", device: .required(),
            valueType: "integer", .pending),
        .entry(
            "knownValue",
            "the largest counter value this device has seen: its own ids, and records fetched after a push",
            details: "With subscription on, a push after another device's save makes the device fetch the counter; "
                + "in Simulator no push arrives and it stays behind.", device: .required(), valueType: "integer",
            .knownValue),
        .entry(
            "batchSaved", "records this device saved with saveBatch", device: .required(), valueType: "integer",
            .batchSaved),
    ]
}
