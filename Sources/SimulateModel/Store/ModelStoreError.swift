import SimulateJSON

/// Why a store operation failed, returned as a value (never thrown across the plugin boundary).
public struct ModelStoreError: Error, Sendable, Equatable, CustomStringConvertible {
    public enum Code: String, Sendable, CaseIterable {
        case unknownEntity, unknownProperty, invalidValue, invalidPredicate, notFound, duplicateID, deleteDenied
        /// SwiftData's "to-many key not allowed here": a key path through a to-many relationship.
        case toManyKeyNotAllowed
        /// An array attribute in a predicate: CloudKit stores arrays as binary data.
        case arrayAttributeNotQueryable
        case unknownDevice
        /// The store did not load (`loadPersistentStores` reported Code=134060): every operation fails.
        case storeLoadFailed
        /// The counter plugin gave up allocating a displayId (offline, attempts used up, rejected…).
        case allocationFailed
    }

    public var code: Code
    public var message: String
    /// The key path or property the error is about, when there is one.
    public var keyPath: String?

    public init(_ code: Code, _ message: String, keyPath: String? = nil) {
        self.code = code
        self.message = message
        self.keyPath = keyPath
    }

    public var description: String { message }

    /// `{"code": "toManyKeyNotAllowed", "message": "to-many key not allowed here", "keyPath": "tasks.title"}`.
    public var json: JSON {
        var object: JSONObject = ["code": .string(code.rawValue), "message": .string(message)]
        if let keyPath { object["keyPath"] = .string(keyPath) }
        return .object(object)
    }
}
