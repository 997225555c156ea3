import SimulateJSON

/// Why a store operation failed, returned as a value (never thrown across the plugin boundary).
public struct ModelStoreError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What kind of failure.
    public enum Code: String, Sendable, CaseIterable {
        /// No entity of that name in the schema.
        case unknownEntity
        /// No attribute or relationship of that name on the entity.
        case unknownProperty
        /// A value of the wrong type for its property.
        case invalidValue
        /// A predicate the store cannot evaluate.
        case invalidPredicate
        /// No object matches.
        case notFound
        /// An object of that name already exists.
        case duplicateID
        /// A `deny` delete rule stops the deletion.
        case deleteDenied
        /// SwiftData's "to-many key not allowed here": a key path through a to-many relationship.
        case toManyKeyNotAllowed
        /// An array attribute in a predicate: CloudKit stores arrays as binary data.
        case arrayAttributeNotQueryable
        /// No device of that id in the scenario.
        case unknownDevice
        /// The store did not load (`loadPersistentStores` reported Code=134060): every operation fails.
        case storeLoadFailed
        /// The counter plugin gave up allocating a displayId (offline, attempts used up, rejected…).
        case allocationFailed
    }

    /// What kind of failure.
    public var code: Code
    /// What went wrong, in words for people.
    public var message: String
    /// The key path or property the error is about, when there is one.
    public var keyPath: String?

    /// An error of `code`.
    public init(_ code: Code, _ message: String, keyPath: String? = nil) {
        self.code = code
        self.message = message
        self.keyPath = keyPath
    }

    /// The message.
    public var description: String { message }

    /// `{"code": "toManyKeyNotAllowed", "message": "to-many key not allowed here", "keyPath": "tasks.title"}`.
    public var json: JSON {
        var object: JSONObject = ["code": .string(code.rawValue), "message": .string(message)]
        if let keyPath { object["keyPath"] = .string(keyPath) }
        return .object(object)
    }
}
