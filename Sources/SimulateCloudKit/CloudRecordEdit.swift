/// A record with one field set, kept as the record it was read as and the change: what a client that
/// fetches, changes one field and saves sends. A save that conflicts never needs the changed record
/// itself (the error carries it, and a client seldom reads it), so it is made only when the server
/// keeps it or someone reads ``record``: a conflict then costs no record box (docs/performance.md).
package struct CloudRecordEdit: Sendable {
    /// The record as the client read it.
    package var base: CloudRecord
    /// The field set.
    package var key: String
    /// Its new value; nil removes it.
    package var value: CloudFieldValue?

    package init(_ base: consuming CloudRecord, setting key: String, to value: CloudFieldValue?) {
        self.base = base
        self.key = key
        self.value = value
    }

    /// The changed record: `base` with `record[key] = value`, the key marked changed.
    package var record: CloudRecord {
        var record = base
        record[key] = value
        return record
    }
}
