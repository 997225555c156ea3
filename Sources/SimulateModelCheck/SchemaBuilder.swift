import SimulateJSON
import SimulateModel
import SwiftSyntax

/// Turns the declarations into the plugin's ``ModelSchema``: entities, attributes, relationships with both
/// sides of each inverse, versions in plan order. Every declaration it cannot turn into schema is an
/// ``InputError`` at that declaration.
struct SchemaBuilder {
    private(set) var declarations: Declarations
    var errors: [InputError] = []
    var map = SourceMap()
    /// How the loaded schema was chosen, for the report.
    var loadedDescription = ""
    var specs: [String: EntitySpec] = [:]
    var modelsByName: [String: ModelDeclaration] = [:]
    /// Simple name → every model of that name, for the fallback lookup.
    var modelsBySimpleName: [String: [ModelDeclaration]] = [:]
    var valueTypesByName: [String: ValueTypeDeclaration] = [:]
    var valueTypesBySimpleName: [String: [ValueTypeDeclaration]] = [:]

    init(_ declarations: Declarations) {
        self.declarations = declarations
        indexModels()
        for value in declarations.valueTypes {
            let qualified = (value.scope + [value.name]).joined(separator: ".")
            if valueTypesByName[qualified] == nil { valueTypesByName[qualified] = value }
            valueTypesBySimpleName[value.name, default: []].append(value)
        }
        if readStaticMemberDefaults() { indexModels() }
    }

    private mutating func indexModels() {
        modelsByName = [:]
        modelsBySimpleName = [:]
        for model in declarations.models {
            modelsByName[model.qualifiedName] = model
            modelsBySimpleName[model.name, default: []].append(model)
        }
    }

    /// `var id = Model.singletonID`, `var limit = Defaults.limit`: the static property's type, not its owner's
    /// (an enum's case is of the enum's type); refused when it cannot be read. Returns whether a type changed.
    private mutating func readStaticMemberDefaults() -> Bool {
        var changed = false
        for (index, model) in declarations.models.enumerated() {
            for (slot, property) in model.properties.enumerated() {
                guard let member = property.typeFromMember, let type = property.type else { continue }
                let scope = model.scope + [model.name]
                let owner: [String]
                if let found = resolveModel(type.path, from: scope) {
                    owner = found.scope + [found.name]
                } else if let found = resolveValueType(type.path, from: scope) {
                    if found.isEnum && found.cases.contains(where: { $0.name == member }) { continue }
                    owner = found.scope + [found.name]
                } else {
                    continue
                }
                changed = true
                if let declared = declarations.staticTypes[(owner + [member]).joined(separator: ".")] {
                    declarations.models[index].properties[slot].type = declared
                } else {
                    declarations.models[index].properties[slot].type = nil
                    errors.append(
                        InputError(
                            at: property.position,
                            "\(model.name).\(property.name) has no type annotation, and the type of its default "
                                + "\(owner.joined(separator: ".")).\(member) cannot be read (no static property of that "
                                + "name with a written type or a literal value); write its type: "
                                + "`var \(property.name): Type = …`"))
                }
            }
        }
        return changed
    }

    // MARK: Versions

