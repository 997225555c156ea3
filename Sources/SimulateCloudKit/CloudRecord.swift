import SimulateCore
import SimulateJSON

/// A field value, like a `CKRecordValue`.
public enum CloudFieldValue: Sendable, Equatable {
    case int(Int64)
    case double(Double)
    case string(String)
    case bool(Bool)
    /// A date as nanoseconds of virtual time.
    case date(nanoseconds: Int64)
    /// A `CKRecord.Reference` to another record. Boxed, so that every value is 24 bytes instead of 40:
    /// records hold many values and few references (docs/performance.md).
    indirect case reference(CloudRecordID)
    case list([CloudFieldValue])

    /// The integer, when the value is one.
    public var intValue: Int64? { if case .int(let value) = self { value } else { nil } }
    /// The string, when the value is one.
    public var stringValue: String? { if case .string(let value) = self { value } else { nil } }

    /// The value for reports: numbers, strings and booleans as themselves, dates as
    /// `{"date": seconds}`, references as `{"reference": "zone/name"}`.
    public var json: JSON {
        switch self {
        case .int(let value): .integer(value)
        case .double(let value): .double(value)
        case .string(let value): .string(value)
        case .bool(let value): .bool(value)
        case .date(let nanoseconds): ["date": .double(Double(nanoseconds) / 1e9)]
        case .reference(let id): ["reference": .string(id.description)]
        case .list(let values): .array(values.map(\.json))
        }
    }
}

/// The server's version stamp of a record, like `CKRecord.recordChangeTag`: renewed on every save.
public struct CloudChangeTag: Hashable, Sendable, CustomStringConvertible {
    /// The tag's number (opaque to clients).
    public let rawValue: UInt64

    /// A tag with this number.
    public init(rawValue: UInt64) {
        self.rawValue = rawValue
    }

    /// `tag-<hex>`.
    public var description: String { "tag-\(String(rawValue, radix: 16))" }
}

/// A record, like `CKRecord`: a value type that remembers which keys the client changed.
///
/// A record made with `init` has no change tag: saving it creates it. Records the server returns
/// carry the tag of the version they show and an empty `changedKeys`.
///
/// The contents live in one shared, copy-on-write box: records are copied far more often (into
/// results, errors, histories) than they are changed, and a copy then costs one reference count.
/// Changing one field of a shared record (fetch, change, save) keeps sharing the fields: the change
/// waits beside them, and the fields are only copied when the record changes again or is read whole.
public struct CloudRecord: Sendable, Equatable {
    private var storage: Storage

    public init(recordType: String, recordID: CloudRecordID, fields: CloudFields = [:]) {
        storage = Storage(
            recordType: recordType, recordID: recordID, fields: fields, changeTag: nil, modificationTime: nil,
            changedKeys: ChangedKeys(keysOf: fields))
    }

    /// A new record with the fields of a dictionary.
    @_disfavoredOverload
    public init(recordType: String, recordID: CloudRecordID, fields: [String: CloudFieldValue]) {
        self.init(recordType: recordType, recordID: recordID, fields: CloudFields(fields))
    }

    private init(storage: Storage) {
        self.storage = storage
    }

    /// This version, held without a reference count: for a zone's change log, whose current entries are
    /// the versions the server's records hold (docs/performance.md's table of unchecked lifetimes).
    var unretained: Unretained { Unretained(self) }

    /// A version held without a reference count; valid while whoever keeps the version keeps it.
    struct Unretained {
        private let storage: Unmanaged<Storage>

        init(_ record: CloudRecord) {
            storage = .passUnretained(record.storage)
        }

        /// The version, counted again.
        var record: CloudRecord { CloudRecord(storage: storage.takeUnretainedValue()) }
    }

    public var recordType: String {
        get { storage.recordType }
        set { uniqueStorage().recordType = newValue }
    }

    public var recordID: CloudRecordID { storage.recordID }

    /// Whether `other` has this record's ID, compared where both records keep it (no copy of the names).
    func hasSameID(as other: borrowing CloudRecord) -> Bool {
        storage === other.storage || storage.recordID == other.storage.recordID
    }

