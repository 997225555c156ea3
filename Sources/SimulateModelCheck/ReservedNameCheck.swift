/// Core Data: "A property name cannot be the same as any no-parameter method name of `NSObject` or
/// `NSManagedObject`. For example, you cannot give a property the name "description"." (NSPropertyDescription).
/// A warning at each stored property of a loaded model named after one of the best-known of them.
enum ReservedNameCheck {
    static let names: Set<String> = [
        "description", "debugDescription", "hash", "superclass", "className", "classForCoder", "isProxy", "zone",
        "entity", "objectID", "managedObjectContext", "isInserted", "isUpdated", "isDeleted", "isFault",
        "hasChanges", "hasPersistentChangedValues", "faultingState", "changedValues", "changedValuesForCurrentEvent",
        "committedValues", "awakeFromFetch", "awakeFromInsert", "willSave", "didSave", "willTurnIntoFault",
        "didTurnIntoFault", "prepareForDeletion", "validateForDelete", "validateForInsert", "validateForUpdate",
    ]

    static func findings(_ models: [ModelDeclaration], loaded: Set<String>) -> [Finding] {
        models.filter { loaded.contains($0.name) }.flatMap { model in
            model.properties.filter { !$0.isTransient && names.contains($0.name) }.map { property in
                Finding(
                    position: property.position, entity: model.name, property: property.name, rule: "reservedName",
                    severity: .warning,
                    message: "\(model.name).\(property.name) has the name of a method of NSObject or NSManagedObject, "
                        + "which Core Data does not allow a property (NSPropertyDescription: \"A property name cannot "
                        + "be the same as any no-parameter method name of NSObject or NSManagedObject\"): rename it, "
                        + "e.g. `var \(property.name)Text`")
            }
        }
    }
}
