/// The network faults of the scenario format.
public enum FaultKind: String, Sendable, CaseIterable {
    /// No connectivity: open connections fail at once and new requests fail at once.
    case offline
    /// The devices cannot reach any server, silently: connections stall, requests go unanswered.
    case partition
    /// The fault's `latency` replaces the link latency.
    case latency
    /// The fault's `loss` replaces the link loss probability.
    case loss
    /// Requests reach and change the server; responses (and stream bytes) are lost.
    case dropResponses
    /// The named plugin's server drops every connection.
    case serverRestart
    /// The named server (`server`) answers with an error of its own (`error`) while the fault lasts,
    /// to requests from the fault's devices. The plugins that run the server document its errors.
    case serverError
    /// The app on the devices goes to the background and is suspended; it returns to the foreground when
    /// the fault ends. Its open streams end (the app sees `networkConnectionLost` on return), its timers
    /// do not fire while it is suspended, and what arrives for it waits until it returns.
    case background
}

/// One occurrence of a fault on a set of devices.
public struct FaultOccurrence: Sendable {
    /// What the fault does.
    public var kind: FaultKind
    /// When it starts.
    public var start: VirtualInstant
    /// nil: until the end of the run.
    public var end: VirtualInstant?
    /// The devices it applies to.
    public var deviceIDs: [String]
    /// `latency` faults: the latency while it lasts.
    public var latency: LatencyRange?
    /// `loss` faults: the chance a message is lost.
    public var loss: Double?
    /// `serverRestart`: the plugin whose server restarts.
    public var plugin: String?
    /// `serverError`: the server's network name and the error's name.
    public var server: String? = nil
    /// `serverError`: the error's name.
    public var error: String? = nil
    /// Order among faults, so the latest started override wins.
    public var ordinal: Int
}
