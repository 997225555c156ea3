import SimulateCore
import SimulateJSON
import Testing

@testable import SimulateCloudKit
@testable import SimulateModel

/// An object a device only imported keeps nothing but its shared box; these check that it answers
/// exactly as an object with edits storage would, before and after its flags, box or values change.
@Suite("A device's object: synced, flagged, edited")
struct ModelObjectStateTests {
    let layout = StoreLayout(ModelSchema.seeds.current)
    var task: StoreLayout.Entity { layout.entity(named: "Task")! }

    func box(tag: UInt64, title: String, slot: Int = 7) -> RecordBox {
        var record = CloudRecord(
            recordType: task.recordType,
            recordID: CloudRecordID(recordName: "Task-phone-1", zoneID: MirrorShared.zoneID),
            fields: ["CD_entityName": .string("Task"), "CD_title": .string(title)])
        record.changeTag = CloudChangeTag(rawValue: tag)
        return RecordBox(record, slot: slot, entity: layout.entity(of: record))
    }

    @Test func anImportedObjectReadsEverythingFromItsBox() {
        let object = ModelObject(box: box(tag: 3, title: "Milk"), entity: task)
        #expect(object.entity === task)
        #expect(object.id == "Task-phone-1")
        #expect(object.slot == 7)
        #expect(object.wasSent)
        #expect(!object.isQueued)
        #expect(object.baseTag == 3)
        #expect(object.local == nil)
        #expect(!object.isDirty)
        #expect(object.value(0) == .string("Milk"))
    }

    @Test func aNewerBoxMovesTheBaseVersionUntilTheObjectIsEdited() {
        let object = ModelObject(box: box(tag: 3, title: "Milk"), entity: task)
        object.isQueued = true
        #expect(object.isQueued && object.wasSent && object.slot == 7)
        object.box = box(tag: 5, title: "Oat milk")
        #expect(object.baseTag == 5, "flags alone do not pin the base version")
        #expect(object.local == nil && object.dirtyMask == 0 && object.editTime == nil)
        #expect(object.value(0) == .string("Oat milk"))

        object.set(0, .string("Rice milk"), at: .start + .seconds(2))
        object.box = box(tag: 9, title: "Soy milk")
        #expect(object.baseTag == 5, "an edit is based on the version the device had seen")
        #expect(object.value(0) == .string("Rice milk"))
        #expect(object.dirtyMask == 1 && object.generation == 1)
        #expect(object.isQueued && object.wasSent && object.slot == 7)
        object.isQueued = false
        #expect(!object.isQueued && object.wasSent)
    }

    @Test func aBoxOfAnotherEntityOrNoneKeepsTheObjectsOwn() {
        let project = layout.entity(named: "Project")!
        let object = ModelObject(box: box(tag: 3, title: "Milk"), entity: project)
        #expect(object.entity === project)
        #expect(object.wasSent && object.slot == 7 && object.baseTag == 3)

        let synced = ModelObject(box: box(tag: 3, title: "Milk"), entity: task)
        synced.box = nil
        #expect(synced.box == nil && synced.entity === task && synced.id == "Task-phone-1")
        #expect(synced.baseTag == 0 && synced.isDirty && synced.wasSent)
    }

    @Test func aNewObjectHasItsOwnEditsFromTheStart() {
        let object = ModelObject(id: "Task-phone-2", slot: 8, entity: task)
        #expect(object.id == "Task-phone-2" && object.slot == 8 && !object.wasSent && object.isDirty)
        object.wasSent = true
        object.box = box(tag: 4, title: "Bread", slot: 8)
        #expect(object.baseTag == 0, "a new object's edits are based on no server version")
        #expect(object.wasSent && !object.isQueued)
    }

    @Test func anAcknowledgedObjectGoesBackToItsBoxAndAnswersAsBefore() {
        let object = ModelObject(id: "Task-phone-1", slot: 7, entity: task)
        object.set(0, .string("Milk"), at: .start + .seconds(1))
        object.wasSent = true
        let saved = box(tag: 4, title: "Milk")
        object.box = saved
        object.dropSettledEdits()
        #expect(object.dirtyMask == 1 && object.generation == 1, "edits not yet acknowledged stay")

        object.baseTag = saved.tag
        object.local = nil
        object.dirtyMask = 0
        object.isQueued = true
        object.dropSettledEdits()
        #expect(object.isQueued && object.generation == 1, "a queued object keeps its edits")

        object.isQueued = false
        object.dropSettledEdits()
        #expect(object.generation == 0 && object.editTime == nil, "the edits' storage is gone")
        #expect(object.box === saved && object.entity === task && object.id == "Task-phone-1")
        #expect(object.slot == 7 && object.wasSent && !object.isQueued && object.baseTag == 4)
        #expect(!object.isDirty && object.local == nil && object.value(0) == .string("Milk"))

        object.set(0, .string("Oat milk"), at: .start + .seconds(3))
        #expect(object.generation == 1 && object.dirtyMask == 1 && object.baseTag == 4)
        #expect(object.editTime == .start + .seconds(3) && object.value(0) == .string("Oat milk"))
    }

    @Test func anObjectBasedOnAnotherVersionThanItsBoxKeepsItsEdits() {
        let object = ModelObject(id: "Task-phone-1", slot: 7, entity: task)
        object.wasSent = true
        object.box = box(tag: 4, title: "Milk")
        object.local = nil
        object.dirtyMask = 0
        object.dropSettledEdits()
        #expect(object.baseTag == 0, "a new object's base stays no version until it is acknowledged")
        #expect(object.box?.tag == 4)
    }

    @Test func aStoreMakesAnImportedObjectOnlyWhenAskedAndThenKeepsIt() {
        let store = ModelStore(layout: layout, device: Device(id: "phone", index: 0))
        let slot = store.names.intern("Task-phone-1")
        let imported = box(tag: 3, title: "Milk", slot: slot)
        let view = store.adopt(slot: slot, box: imported, entity: task)
        #expect(view.object == nil && view.id == "Task-phone-1" && view.baseTag == 3 && !view.isDirty)
        #expect(view.value(0) == .string("Milk"))
        #expect(store.contains("Task-phone-1") && store.objectCount == 1)
        #expect(store.view(atSlot: slot)?.object == nil, "reading made no object")

        #expect(store.replaceSyncedBox(atSlot: slot, with: box(tag: 5, title: "Oat milk", slot: slot)))
        #expect(store.view(atSlot: slot)?.baseTag == 5)

        let object = store.object(atSlot: slot)
        #expect(object != nil && store.object(atSlot: slot) === object, "made once, then kept")
        #expect(store.view(atSlot: slot)?.object === object)
        #expect(object.map(store.holds) == true)
        #expect(object?.wasSent == true && object?.baseTag == 5 && object?.value(0) == .string("Oat milk"))
        #expect(!store.replaceSyncedBox(atSlot: slot, with: box(tag: 6, title: "Soy milk", slot: slot)))
    }
}
