import SimulateCore
import SimulateJSON

/// The documented actions, invariants and observables.
enum ModelEntryDocs {
    static let actions: [EntryDoc] = [
        EntryDoc(
            "insert", "Insert one object on the device and save",
            details: """
                Inserts an object of `entity` with `values` (unspecified attributes take their declared default:
                "now" is the device's own clock, "random" a seeded UUID). The container names the record itself
                ("<Entity>-<device>-<n>", standing for its UUID; n counts the objects inserted on that device, of
                every entity, from 1: Project-phone-1, then Task-phone-2); `id` is the app's own identifier for the object,
                its "@id" in predicates and observables (default: the record name). Two devices inserting the same
                `id` make two records (field report 1); the same `id` twice on one device is duplicateID.
                When displayId is configured, inserting that entity asks the counter plugin for an id on the device.
                Errors (unknown property, wrong type, missing relationship target) go to model.lastError.
                """),
        EntryDoc(
            "update", "Set values on every matching object on the device and save",
            details: "Matching nothing is not an error (the object may not have synced to the device yet)."),
        EntryDoc(
            "delete", "Delete every matching object on the device (delete rules apply) and save",
            details: """
                cascade deletes the related objects, nullify clears their inverse, deny refuses the delete while the
                relationship is not empty (model.lastError), noAction leaves them pointing at the deleted object.
                """),
        EntryDoc(
            "fetch", "Fetch matching objects; the result goes to model.lastFetch, an error to model.lastError",
            details: """
                Like a FetchDescriptor with a #Predicate. A key path through a to-many relationship fails with
                SwiftData's "to-many key not allowed here" (code toManyKeyNotAllowed) and an array attribute with
                arrayAttributeNotQueryable; model.lastFetch is then null.
                """),
        EntryDoc(
            "sync", "Run an export+import pass now (or right after the one under way)",
            details: "Passes also run at launch, after saves (exportDebounce), on reconnect, on pushes, on "
                + "model.foreground, and periodically only when periodicSync is set; each of those waits a seeded "
                + "syncDeferral first, but this one runs at once."),
        EntryDoc(
            "deduplicate", "The app's de-duplication: one object per key survives, references move to it",
            details: """
                Objects of `entity` with equal values of the `by` attributes ("@id" names the object's @id; the
                default ["@id"] may be written out) are one logical
                object: the one whose record name sorts first survives on every device alike, to-one references to
                the others move to it, and the others are deleted (Apple's sample "Synchronizing a Local Store to
                the Cloud" de-duplicates this way). Many-to-many links of the deleted ones are not moved.
                """),
        EntryDoc(
            "foreground", "The app is launched again or returns to the foreground: the container runs a pass",
            details: """
                NSPersistentCloudKitContainer imports on a push, at launch and when the app becomes active again;
                without pushes (dropped, Simulator) this is how a device catches up. The store is kept (it is on disk).
                """),
        EntryDoc(
            "throttleSync", "Fault: the system defers (or throttles) the device's sync passes for a while",
            details: """
                From now for `for`, no pass the system schedules (after a save, on a push, on reconnect, at
                launch, on model.foreground) runs: they wait for the end and then run as one, or with `every`
                at most one per interval. model.sync still runs at once, and retries keep their backoff. The
                system schedules the container's sync at its discretion (TN3164; Apple Developer Forums thread
                830538: it "supports discretionary scheduling"); what holds it back (battery, thermal state, a
                spent background budget) is not documented for the container, so this fault stands for any of it.
                """),
        EntryDoc(
            "expireChangeTokens", "Server-side fault: every change token of the zone expires (a step without device)",
            details: """
                The next fetch of each device fails with changeTokenExpired; the device refetches the zone from the
                start and deletes the synced objects the server no longer has (field report 7).
                """),
    ]

