import SimulateCore
import SimulateJSON

/// The per-device SwiftData stores of a run, for other plugins (the `intents` plugin routes App
/// Intents here). Find it with `context.service(ModelStoreService.self)` in `start()`.
///
/// Every call works on one device's store as the app on that device would, and returns failures as
/// values. Objects are JSON objects: `"@id"` (the record name) and every attribute and to-one
/// relationship (the destination's `@id` or null), plus to-many relationships as sorted arrays of ids.
/// Values are written as in scenario steps (see `docs/model.md`); `where` is a predicate in the
/// same JSON language (nil: every object). Changes are saved at once and exported by the mirroring.
public protocol ModelStoreService: AnyObject {
    /// The entity names of the schema the app runs.
    var entityNames: [String] { get }
    /// Inserts one object; `id` is its record name (generated when nil). Returns the object as stored.
    func insert(entity: String, id: String?, values: JSONObject, on device: Device) -> Result<JSON, ModelStoreError>
    /// Updates every matching object; returns them as stored (possibly none).
    func update(entity: String, where predicate: JSON?, values: JSONObject, on device: Device)
        -> Result<[JSON], ModelStoreError>
    /// Deletes every matching object (delete rules apply); returns how many objects were deleted in all.
    func delete(entity: String, where predicate: JSON?, on device: Device) -> Result<Int, ModelStoreError>
    /// Fetches matching objects sorted by `@id`; fails like SwiftData for to-many key paths and array attributes.
    func fetch(entity: String, where predicate: JSON?, on device: Device) -> Result<[JSON], ModelStoreError>
}
