import SimulateCore
import SimulateJSON

/// An `sse` invariant with its arguments. The arguments hold the client to the seed's rules (seed
/// 002, "Network"), not to the client's own configuration: a client whose configuration is wrong
/// must fail them. A scenario that wants another rule states it in the invariant's `args`.
public struct SSEInvariant: PluginEntries {
    package enum Kind: Equatable, Sendable {
        case offlineIndicator(delay: VirtualDuration, tolerance: VirtualDuration)
        case backoff(BackoffPolicy, resetOn: BackoffReset, stableFor: VirtualDuration)
        case fullState, converged, serverIds, mutationsDelivered, noRevert
        case freshness(within: VirtualDuration)
        case reconnectRate(max: Int, window: VirtualDuration)
    }

    package let kind: Kind

    struct Indicator: PluginArguments {
        /// Seed 002: "shown after 1.5s of disconnect".
        var delay: VirtualDuration = .milliseconds(1_500)
        /// How late after the delay the indicator may still show (a client that polls its state).
        var tolerance: VirtualDuration = .zero
        static let fields: [Field<Self>] = [
            .positiveDuration(
                "delay", \.delay, allowZero: true, "the disconnect before the indicator shows"),
            .positiveDuration(
                "tolerance", \.tolerance, allowZero: true,
                "how much later than the delay it may show (for clients that poll their state)"),
        ]
    }

    struct Backoff: BackoffPolicyArguments {
        /// Seed 002: "1s initial, doubles to 30s cap. Reset on successful connect."
        var policy = BackoffPolicy()
        var resetOn = BackoffReset.firstEvent
        var stableFor = VirtualDuration.zero
        static let fields: [Field<Self>] =
            policyFields(initialDelay: "the first wait", maxDelay: "cap of the base delay")
            + [
                .choice("resetOn", \.resetOn, "firstEvent | firstByte"),
                .positiveDuration(
                    "stableFor", \.stableFor, allowZero: true,
                    "a successful connect restarts the backoff only once the connection has stayed up this long "
                        + "(LaunchDarkly's backoffResetThreshold, 60s; 0: at once)"),
            ]
        func check(at path: JSONPath, diagnostics: Diagnostics) {
            Self.checkPolicy(policy, at: path, diagnostics: diagnostics)
        }
    }

    struct Freshness: PluginArguments {
        var within: VirtualDuration = .seconds(5)
        static let fields: [Field<Self>] = [
            .positiveDuration("within", \.within, allowZero: true, "the largest allowed lag")
        ]
    }

    struct Rate: PluginArguments {
        var max = 10
        var window: VirtualDuration = .seconds(1)
        static let fields: [Field<Self>] = [
            .integer("max", \.max, in: 1...Int.max, "attempts allowed per window"),
            .positiveDuration("window", \.window, "the sliding window's length"),
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
                kind: .offlineIndicator(delay: $0.delay, tolerance: $0.tolerance))
        },
        .entry(doc("backoff"), arguments: Backoff.self) {
            SSEInvariant(kind: .backoff($0.policy, resetOn: $0.resetOn, stableFor: $0.stableFor))
        },
        .entry(doc("fullState"), SSEInvariant(kind: .fullState)),
        .entry(doc("converged"), SSEInvariant(kind: .converged)),
        .entry(doc("serverIds"), SSEInvariant(kind: .serverIds)),
        .entry(doc("mutationsDelivered"), SSEInvariant(kind: .mutationsDelivered)),
        .entry(doc("noRevert"), SSEInvariant(kind: .noRevert)),
        .entry(doc("freshness"), arguments: Freshness.self) {
            SSEInvariant(kind: .freshness(within: $0.within))
        },
        .entry(doc("reconnectRate"), arguments: Rate.self) {
            SSEInvariant(kind: .reconnectRate(max: $0.max, window: $0.window))
        },
    ]
}

/// An `sse` observable with its arguments.
public struct SSEObservable: PluginEntries {
    package enum Kind: Equatable, Sendable {
        case offlineIndicator, connected, items, reconnectAttempts, lastBackoffDelay, temporaryItems
        case serverItems, serverVersion, serverRequests
        case peakReconnectRate(window: VirtualDuration)
    }

    package let kind: Kind

    struct Window: PluginArguments {
        var window: VirtualDuration = .seconds(1)
        static let fields: [Field<Self>] = [
            .positiveDuration("window", \.window, "the window's length")
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
            SSEObservable(kind: .peakReconnectRate(window: $0.window))
        },
    ]
}
