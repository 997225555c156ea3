import SwiftSyntax

/// The elements of every array literal under a node, each written form once: a list of models in branches.
final class ArrayLiteralScan: SyntaxVisitor {
    var elements: [ArrayElementSyntax] = []
    private var seen: Set<String> = []

    override func visit(_ node: ArrayExprSyntax) -> SyntaxVisitorContinueKind {
        for element in node.elements where seen.insert(element.expression.trimmedDescription).inserted {
            elements.append(element)
        }
        return .skipChildren
    }
}

/// `SchemaV1.models` inside a `models` list: another schema's models, as a path ending in `models`.
final class ModelsListScan: SyntaxVisitor {
    var references: [(path: [String], node: Syntax)] = []

    override func visit(_ node: MemberAccessExprSyntax) -> SyntaxVisitorContinueKind {
        guard node.declName.baseName.text == "models", let base = node.base else { return .visitChildren }
        references.append((DeclarationReader.path(ofCallee: base) + ["models"], Syntax(node)))
        return .skipChildren
    }
}

/// Looks through a shared container's initialiser for CloudKit (`cloudKitDatabase:` other than `.none`)
/// and App Groups (`forSecurityApplicationGroupIdentifier:`, `groupContainer:`).
final class ContainerScan: SyntaxVisitor {
    var makesContainer = false
    var usesCloudKit = false
    var usesAppGroup = false
    /// No `cloudKitDatabase:` and not in memory: `.automatic`, CloudKit once the app has the iCloud entitlement.
    var usesDefaultCloudKit: Bool { makesContainer && !namesDatabase && !inMemory && !configuredElsewhere }
    private var namesDatabase = false
    private var inMemory = false
    /// `configurations: config`: a configuration made elsewhere, which the scan cannot see.
    private var configuredElsewhere = false

    override func visit(_ node: DeclReferenceExprSyntax) -> SyntaxVisitorContinueKind {
        if node.baseName.text == "ModelContainer" { makesContainer = true }
        return .visitChildren
    }

    override func visit(_ node: LabeledExprSyntax) -> SyntaxVisitorContinueKind {
        switch node.label?.text {
        case "cloudKitDatabase":
            namesDatabase = true
            let value = node.expression.as(MemberAccessExprSyntax.self)?.declName.baseName.text
            if value != "none" { usesCloudKit = true }
        case "configurations":
            if !node.expression.trimmedDescription.contains("ModelConfiguration(") { configuredElsewhere = true }
        case "isStoredInMemoryOnly", "inMemory":
            if node.expression.as(BooleanLiteralExprSyntax.self)?.literal.tokenKind == .keyword(.true) {
                inMemory = true
            }
        case "forSecurityApplicationGroupIdentifier", "groupContainer":
            usesAppGroup = true
        default:
            break
        }
        return .visitChildren
    }
}