    public var fields: CloudFields { storage.allFields }

    /// The version this copy was fetched at; nil for a record never saved.
    public internal(set) var changeTag: CloudChangeTag? {
        get { storage.changeTag }
        set { uniqueStorage().changeTag = newValue }
    }

    /// Virtual time of the server's last save of this version.
    public internal(set) var modificationTime: VirtualInstant? {
        get { storage.modificationTime }
        set { uniqueStorage().modificationTime = newValue }
    }

    /// Keys set since the copy came from the server: what `changedKeys` saves.
    public var changedKeys: Set<String> { Set(storage.changedKeys.list) }

    /// The changed keys, each once.
    var changedKeyList: [String] { storage.changedKeys.list }

    /// Reads or sets a field; setting marks the key changed, `nil` removes it.
    public subscript(key: String) -> CloudFieldValue? {
        get { storage.value(key) }
        set { update(key) { $0 = newValue } }
    }

    /// Changes one field in place with a single lookup, and marks the key changed: like reading
    /// `self[key]` and setting it to the new value.
    package mutating func update(_ key: String, _ change: (inout CloudFieldValue?) -> Void) {
        if isKnownUniquelyReferenced(&storage) {
            storage.applyEdit()
            storage.fields.update(key, change)
        } else {
            var value = storage.value(key)
            change(&value)
            storage = storage.copy(editing: key, to: consume value)
        }
        storage.changedKeys.insert(key)
    }

    /// The copy a server hands out: the given version, nothing changed.
    func serverCopy(fields: CloudFields, tag: CloudChangeTag, at time: VirtualInstant) -> CloudRecord {
        CloudRecord(
            storage: Storage(
                recordType: storage.recordType, recordID: storage.recordID, fields: fields, changeTag: tag,
                modificationTime: time, changedKeys: ChangedKeys()))
    }

    /// The copy a server keeps and hands out when it saves this record's fields as they are: this
    /// record's own box, changed in place, when nothing else holds it (the request that carried it gave
    /// it up); else a new box, as ``serverCopy(fields:tag:at:)`` makes.
    consuming func savedAsSent(tag: CloudChangeTag, at time: VirtualInstant) -> CloudRecord {
        guard isKnownUniquelyReferenced(&storage) else { return serverCopy(fields: fields, tag: tag, at: time) }
        storage.applyEdit()
        storage.changeTag = tag
        storage.modificationTime = time
        storage.changedKeys = ChangedKeys()
        return self
    }

    /// The record a server keeps when it saves this record with `key` set to `value`, as sent: what
    /// ``savedAsSent(tag:at:)`` makes of the changed record, in one new box.
    func savedSetting(_ key: String, to value: CloudFieldValue?, tag: CloudChangeTag, at time: VirtualInstant)
        -> CloudRecord
    {
        var fields = storage.allFields
        fields[key] = value
        return CloudRecord(
            storage: Storage(
                recordType: storage.recordType, recordID: storage.recordID, fields: fields, changeTag: tag,
                modificationTime: time, changedKeys: ChangedKeys()))
    }

    public static func == (a: CloudRecord, b: CloudRecord) -> Bool {
        if a.storage === b.storage { return true }
        let a = a.storage
        let b = b.storage
        return a.recordType == b.recordType && a.recordID == b.recordID && a.changeTag == b.changeTag
            && a.modificationTime == b.modificationTime && a.allFields == b.allFields
            && a.changedKeys.count == b.changedKeys.count && a.changedKeys.list.allSatisfy(b.changedKeys.contains)
    }

    private mutating func uniqueStorage() -> Storage {
        if !isKnownUniquelyReferenced(&storage) { storage = storage.copy() }
        return storage
    }

