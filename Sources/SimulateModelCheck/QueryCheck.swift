import SimulateModel
import SwiftSyntax

/// Predicates and fetch descriptors that traverse an optional to-many relationship fail when the fetch runs
/// with "to-many key not allowed here" (seed 000), and array attributes cannot be queried (seed 003: arrays
/// "are stored as binary data and cannot be queried with predicates"). Both are warnings at the key path.
struct QueryCheck {
    let builder: SchemaBuilder
    var errors: [InputError] = []

    init(builder: SchemaBuilder) { self.builder = builder }

    mutating func findings() -> [Finding] {
        var findings: [Finding] = []
        var seen: Set<String> = []
        for predicate in builder.declarations.predicates {
            let scan = PredicateScan(parameter: Self.parameterName(predicate.closure))
            scan.walk(predicate.closure.statements)
            var what = "#Predicate"
            let model: ModelDeclaration
            if let root = predicate.root {
                guard let found = builder.resolveModel(root, from: []) else {
                    findings += unknownRoot(root, at: predicate.position)
                    continue
                }
                model = found
            } else {
                // `descriptor.predicate = #Predicate { $0.tasks… }`: the one model that stores the first member.
                let names = Set(scan.chains.compactMap { $0.first?.name })
                let candidates = builder.declarations.models.filter { model in
                    model.properties.contains { names.contains($0.name) }
                }
                guard candidates.count == 1 else { continue }
                model = candidates[0]
                what =
                    "#Predicate (no root type written; \(model.name) is the one model with "
                    + names.sorted().joined(separator: ", ") + ")"
            }
            for chain in scan.chains {
                let located = chain.map { ($0.name, predicate.source.position($0.node)) }
                guard var finding = check(located, from: model, what: what) else { continue }
                // Located at the predicate (the issue's "warnings located at the predicate"); the key path's
                // own place is in the message.
                let keyPath = finding.position
                finding.position = predicate.position
                finding.message += " (key path at \(keyPath.line):\(keyPath.column))"
                if seen.insert("\(finding.position)|\(finding.entity ?? "").\(finding.property ?? "")").inserted {
                    findings.append(finding)
                }
            }
        }
        for descriptor in builder.declarations.descriptorKeyPaths {
            let keyPath = descriptor.keyPath
            guard let model = builder.resolveModel(keyPath.root, from: []) else {
                findings += unknownRoot(keyPath.root, at: keyPath.position)
                continue
            }
            if let finding = check(keyPath.members.map { ($0, keyPath.position) }, from: model, what: "SortDescriptor")
            {
                findings.append(finding)
            }
        }
        return findings
    }

    /// A root that is no model and no Swift value type: a fetch over a type the sources do not declare.
    private func unknownRoot(_ root: [String], at position: SourcePosition) -> [Finding] {
        let name = root.joined(separator: ".")
        if AttributeTypes.scalar[root.last ?? ""] != nil || builder.resolveValueType(root, from: []) != nil {
            return []
        }
        return [
            Finding(
                position: position, entity: name, property: nil, rule: "unknownType", severity: .warning,
                message: "the query is over \(name), which is not an @Model class found in the sources, so its key "
                    + "paths are not checked; add the file that declares it")
        ]
    }

    /// Follows `a.b.c` from `model`: to-one relationships lead on; an optional to-many relationship or an
    /// array attribute is a finding at its member.
    private func check(_ chain: [(String, SourcePosition)], from model: ModelDeclaration, what: String) -> Finding? {
        var current = model
        var walked: [String] = []
        for (name, position) in chain {
            walked.append(name)
            // Inherited properties too (a `#Predicate<Car>` over `Vehicle`'s relationship).
            guard let (owner, property) = builder.storedProperty(name, of: current), let type = property.type else {
                return nil
            }
            current = owner
            let scope = current.scope + [current.name]
            if let destination = builder.resolveModel(type.path, from: scope) {
                if type.shape == .array {
                    // A non-optional one works today, but CloudKit needs it optional, and then it fails the same way.
                    let relationship = "(\(current.name).\(name): \(type.text))"
                    let fails =
                        type.isOptional
                        ? "an optional to-many relationship \(relationship); the fetch fails"
                        : "a to-many relationship \(relationship) that CloudKit needs optional (Code=134060); once "
                            + "it is, the fetch fails"
                    return Finding(
                        position: position, entity: current.name, property: name, rule: "toManyKeyNotAllowed",
                        severity: .warning,
                        message: "\(what) over \(model.name) traverses \(walked.joined(separator: ".")), \(fails) at "
                            + "run time with \"to-many key not allowed here\" (seed 000): query from the child side "
                            + "(\(destination.name) where its relationship back matches) or filter in memory")
                }
                current = destination
                continue
            }
            if type.shape == .array || type.shape == .collection {
                // A `Set` or a dictionary is stored as one binary value too.
                let kind = type.shape == .array ? "an array" : "a collection"
                return Finding(
                    position: position, entity: current.name, property: name, rule: "arrayAttributeNotQueryable",
                    severity: .warning,
                    message: "\(what) over \(model.name) uses \(current.name).\(name): \(type.text), \(kind) "
                        + "attribute CloudKit stores as binary data that predicates cannot query (seed 003): filter "
                        + "in memory after fetching")
            }
            return nil
        }
        return nil
    }

    private static func parameterName(_ closure: ClosureExprSyntax) -> String {
        switch closure.signature?.parameterClause {
        case .simpleInput(let list): return list.first?.name.text ?? "$0"
        case .parameterClause(let clause): return clause.parameters.first?.firstName.text ?? "$0"
        case nil: return "$0"
        }
    }
}

/// Collects the member chains (`p.project?.tasks`) that start at a predicate's parameter.
private final class PredicateScan: SyntaxVisitor {
    let parameter: String
    var chains: [[(name: String, node: Syntax)]] = []

    init(parameter: String) {
        self.parameter = parameter
        super.init(viewMode: .sourceAccurate)
    }

    override func visit(_ node: ClosureExprSyntax) -> SyntaxVisitorContinueKind {
        // An inner closure's `$0` is its own parameter.
        parameter == "$0" ? .skipChildren : .visitChildren
    }

    override func visit(_ node: DeclReferenceExprSyntax) -> SyntaxVisitorContinueKind {
        guard node.baseName.text == parameter else { return .visitChildren }
        var chain: [(String, Syntax)] = []
        var current = Syntax(node)
        while let parent = current.parent {
            if let member = parent.as(MemberAccessExprSyntax.self), member.base.map(Syntax.init) == current {
                chain.append((member.declName.baseName.text, Syntax(member.declName)))
                current = parent
            } else if parent.is(OptionalChainingExprSyntax.self) || parent.is(ForceUnwrapExprSyntax.self) {
                current = parent
            } else {
                break
            }
        }
        if !chain.isEmpty { chains.append(chain) }
        return .visitChildren
    }
}