    /// Builds the schema: the migration plan's versions, else every `VersionedSchema` by version identifier,
    /// else one version of every `@Model` class; `types` names the container's types instead.
    mutating func build(types: [String]) -> ModelSchema? {
        var versions: [(name: String, models: [ModelDeclaration])] = []
        if !types.isEmpty {
            var models: [ModelDeclaration] = []
            for name in types {
                guard let model = resolveModel(name.split(separator: ".").map(String.init), from: []) else {
                    errors.append(
                        InputError(
                            path: name,
                            "--types names \(name), which is not an @Model class in the sources (found: "
                                + declarations.models.map(\.qualifiedName).joined(separator: ", ") + ")"))
                    continue
                }
                models.append(model)
            }
            versions = [("types", models)]
            loadedDescription = "the types named by --types and the models they reach"
        } else if let plan = declarations.plans.first {
            var planned: Set<String> = []
            if declarations.plans.count > 1 {
                errors.append(
                    InputError(
                        at: declarations.plans[1].position,
                        "a second SchemaMigrationPlan (\(declarations.plans[1].name)); the first is "
                            + "\(plan.name) at \(plan.position): check one app's sources at a time"))
            }
            for (path, position) in plan.schemas {
                guard let schema = versionedSchema(path) else {
                    errors.append(
                        InputError(
                            at: position,
                            "\(path.joined(separator: ".")) is not a VersionedSchema found in the sources"))
                    continue
                }
                versions.append((schema.name, models(of: schema)))
                planned.insert(schema.qualifiedName)
            }
            for stage in plan.stages {
                map.stages["\(stage.from.last ?? "")>\(stage.to.last ?? "")"] = stage.position
            }
            loadedDescription =
                "the newest version of \(plan.name) (\(versions.last?.name ?? "none")); every version of the plan is checked"
            // Another store's schemas (a second container) are not this plan's: say so rather than drop them.
            let others = declarations.versionedSchemas.filter { !planned.contains($0.qualifiedName) }
                .map(\.qualifiedName)
            if !others.isEmpty {
                loadedDescription +=
                    "; not in the plan, so not checked: " + others.joined(separator: ", ")
                    + " (another store's? check its models with --types)"
            }
        } else if !declarations.versionedSchemas.isEmpty {
            let ordered = declarations.versionedSchemas.enumerated().sorted { a, b in
                let (x, y) = (a.element.versionIdentifier ?? [], b.element.versionIdentifier ?? [])
                return x != y ? x.lexicographicallyPrecedes(y) : a.offset < b.offset
            }.map(\.element)
            versions = ordered.map { ($0.name, models(of: $0)) }
            loadedDescription =
                "the newest VersionedSchema (\(versions.last?.name ?? "none")) by versionIdentifier; no "
                + "SchemaMigrationPlan was found, so every VersionedSchema is checked in that order"
        } else {
            versions = [("v1", declarations.models)]
            loadedDescription = "every @Model class found (no VersionedSchema or SchemaMigrationPlan)"
        }
        for model in declarations.models where specs[model.qualifiedName] == nil {
            specs[model.qualifiedName] = entity(model)
        }
        pairInverses()
        inferToOneInverses()
        var result: [SchemaVersion] = []
        for (index, version) in versions.enumerated() {
            let closure = reachable(version.models)
            var seen: [String: ModelDeclaration] = [:]
            var entities: [EntitySpec] = []
            for model in closure {
                if let other = seen[model.name], other.qualifiedName != model.qualifiedName {
                    errors.append(
                        InputError(
                            at: model.position,
                            "two @Model classes named \(model.name) in \(version.name) (\(other.qualifiedName) at "
                                + "\(other.position)): SwiftData names an entity after its class"))
                    continue
                }
                guard seen[model.name] == nil, let spec = specs[model.qualifiedName] else { continue }
                seen[model.name] = model
                map.versionEntities[version.name, default: [:]][model.name] = model
                entities.append(spec)
            }
            if entities.isEmpty {
                let position = declarations.versionedSchemas.first { $0.name == version.name }?.position
                errors.append(
                    position.map { InputError(at: $0, "\(version.name) lists no @Model class") }
                        ?? InputError(path: "<sources>", "no @Model class found in the sources"))
                continue
            }
            result.append(
                SchemaVersion(name: version.name, isDeployed: index < versions.count - 1, entities: entities))
        }
        guard errors.isEmpty, !result.isEmpty else { return nil }
        return ModelSchema(versions: result)
    }