    /// A record's contents. Only a uniquely referenced box is ever changed, so sharing it across
    /// threads is safe; its state needs no run-time exclusivity checks (each access is a plain read or write).
    /// Unchecked on purpose: 11.6 M instructions (3.7 %) of `simulate-bench counter-runs 10` with the
    /// checks on, part of the request path's 1.83× (see ``CloudKitRecordServer`` and docs/performance.md).
    private final class Storage: @unchecked Sendable {
        // What a device's import reads of every record (its version, type and fields) comes first, beside
        // the object's header, so that one cache line often holds it all: at 10 × 10,000 the type and the
        // tag missed the cache apart (docs/performance.md).
        /// The change tag's number, 0 for none (the server numbers its tags from 1), and the
        /// modification time's nanoseconds, `Int64.min` for none: as optionals they took 16 bytes more
        /// of every record's box (176 bytes of heap instead of 160).
        @exclusivity(unchecked) private var tagNumber: UInt64
        @exclusivity(unchecked) var recordType: String
        /// The fields, but for `edit` when there is one.
        @exclusivity(unchecked) var fields: CloudFields
        let recordID: CloudRecordID
        @exclusivity(unchecked) var edit: FieldEdit?
        @exclusivity(unchecked) private var modificationNanoseconds: Int64
        @exclusivity(unchecked) var changedKeys: ChangedKeys

        var changeTag: CloudChangeTag? {
            get { tagNumber == 0 ? nil : CloudChangeTag(rawValue: tagNumber) }
            set {
                precondition(newValue?.rawValue != 0, "change tags are numbered from 1")
                tagNumber = newValue?.rawValue ?? 0
            }
        }

        var modificationTime: VirtualInstant? {
            get {
                modificationNanoseconds == .min ? nil : VirtualInstant(nanoseconds: modificationNanoseconds)
            }
            set { modificationNanoseconds = newValue?.nanoseconds ?? .min }
        }

        init(
            recordType: String, recordID: CloudRecordID, fields: CloudFields,
            changeTag: CloudChangeTag?, modificationTime: VirtualInstant?, changedKeys: ChangedKeys
        ) {
            precondition(changeTag?.rawValue != 0, "change tags are numbered from 1")
            self.recordType = recordType
            self.recordID = recordID
            self.fields = fields
            tagNumber = changeTag?.rawValue ?? 0
            modificationNanoseconds = modificationTime?.nanoseconds ?? .min
            self.changedKeys = changedKeys
        }

        var allFields: CloudFields {
            guard let edit else { return fields }
            var all = fields
            all[edit.key] = edit.value
            return all
        }

        func value(_ key: String) -> CloudFieldValue? {
            if let edit, edit.key == key { return edit.value }
            return fields[key]
        }

        /// Moves a waiting change into the fields; only on a uniquely referenced box.
        func applyEdit() {
            guard let edit else { return }
            self.edit = nil
            fields[edit.key] = edit.value
        }

        /// A copy with `key` set to `value`: the change waits beside the shared fields, and a waiting
        /// change to another key moves into the copy's fields first.
        func copy(editing key: String, to value: consuming CloudFieldValue?) -> Storage {
            let copy = Storage(
                recordType: recordType, recordID: recordID, fields: fields, changeTag: changeTag,
                modificationTime: modificationTime, changedKeys: changedKeys)
            if let edit, edit.key != key { copy.fields[edit.key] = edit.value }
            copy.edit = FieldEdit(key: key, value: consume value)
            return copy
        }

        func copy() -> Storage {
            let copy = Storage(
                recordType: recordType, recordID: recordID, fields: fields, changeTag: changeTag,
                modificationTime: modificationTime, changedKeys: changedKeys)
            copy.edit = edit
            return copy
        }
    }

    private struct FieldEdit {
        var key: String
        var value: CloudFieldValue?
    }

    /// The record for reports: type, name, zone, tag and fields (keys sorted).
    public var json: JSON {
        let fields = fields
        var fieldObject = JSONObject()
        for (key, value) in fields { fieldObject[key] = value.json }
        return [
            "recordType": .string(recordType), "recordName": .string(recordID.recordName),
            "zone": .string(recordID.zoneID.zoneName), "changeTag": changeTag.map { .string($0.description) } ?? .null,
            "fields": .object(fieldObject),
        ]
    }
}
