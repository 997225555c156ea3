/// How a written type path names a declaration: as Swift resolves it from a scope, through type aliases, with the
/// models' parents.
extension SchemaBuilder {
    /// Resolves a written type path as Swift would from `scope`: innermost scope first, through type aliases;
    /// a single name that is not visible falls back to the one model of that name anywhere — unless a stored
    /// type (`Date`, `URL`) or a value type of the sources is visible by that name: a model nested in a schema
    /// (`enum DateSchemaV1 { @Model class Date }`) does not capture Foundation's `Date` elsewhere.
    func resolveModel(_ path: [String], from scope: [String]) -> ModelDeclaration? {
        guard let last = path.last, modelsBySimpleName[last] != nil || declarations.typeAliases.count > 0 else {
            return nil
        }
        guard let qualified = resolve(path, from: scope, exists: { modelsByName[$0] != nil }) else {
            guard path.count == 1, AttributeTypes.scalar[last] == nil, !AttributeTypes.codableValues.contains(last),
                resolveValueType(path, from: scope, fallback: false) == nil
            else { return nil }
            let candidates = modelsBySimpleName[last] ?? []
            return candidates.count == 1 ? candidates[0] : nil
        }
        return modelsByName[qualified]
    }

    func resolveValueType(_ path: [String], from scope: [String], fallback: Bool = true) -> ValueTypeDeclaration? {
        guard let last = path.last, valueTypesBySimpleName[last] != nil || declarations.typeAliases.count > 0 else {
            return nil
        }
        if let qualified = resolve(path, from: scope, exists: { valueTypesByName[$0] != nil }) {
            return valueTypesByName[qualified]
        }
        let candidates = fallback && path.count == 1 ? valueTypesBySimpleName[last] ?? [] : []
        return candidates.count == 1 ? candidates[0] : nil
    }

    func resolve(_ path: [String], from scope: [String], exists: (String) -> Bool, depth: Int = 0) -> String? {
        guard depth < 16 else { return nil }
        let path = path.first == "SwiftData" || path.first == "Foundation" ? Array(path.dropFirst()) : path
        for length in stride(from: scope.count, through: 0, by: -1) {
            let prefix = Array(scope.prefix(length))
            let candidate = (prefix + path).joined(separator: ".")
            if exists(candidate) { return candidate }
            if let (target, rest, declaredIn) = alias(naming: path, after: prefix) {
                return resolve(target + rest, from: declaredIn, exists: exists, depth: depth + 1)
            }
        }
        return nil
    }

    /// The longest leading part of `path` that a type alias visible from `scope` names, as that alias's target,
    /// the rest of the path and the scope the alias is declared in (where its target is read):
    /// `SchemaLatest.Item` with `typealias SchemaLatest = SchemaV2` → (`[SchemaV2]`, `[Item]`, scope);
    /// `AnkiModels.Item` with `enum AnkiModels { typealias Item = V1.Item }` → (`[V1, Item]`, `[]`, `[AnkiModels]`).
    private func alias(naming path: [String], after scope: [String])
        -> (target: [String], rest: [String], declaredIn: [String])?
    {
        guard !declarations.typeAliases.isEmpty else { return nil }
        for length in stride(from: path.count, through: 1, by: -1) {
            if let target = declarations.typeAliases[(scope + path.prefix(length)).joined(separator: ".")] {
                return (target, Array(path.dropFirst(length)), scope + path.prefix(length - 1))
            }
        }
        return nil
    }

    /// A stand-in declaration for a `Codable` type of another module, nested as the path is written:
    /// `struct Game: Codable {}`, or `enum Pizza { struct Game: Codable {} }` for `Pizza.Game`.
    static func stub(for path: [String]) -> String {
        var text = "struct \(path.last ?? "Type"): Codable {}"
        for outer in path.dropLast().reversed() { text = "enum \(outer) { \(text) }" }
        return "`" + text + "`"
    }

    /// The type a written path names once type aliases are followed (`typealias Code = String` → `["String"]`);
    /// the path itself when no alias in scope names it.
    func aliasTarget(_ path: [String], from scope: [String], depth: Int = 0) -> [String] {
        guard depth < 16, !declarations.typeAliases.isEmpty else { return path }
        for length in stride(from: scope.count, through: 0, by: -1) {
            let prefix = Array(scope.prefix(length))
            if let (target, rest, declaredIn) = alias(naming: path, after: prefix) {
                return aliasTarget(target + rest, from: declaredIn, depth: depth + 1)
            }
        }
        return path
    }

    /// The @Model class `model` inherits from: its parent entity (a Core Data sub-entity).
    func parentModel(of model: ModelDeclaration) -> ModelDeclaration? {
        model.superclassPath.flatMap { resolveModel($0, from: model.scope) }
    }

    /// The stored property `name` of `model` or of a model it inherits from, with the model that declares it.
    func storedProperty(_ name: String, of model: ModelDeclaration) -> (
        owner: ModelDeclaration, property: PropertyDeclaration
    )? {
        var current: ModelDeclaration? = model
        var depth = 0
        while let owner = current, depth < 32 {
            if let property = owner.properties.first(where: { $0.name == name && !$0.isTransient }) {
                return (owner, property)
            }
            current = parentModel(of: owner)
            depth += 1
        }
        return nil
    }
}