    private func versionedSchema(_ path: [String]) -> VersionedSchemaDeclaration? {
        let all = Dictionary(
            declarations.versionedSchemas.map { ($0.qualifiedName, $0) }, uniquingKeysWith: { a, _ in a })
        if let found = resolve(path, from: [], exists: { all[$0] != nil }) { return all[found] }
        let candidates = declarations.versionedSchemas.filter { $0.name == path.last }
        return candidates.count == 1 ? candidates[0] : nil
    }

    private mutating func models(of schema: VersionedSchemaDeclaration, depth: Int = 0) -> [ModelDeclaration] {
        map.versions[schema.name] = schema.position
        guard let list = schema.models else {
            errors.append(
                InputError(
                    at: schema.position,
                    "\(schema.name) has no `static var models: [any PersistentModel.Type]` list that model-check "
                        + "can read (write it as an array literal of `Type.self`)"))
            return []
        }
        var models: [ModelDeclaration] = []
        for (path, position) in list {
            if path.last == "models", depth < 16, let other = versionedSchema(Array(path.dropLast())),
                other.qualifiedName != schema.qualifiedName
            {
                let inherited = self.models(of: other, depth: depth + 1)
                models += inherited.filter { model in !models.contains { $0.qualifiedName == model.qualifiedName } }
                continue
            }
            guard let model = resolveModel(path, from: schema.scope + [schema.name]) else {
                errors.append(
                    InputError(
                        at: position, "\(path.joined(separator: ".")) is not an @Model class found in the sources"))
                continue
            }
            models.append(model)
        }
        return models
    }

    /// The listed models and every model their relationships reach (SwiftData's `Schema` adds them too).
    private func reachable(_ models: [ModelDeclaration]) -> [ModelDeclaration] {
        var result: [ModelDeclaration] = []
        var seen: Set<String> = []
        var queue = models
        while !queue.isEmpty {
            let model = queue.removeFirst()
            guard seen.insert(model.qualifiedName).inserted else { continue }
            result.append(model)
            if let parent = parentModel(of: model) { queue.append(parent) }
            for property in model.properties where !property.isTransient {
                guard let type = property.type,
                    let destination = resolveModel(type.path, from: model.scope + [model.name])
                else { continue }
                queue.append(destination)
            }
        }
        return result
    }

    // MARK: Entities

    private mutating func entity(_ model: ModelDeclaration) -> EntitySpec {
        var spec = EntitySpec(name: model.name, parent: parentModel(of: model)?.name)
        let scope = model.scope + [model.name]
        let uniqueMembers = Set(model.uniqueConstraints.flatMap(\.members))
        var names: Set<String> = []
        for property in model.properties where !property.isTransient {
            guard let type = property.type else { continue }
            if !names.insert(property.name).inserted { continue }
            if let destination = resolveModel(type.path, from: scope) {
                if var relationship = relationship(property, type, destination, in: model) {
                    relationship.isUnique = property.isUnique || uniqueMembers.contains(property.name)
                    spec.relationships.append(relationship)
                }
                continue
            }
            guard var attribute = attribute(property, type, scope: scope, in: model) else { continue }
            if uniqueMembers.contains(property.name) { attribute.isUnique = true }
            spec.attributes.append(attribute)
        }
        for (members, position) in model.uniqueConstraints {
            for member in members where !names.contains(member) {
                errors.append(InputError(at: position, "#Unique names \(member), which \(model.name) does not store"))
            }
        }
        return spec
    }

    private mutating func relationship(
        _ property: PropertyDeclaration, _ type: TypeReference, _ destination: ModelDeclaration,
        in model: ModelDeclaration
    ) -> RelationshipSpec? {
        if type.shape == .collection {
            errors.append(
                InputError(
                    at: property.position,
                    "\(model.name).\(property.name): a to-many relationship is an array of models (`[\(destination.name)]?`), "
                        + "not \(type.text)"))
            return nil
        }
        var rule = DeleteRule.nullify
        if let name = property.relationship?.deleteRule {
            guard let known = DeleteRule(rawValue: name) else {
                errors.append(
                    InputError(
                        at: property.relationship?.deleteRulePosition ?? property.position,
                        "deleteRule: .\(name) is not a SwiftData delete rule (.cascade, .nullify, .deny, .noAction)"))
                return nil
            }
            rule = known
        }
        return RelationshipSpec(
            name: property.name, destination: destination.name, isToMany: type.shape == .array,
            isOptional: type.isOptional, inverse: nil, deleteRule: rule,
            renamedFrom: property.relationship?.originalName ?? property.originalName)
    }

