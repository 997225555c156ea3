import SimulateFacades

/// The server's copy of one user setting; `version` orders writes (0: the caller sends none).
public protocol SettingsAPI: Sendable {
    func put(enabled: Bool, version: Int) async throws
}

/// Where the app records what the user did (an analytics or logging actor).
public protocol ActivityLog: Sendable {
    func record(_ event: String) async
}

/// A switch in the app's settings screen: each tap sets the value locally and writes it through.
public protocol SettingToggle: Sendable {
    func set(_ enabled: Bool) async
    var value: Bool { get async }
}

/// Ordering of two writes through an actor (depth 2): each tap changes the local value at once, but
/// its write to the server is sent after another `await` (logging the tap), so two quick taps can
/// send their writes in the other order: the server keeps the first tap's value, the screen shows the second's.
public actor WriteThroughToggle: SettingToggle {
    public private(set) var value = false
    private let api: any SettingsAPI
    private let log: any ActivityLog

    public init(api: any SettingsAPI, log: any ActivityLog) {
        self.api = api
        self.log = log
    }

    public func set(_ enabled: Bool) async {
        value = enabled
        await log.record("notifications \(enabled ? "on" : "off")")
        try? await api.put(enabled: enabled, version: 0)
    }
}

/// The twin: every write carries a version taken with the local change; the server keeps the highest.
public actor VersionedToggle: SettingToggle {
    public private(set) var value = false
    private var version = 0
    private let api: any SettingsAPI
    private let log: any ActivityLog

    public init(api: any SettingsAPI, log: any ActivityLog) {
        self.api = api
        self.log = log
    }

    public func set(_ enabled: Bool) async {
        value = enabled
        version += 1
        let sent = version
        await log.record("notifications \(enabled ? "on" : "off")")
        try? await api.put(enabled: enabled, version: sent)
    }
}
