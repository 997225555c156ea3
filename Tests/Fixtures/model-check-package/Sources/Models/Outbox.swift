import Foundation

// Seed 001's outbox event as first written. `#if canImport(SwiftData)` keeps it out of the Linux build;
// model-check reads every branch.
#if canImport(SwiftData)
    import SwiftData

    @Model
    final class SDOutboxEvent {
        @Attribute(.unique) var id: UUID = UUID()
        var eventType: String
        var attemptCount: Int = 0

        init(eventType: String) {
            self.eventType = eventType
        }
    }
#endif

public enum Outbox {
    public static let name = "outbox"
}
