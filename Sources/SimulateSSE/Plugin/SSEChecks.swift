import SimulateCore
import SimulateJSON

/// An `sse` invariant with its arguments. The arguments hold the client to the seed's rules (seed
/// 002, "Network"), not to the client's own configuration: a client whose configuration is wrong
/// must fail them. A scenario that wants another rule states it in the invariant's `args`.
public struct SSEInvariant: PluginEntries {
    package enum Kind: Equatable, Sendable {
        case offlineIndicator(delayNanoseconds: Int64, toleranceNanoseconds: Int64)
        case backoff(BackoffPolicy, resetOn: BackoffReset)
        case fullState, converged, serverIds, mutationsDelivered, noRevert
        case freshness(withinNanoseconds: Int64)
        case reconnectRate(max: Int, windowNanoseconds: Int64)
    }

    package let kind: Kind

    struct Indicator: PluginArguments {
        /// Seed 002: "shown after 1.5s of disconnect".
        var delayNanoseconds: Int64 = 1_500_000_000
        /// How late after the delay the indicator may still show (a client that polls its state).
        var toleranceNanoseconds: Int64 = 0
        static let fields: [Field<Self>] = [
            .positiveDuration(
                "delay", \.delayNanoseconds, allowZero: true, "the disconnect before the indicator shows"),
            .positiveDuration(
                "tolerance", \.toleranceNanoseconds, allowZero: true,
                "how much later than the delay it may show (for clients that poll their state)"),
        ]
    }

    struct Backoff: BackoffPolicyArguments {
        /// Seed 002: "1s initial, doubles to 30s cap. Reset on successful connect."
        var policy = BackoffPolicy()
        var resetOn = BackoffReset.firstEvent
        static let fields: [Field<Self>] =
            policyFields(initialDelay: "the first wait", maxDelay: "cap of the base delay")
            + [.choice("resetOn", \.resetOn, "firstEvent | firstByte")]
        func check(at path: JSONPath, diagnostics: Diagnostics) {
            Self.checkPolicy(policy, at: path, diagnostics: diagnostics)
        }
    }

    struct Freshness: PluginArguments {
        var withinNanoseconds: Int64 = 5_000_000_000
        static let fields: [Field<Self>] = [
            .positiveDuration("within", \.withinNanoseconds, allowZero: true, "the largest allowed lag")
        ]
    }

    struct Rate: PluginArguments {
        var max = 10
        var windowNanoseconds: Int64 = 1_000_000_000
        static let fields: [Field<Self>] = [
            .integer("max", \.max, in: 1...Int.max, "attempts allowed per window"),
            .positiveDuration("window", \.windowNanoseconds, "the sliding window's length"),
        ]
    }

    private static func doc(_ name: String) -> EntryDoc {
        guard let doc = SSEDocs.invariants.first(where: { $0.name == name }) else {
            preconditionFailure("sse.\(name) has no documentation")
        }
        return doc
    }

    public static let entries: [Entry<Self>] = [
        .entry(doc("offlineIndicator"), arguments: Indicator.self) {
            SSEInvariant(
                kind: .offlineIndicator(
                    delayNanoseconds: $0.delayNanoseconds, toleranceNanoseconds: $0.toleranceNanoseconds))
        },
        .entry(doc("backoff"), arguments: Backoff.self) {
            SSEInvariant(kind: .backoff($0.policy, resetOn: $0.resetOn))
        },
        .entry(doc("fullState"), SSEInvariant(kind: .fullState)),
        .entry(doc("converged"), SSEInvariant(kind: .converged)),
        .entry(doc("serverIds"), SSEInvariant(kind: .serverIds)),
        .entry(doc("mutationsDelivered"), SSEInvariant(kind: .mutationsDelivered)),
        .entry(doc("noRevert"), SSEInvariant(kind: .noRevert)),
        .entry(doc("freshness"), arguments: Freshness.self) {
            SSEInvariant(kind: .freshness(withinNanoseconds: $0.withinNanoseconds))
        },
        .entry(doc("reconnectRate"), arguments: Rate.self) {
            SSEInvariant(kind: .reconnectRate(max: $0.max, windowNanoseconds: $0.windowNanoseconds))
        },
    ]
}

/// An `sse` observable with its arguments.
public struct SSEObservable: PluginEntries {
    enum Kind: Equatable {
        case offlineIndicator, connected, items, reconnectAttempts, lastBackoffDelay, temporaryItems
        case serverItems, serverVersion, serverRequests
        case peakReconnectRate(windowNanoseconds: Int64)
    }

    let kind: Kind

    struct Window: PluginArguments {
        var windowNanoseconds: Int64 = 1_000_000_000
        static let fields: [Field<Self>] = [
            .positiveDuration("window", \.windowNanoseconds, "the window's length")
        ]
    }

    private static func entry(_ name: String, _ kind: Kind) -> Entry<Self> {
        let doc = doc(name)
        return .entry(doc, device: doc.perDevice ? .required() : .optional, SSEObservable(kind: kind))
    }

    private static func doc(_ name: String) -> EntryDoc {
        guard let doc = SSEDocs.observables.first(where: { $0.name == name }) else {
            preconditionFailure("sse.\(name) has no documentation")
        }
        return doc
    }

    public static let entries: [Entry<Self>] = [
        entry("offlineIndicator", .offlineIndicator),
        entry("connected", .connected),
        entry("items", .items),
        entry("reconnectAttempts", .reconnectAttempts),
        entry("lastBackoffDelay", .lastBackoffDelay),
        entry("temporaryItems", .temporaryItems),
        entry("serverItems", .serverItems),
        entry("serverVersion", .serverVersion),
        entry("serverRequests", .serverRequests),
        .entry(doc("peakReconnectRate"), arguments: Window.self) {
            SSEObservable(kind: .peakReconnectRate(windowNanoseconds: $0.windowNanoseconds))
        },
    ]
}
