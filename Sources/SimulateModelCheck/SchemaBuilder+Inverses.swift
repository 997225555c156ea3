import SimulateModel

/// Both sides of each relationship's inverse, as SwiftData pairs them.
extension SchemaBuilder {
    /// `@Relationship(inverse: \D.p)` on either side names both sides' inverse, as SwiftData does. A
    /// relationship neither side names has none (the toolkit does not guess SwiftData's inference).
    mutating func pairInverses() {
        for model in declarations.models {
            for property in model.properties {
                guard let keyPath = property.relationship?.inverse,
                    specs[model.qualifiedName]?.relationship(named: property.name) != nil
                else { continue }
                let scope = model.scope + [model.name]
                guard !keyPath.root.isEmpty, let destination = resolveModel(keyPath.root, from: scope) else {
                    errors.append(
                        InputError(
                            at: keyPath.position,
                            keyPath.root.isEmpty
                                ? "inverse: \(keyPath.text) needs its root type: \\Destination.\(keyPath.members.first ?? "property")"
                                : "inverse: \(keyPath.text) names \(keyPath.root.joined(separator: ".")), which is not an "
                                    + "@Model class found in the sources"))
                    continue
                }
                // `\Car.garage` where `garage` is `Vehicle`'s: the relationship of the model that declares it.
                let declaring =
                    keyPath.members.first.flatMap { storedProperty($0, of: destination)?.owner } ?? destination
                guard keyPath.members.count == 1, let name = keyPath.members.first,
                    let back = specs[declaring.qualifiedName]?.relationship(named: name)
                else {
                    errors.append(
                        InputError(
                            at: keyPath.position,
                            "inverse: \(keyPath.text): \(destination.name) has no relationship "
                                + "\(keyPath.members.joined(separator: ".")) (relationships: "
                                + (specs[destination.qualifiedName]?.relationships.map(\.name).joined(separator: ", ")
                                    ?? "")
                                + ")"))
                    continue
                }
                guard back.destination == model.name else {
                    errors.append(
                        InputError(
                            at: keyPath.position,
                            "inverse: \(keyPath.text) points to \(back.destination), not back to \(model.name)"))
                    continue
                }
                // A second relationship naming an inverse that is another's already (Apple's Backyard Birds:
                // `leadingPlants` and `trailingPlants` both `\Plant.backyard`): an inverse pairs two relationships,
                // so this one has none, and the CloudKit check says so with the fix (the toolkit's reading).
                if let taken = back.inverse, taken != property.name { continue }
                setInverse(model.qualifiedName, property.name, to: name, at: keyPath)
                setInverse(declaring.qualifiedName, name, to: property.name, at: keyPath)
            }
        }
    }

    /// A to-one relationship that names no inverse — the only one of its model to that destination without one
    /// — whose destination has exactly one relationship back to its entity that names none either, takes that
    /// one as its inverse; the other side keeps none. This is
    /// what seed 004 shows: its `SDMoodEntry.userProfile: SDUserProfileV9?` and
    /// `SDUserProfileV9.moodEntries: [SDMoodEntry]?`, neither naming an inverse, fail with
    /// "SDUserProfileV9: moodEntries" alone. The toolkit's reading of the seed, not a documented rule.
    mutating func inferToOneInverses() {
        // In name order: which side of a one-to-one takes the other does not hang on the files' order.
        for model in declarations.models.sorted(by: { $0.qualifiedName < $1.qualifiedName }) {
            guard let spec = specs[model.qualifiedName] else { continue }
            let scope = model.scope + [model.name]
            for relationship in spec.relationships where !relationship.isToMany && relationship.inverse == nil {
                // Only when unambiguous: `Doc.owner` and `Doc.editor` to `Person` do not both take `ownedDocs`.
                let siblings = spec.relationships.filter {
                    $0.destination == relationship.destination && $0.inverse == nil
                }
                guard siblings.count == 1,
                    let type = model.properties.first(where: { $0.name == relationship.name })?.type,
                    let destination = resolveModel(type.path, from: scope),
                    let back = specs[destination.qualifiedName]?.relationships.filter({ $0.destination == model.name }),
                    back.count == 1, back[0].inverse == nil,
                    destination.qualifiedName != model.qualifiedName || back[0].name != relationship.name
                else { continue }
                guard var updated = specs[model.qualifiedName],
                    let index = updated.relationships.firstIndex(where: { $0.name == relationship.name })
                else { continue }
                updated.relationships[index].inverse = back[0].name
                specs[model.qualifiedName] = updated
            }
        }
    }

    mutating func setInverse(
        _ entity: String, _ relationship: String, to inverse: String, at keyPath: KeyPathReference
    ) {
        guard var spec = specs[entity], let index = spec.relationships.firstIndex(where: { $0.name == relationship })
        else { return }
        if let existing = spec.relationships[index].inverse, existing != inverse {
            errors.append(
                InputError(
                    at: keyPath.position,
                    "\(spec.name).\(relationship) already has the inverse \(existing); \(keyPath.text) names another"))
            return
        }
        spec.relationships[index].inverse = inverse
        specs[entity] = spec
    }
}