    static let invariants: [EntryDoc] = [
        EntryDoc(
            "schema", "The schema passes CloudKit's model validation and add-only migration",
            details: """
                One violation per rule group of Core Data's NSCocoaErrorDomain Code=134060 failure reason, in its
                order and words: missing inverses, ordered relationships, non-optional attributes without a default,
                non-optional relationships, unsupported delete rules (Deny only: No Action is accepted, and
                model.relationships reports the references it leaves dangling), unique constraints — each followed
                by sorted "Entity: property" lines, then the toolkit's group for Undefined and Object ID attribute
                types. With any of them the store does not load (every store action fails with storeLoadFailed)
                unless cloudKitDatabase is "none". Every version of a plan is checked (an assumption;
                validateVersions: "current" checks the loaded one). More violations list relationships to entities
                outside configurationEntities, and renames, removals and type changes made after a version marked
                "deployed".
                """),
        EntryDoc(
            "converged", "At the end every device holds exactly the server's objects, values and links",
            details: "Reports per device: changes not yet exported, missing or extra objects, differing fields."),
        EntryDoc(
            "relationships", "At the end no reference names a missing object, on the server or any device",
            details: """
                A to-one field (CD_<name> holds the destination's record name) or a CDMR link whose destination does
                not exist is dangling: e.g. a task added offline to a project another device deleted, when the
                delete rule is not honoured across devices.
                """),
        EntryDoc(
            "noLostUpdates", "No save overwrote a field another device had changed since the saver last saw it",
            details: """
                The server notes who wrote each field. A save that changes a field whose last writer is another
                device, at a version newer than the one the saving device based its edit on, overwrote a concurrent
                edit: reported with both values, devices and edit times. Under recordLastWriterWins this includes
                fields the saver never edited (its stale copy wins). A save that carried no local edit (an object
                uploaded again after a zone reset, its edits all acknowledged before) is reported as saved
                without a local edit, with no edit time.
                """),
        EntryDoc(
            "uniqueness", "No two objects share a logical unique key, on the server or any device",
            details: """
                Keys: configuration uniqueKeys, attributes marked "unique" (which CloudKit cannot enforce), and
                args.keys. Concurrent creates of the same key (e.g. seed data inserted on two devices) are reported
                with who created each object and when.
                """),
    ]

    static let observables: [EntryDoc] = [
        EntryDoc(
            "objects", "The device's objects of an entity, sorted by @id",
            details: "Each object: \"@id\", every attribute and to-one relationship (an @id or null), and every "
                + "to-many relationship as a sorted array of @ids.",
            valueType: "array"),
        EntryDoc(
            "serverObjects", "The server's records of an entity, read like model.objects",
            perDevice: false, valueType: "array"),
        EntryDoc(
            "serverRecords", "The server's records of one record type, as the container wrote them",
            details: "Sorted by record name; each {\"recordName\", and every field by its CD_ name}: an object's "
                + "record holds CD_entityName, a CDMR link record CD_entityNames, CD_relationships and "
                + "CD_recordNames (\"Reading CloudKit Records for Core Data\"). Dates are ISO 8601 text, data base64.",
            perDevice: false, valueType: "array"),
        EntryDoc(
            "count", "How many objects the device holds (of `entity` when given)",
            valueType: "integer"),
        EntryDoc("lastFetch", "The result of the device's last model.fetch (null after an error)", valueType: "array"),
        EntryDoc(
            "lastError", "The error of the device's last model action, or null when it succeeded",
            details:
                "{\"code\": …, \"message\": …} and \"keyPath\": … when the error names one; e.g. {\"code\": \"toManyKeyNotAllowed\", "
                + "\"message\": \"to-many key not allowed here\", \"keyPath\": \"tasks.title\"}.",
            valueType: "object"),
        EntryDoc("pendingChanges", "Edits, deletions and links the device has not exported yet", valueType: "integer"),
        EntryDoc(
            "unlinked",
            "References on the device to objects it does not hold (children that arrived before their parent)",
            valueType: "integer"),
        EntryDoc(
            "schemaError", "Core Data's Code=134060 failure reason for the schema, or null",
            perDevice: false, valueType: "string"),
    ]
}