    private mutating func attribute(
        _ property: PropertyDeclaration, _ type: TypeReference, scope: [String], in model: ModelDeclaration
    ) -> AttributeSpec? {
        var attributeType: AttributeType?
        var isArray = type.shape == .array
        var enumType: ValueTypeDeclaration?
        // `typealias LanguageCode = String`: the same type to the compiler and to SwiftData.
        var path = aliasTarget(type.path, from: scope)
        if path.last == "RawValue", let owner = resolveValueType(Array(path.dropLast()), from: scope),
            let raw = owner.rawType
        {
            path = [raw]
            enumType = owner
        }
        let name = path.last ?? type.name
        let scalar = path.count <= 2 ? AttributeTypes.scalar[name] : nil
        if property.isTransformable || type.shape == .collection {
            attributeType = .data
            isArray = false
        } else if let scalar, path.count == 1 || ["Foundation", "Swift"].contains(path[0]) {
            attributeType = AttributeType(rawValue: scalar)
        } else if let value = resolveValueType(type.path, from: scope) {
            if let first = value.cases.first?.name {
                // A case that carries values is no default by its name alone: the fix-it offers optional only.
                map.enumDefaults["\(model.name).\(property.name)"] =
                    type.shape == .array ? "[]" : value.hasAssociatedValues ? "" : ".\(first)"
            }
            if let raw = value.rawType, let mapped = AttributeTypes.scalar[raw] {
                attributeType = AttributeType(rawValue: mapped)
                enumType = value
            } else {
                // A Codable enum without raw values or a Codable struct: SwiftData stores it as one composite
                // value; the plugin holds it as data (an array of them too).
                attributeType = .data
                isArray = false
            }
        }
        // SwiftUI's `Color.Resolved` is `Codable` too.
        if attributeType == nil,
            (AttributeTypes.codableValues.contains(name)
                && (path.count == 1 || ["Foundation", "CoreGraphics", "Swift", "SwiftData"].contains(path[0])))
                || path.suffix(2) == ["Color", "Resolved"]
        {
            attributeType = .data
            isArray = false
        }
        guard let attributeType else {
            errors.append(
                InputError(
                    at: property.position,
                    "\(model.name).\(property.name) has type \(type.text): \(type.name) is neither a type SwiftData "
                        + "stores (String, Int, Double, Bool, Date, UUID, Data, URL, Foundation's Codable values…) nor an "
                        + "enum, struct or @Model class found in the sources; pass the file that declares it (for a Codable "
                        + "type of another module, a file among the paths declaring "
                        + Self.stub(for: type.path) + " stands for it; for an enum with raw values, declare it as one, "
                        + "`enum \(type.name): String, Codable { case … }`, so that it is stored as its raw type), or mark "
                        + "the property @Transient if it is not stored"))
            return nil
        }
        var attribute = AttributeSpec(
            name: property.name, type: attributeType, isArray: isArray, isOptional: type.isOptional,
            isUnique: property.isUnique, renamedFrom: property.originalName)
        attribute.isExternalStorage = property.isExternalStorage
        // `= .none` on an optional is `Optional.none`: nil, no default (Swift picks it over an enum case `none`).
        if let value = property.defaultValue, !value.is(NilLiteralExprSyntax.self),
            !(type.isOptional && value.trimmedDescription == ".none")
        {
            attribute.defaultValue = DefaultValue.json(value, for: attribute, enumType: enumType)
        }
        return attribute
    }
}
