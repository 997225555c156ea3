import SimulateCore
import SimulateJSON

/// Resolves a predicate's key paths against the schema (SwiftData's errors for to-many keys and array
/// attributes) and evaluates it on a store's objects.
struct PredicateEvaluator {
    /// One resolved key path: to-one fields to follow, then the field (or identity) to read.
    struct ResolvedPath {
        var hops: [Int] = []
        /// nil: the object's record name.
        var field: Int?
        var attribute: AttributeSpec?
    }

    let store: ModelStore
    private var resolved: [[String]: ResolvedPath] = [:]
    private let predicate: ModelPredicate

    /// Fails with the first key path SwiftData would reject.
    init(_ predicate: ModelPredicate, entity: StoreLayout.Entity, store: ModelStore) throws(ModelStoreError) {
        self.store = store
        self.predicate = predicate
        for (keyPath, op, value) in predicate.comparisons {
            let path = try Self.resolve(keyPath, from: entity, layout: store.layout)
            try Self.check(value, op, path, keyPath)
            resolved[keyPath.components] = path
        }
    }

    static func resolve(
        _ keyPath: ModelPredicate.KeyPathExpression, from entity: StoreLayout.Entity, layout: StoreLayout
    ) throws(ModelStoreError) -> ResolvedPath {
        var current = entity
        var result = ResolvedPath()
        for (index, name) in keyPath.components.enumerated() {
            let isLast = index == keyPath.components.count - 1
            if name == ModelPredicate.identityKey { return result }
            if let relationship = current.spec.relationship(named: name), relationship.isToMany {
                throw ModelStoreError(.toManyKeyNotAllowed, "to-many key not allowed here", keyPath: keyPath.text)
            }
            guard let field = current.fieldIndexByName[name] else {
                throw ModelStoreError(
                    .unknownProperty,
                    "\(current.name) has no property \(BoundedQuote.quote(name)) (in \(BoundedQuote.quote(keyPath.text)))",
                    keyPath: keyPath.text)
            }
            if current.isRelationshipField(field) {
                if isLast {
                    result.field = field
                    return result
                }
                result.hops.append(field)
                current = layout.entities[current.toOneDestinations[field - current.attributes.count]]
                continue
            }
            let attribute = current.attributes[field]
            guard isLast else {
                throw ModelStoreError(
                    .unknownProperty,
                    "\(current.name).\(name) is an attribute, not a relationship (in \"\(keyPath.text)\")",
                    keyPath: keyPath.text)
            }
            if attribute.isArray {
                throw ModelStoreError(
                    .arrayAttributeNotQueryable,
                    "\(current.name).\(name) is an array attribute: CloudKit stores it as binary data and predicates "
                        + "cannot query it; filter in memory after fetching", keyPath: keyPath.text)
            }
            result.field = field
            result.attribute = attribute
        }
        return result
    }

    private static func check(
        _ value: JSON, _ op: ModelPredicate.Operator, _ path: ResolvedPath, _ keyPath: ModelPredicate.KeyPathExpression
    ) throws(ModelStoreError) {
        let operands = op == .in ? (value.arrayValue ?? []) : [value]
        for operand in operands where !operand.isNull {
            if let attribute = path.attribute {
                if case .failure(let error) = ValueCoding.scalar(operand, attribute.type) {
                    throw ModelStoreError(.invalidValue, "\"\(keyPath.text)\": \(error.message)", keyPath: keyPath.text)
                }
                if op == .contains || op == .beginsWith, attribute.type != .string {
                    throw ModelStoreError(
                        .invalidPredicate, "\"\(op.rawValue)\" applies to string attributes only", keyPath: keyPath.text
                    )
                }
            } else if operand.stringValue == nil {
                throw ModelStoreError(
                    .invalidValue, "\"\(keyPath.text)\" compares record names: expected a string or null",
                    keyPath: keyPath.text)
            }
        }
    }

    func matches(_ object: ModelObject) -> Bool { evaluate(predicate, object, depth: 0) }

    private func evaluate(_ predicate: ModelPredicate, _ object: ModelObject, depth: Int) -> Bool {
        switch predicate {
        case .all: return true
        case .and(let parts): return parts.allSatisfy { evaluate($0, object, depth: depth + 1) }
        case .or(let parts): return parts.contains { evaluate($0, object, depth: depth + 1) }
        case .not(let part): return !evaluate(part, object, depth: depth + 1)
        case .compare(let keyPath, let op, let operand):
            guard let path = resolved[keyPath.components] else { return false }
            return Self.compare(read(path, object), op, normalized(operand, path))
        }
    }

    private func normalized(_ operand: JSON, _ path: ResolvedPath) -> JSON {
        guard let attribute = path.attribute else { return operand }
        if case .array(let items) = operand {
            return .array(items.map { (try? ValueCoding.scalar($0, attribute.type).get()) ?? $0 })
        }
        return (try? ValueCoding.scalar(operand, attribute.type).get()) ?? operand
    }

    private func read(_ path: ResolvedPath, _ object: ModelObject) -> JSON {
        var current = object
        for hop in path.hops {
            guard let target = current.reference(hop), let next = store.object(target) else { return .null }
            current = next
        }
        guard let field = path.field else { return .string(store.handle(current)) }
        let value = current.value(field)
        if current.entity.isRelationshipField(field), let target = value.stringValue {
            return .string(store.names.handle(recordName: target))
        }
        return value
    }

    static func compare(_ value: JSON, _ op: ModelPredicate.Operator, _ operand: JSON) -> Bool {
        switch op {
        case .equal: return value == operand
        case .notEqual: return value != operand
        case .in: return operand.arrayValue?.contains(value) ?? false
        case .contains:
            guard let text = value.stringValue, let part = operand.stringValue else { return false }
            return part.isEmpty || text.contains(part)
        case .beginsWith:
            guard let text = value.stringValue, let part = operand.stringValue else { return false }
            return text.hasPrefix(part)
        case .less, .lessOrEqual, .greater, .greaterOrEqual:
            guard let order = order(value, operand) else { return false }
            switch op {
            case .less: return order < 0
            case .lessOrEqual: return order <= 0
            case .greater: return order > 0
            default: return order >= 0
            }
        }
    }

    private static func order(_ a: JSON, _ b: JSON) -> Int? {
        if let x = a.doubleValue, let y = b.doubleValue { return x < y ? -1 : (x > y ? 1 : 0) }
        if let x = a.stringValue, let y = b.stringValue { return x < y ? -1 : (x > y ? 1 : 0) }
        return nil
    }
}
