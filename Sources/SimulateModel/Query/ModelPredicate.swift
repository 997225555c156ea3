import SimulateCore
import SimulateJSON

/// A fetch predicate in JSON, in the spirit of `#Predicate`:
///
/// - `{"title": "Milk"}`: equality; several members in one object must all hold.
/// - `{"priority": {">=": 2}}`: one operator: `==`, `!=`, `<`, `<=`, `>`, `>=`, `in` (an array),
///   `contains`, `beginsWith` (strings).
/// - `{"and": [p, …]}`, `{"or": [p, …]}`, `{"not": p}`.
/// - Key paths follow to-one relationships: `{"project.name": "Home"}`; `@id` is an object's record
///   name; a to-one relationship compares by the destination's record name (`{"project": "p1"}`, `null`).
indirect enum ModelPredicate: Equatable, Sendable {
    case all
    case and([ModelPredicate])
    case or([ModelPredicate])
    case not(ModelPredicate)
    case compare(KeyPathExpression, Operator, JSON)

    enum Operator: String, CaseIterable, Sendable {
        case equal = "==", notEqual = "!=", less = "<", lessOrEqual = "<=", greater = ">", greaterOrEqual = ">="
        case `in`, contains, beginsWith
    }

    struct KeyPathExpression: Equatable, Sendable {
        let components: [String]
        /// Where the key path was written, for load-time reports.
        let path: JSONPath
        var text: String { components.joined(separator: ".") }
    }

    struct ParseError: Error, Equatable {
        var message: String
        var path: JSONPath
    }

    static let identityKey = "@id"
    /// Bounds nesting so a hostile predicate cannot exhaust the stack.
    static let depthLimit = 32

    static func parse(_ value: JSON, at path: JSONPath = .root, depth: Int = 0) -> Result<ModelPredicate, ParseError> {
        guard depth < depthLimit else {
            return .failure(ParseError(message: "predicate nested too deeply", path: path))
        }
        guard let object = value.objectValue else {
            return .failure(ParseError(message: "expected a predicate object, found \(value.typeName)", path: path))
        }
        var terms: [ModelPredicate] = []
        for (key, member) in object.members {
            let memberPath = path / key
            switch key {
            case "and", "or":
                guard let items = member.arrayValue, !items.isEmpty else {
                    return .failure(ParseError(message: "expected a non-empty array of predicates", path: memberPath))
                }
                var parts: [ModelPredicate] = []
                for (index, item) in items.enumerated() {
                    switch parse(item, at: memberPath / index, depth: depth + 1) {
                    case .success(let part): parts.append(part)
                    case .failure(let error): return .failure(error)
                    }
                }
                terms.append(key == "and" ? .and(parts) : .or(parts))
            case "not":
                switch parse(member, at: memberPath, depth: depth + 1) {
                case .success(let part): terms.append(.not(part))
                case .failure(let error): return .failure(error)
                }
            default:
                switch comparison(key, member, at: memberPath) {
                case .success(let term): terms.append(term)
                case .failure(let error): return .failure(error)
                }
            }
        }
        if terms.isEmpty { return .success(.all) }
        return .success(terms.count == 1 ? terms[0] : .and(terms))
    }

    private static func comparison(_ key: String, _ member: JSON, at path: JSONPath) -> Result<
        ModelPredicate, ParseError
    > {
        let components = key.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        for (index, component) in components.enumerated() {
            let valid =
                component == identityKey ? index == components.count - 1 : isIdentifier(component)
            if !valid {
                return .failure(
                    ParseError(
                        message:
                            "\(BoundedQuote.quote(key)) is not a key path (names joined by \".\", optionally ending in \"@id\")",
                        path: path))
            }
        }
        let keyPath = KeyPathExpression(components: components, path: path)
        if let object = member.objectValue, object.count == 1, let name = object.keys.first,
            let op = Operator(rawValue: name)
        {
            let operand = object.values[0]
            if op == .in && operand.arrayValue == nil {
                return .failure(ParseError(message: "\"in\" expects an array of values", path: path / name))
            }
            if (op == .contains || op == .beginsWith) && operand.stringValue == nil {
                return .failure(ParseError(message: "\(BoundedQuote.quote(name)) expects a string", path: path / name))
            }
            return .success(.compare(keyPath, op, operand))
        }
        if let object = member.objectValue {
            let known = Operator.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")
            return .failure(
                ParseError(
                    message: "expected a value or one operator (\(known)), found an object with keys "
                        + object.keys.map { "\"\($0)\"" }.joined(separator: ", "), path: path))
        }
        return .success(.compare(keyPath, .equal, member))
    }

    private static func isIdentifier(_ text: String) -> Bool {
        guard let first = text.utf8.first, (first | 0x20) >= 0x61 && (first | 0x20) <= 0x7A else { return false }
        return text.utf8.allSatisfy {
            (($0 | 0x20) >= 0x61 && ($0 | 0x20) <= 0x7A) || ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x5F || $0 == 0x2D
        }
    }

    /// Every comparison, for checks.
    var comparisons: [(KeyPathExpression, Operator, JSON)] {
        switch self {
        case .all: []
        case .and(let parts), .or(let parts): parts.flatMap(\.comparisons)
        case .not(let part): part.comparisons
        case .compare(let keyPath, let op, let value): [(keyPath, op, value)]
        }
    }
}
