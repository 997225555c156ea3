import SwiftSyntax

/// Walks one parsed file and collects the SwiftData declarations (``Declarations``).
final class DeclarationReader: SyntaxVisitor {
    let source: ParsedSource
    private let allowedAttributes: Set<String>
    var found = Declarations()
    var scope: [String] = []
    /// The migration plan being read, so its stages and schemas are collected.
    private var plan: MigrationPlanDeclaration?

    init(source: ParsedSource, allowedAttributes: Set<String>) {
        self.source = source
        self.allowedAttributes = allowedAttributes
        super.init(viewMode: .sourceAccurate)
    }

    static func read(_ source: ParsedSource, allowedAttributes: Set<String>) -> Declarations {
        let reader = DeclarationReader(source: source, allowedAttributes: allowedAttributes)
        reader.walk(source.tree)
        return reader.found
    }

    // MARK: Types and scopes

    override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind {
        if node.attributes.contains(where: { Self.attributeName($0) == "Model" }) {
            readModel(node)
        } else {
            _ = readSchemaRole(node.name, node.inheritanceClause, node.memberBlock)
        }
        scope.append(node.name.text)
        return .visitChildren
    }

    override func visitPost(_ node: ClassDeclSyntax) { leave(node.name) }

    override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind {
        if !readSchemaRole(node.name, node.inheritanceClause, node.memberBlock) {
            found.valueTypes.append(
                ValueTypeDeclaration(
                    name: node.name.text, scope: scope, isEnum: false, rawType: nil,
                    position: source.position(node.name)))
        }
        scope.append(node.name.text)
        return .visitChildren
    }

    override func visitPost(_ node: StructDeclSyntax) { leave(node.name) }

    /// A `VersionedSchema` or `SchemaMigrationPlan`: protocols an enum, a struct or a class may adopt alike.
    /// Returns whether the type is one.
    private func readSchemaRole(
        _ name: TokenSyntax, _ inheritance: InheritanceClauseSyntax?, _ members: MemberBlockSyntax
    ) -> Bool {
        let inherited = inheritance?.inheritedTypes.map { Self.path(of: $0.type).last ?? "" } ?? []
        if inherited.contains("VersionedSchema") {
            readVersionedSchema(name, members)
        } else if inherited.contains("SchemaMigrationPlan") {
            plan = MigrationPlanDeclaration(name: name.text, position: source.position(name))
        } else {
            return false
        }
        return true
    }

    /// Leaves a type's scope; a migration plan is complete at its end.
    private func leave(_ name: TokenSyntax) {
        scope.removeLast()
        if let plan, plan.name == name.text {
            found.plans.append(plan)
            self.plan = nil
        }
    }

    override func visit(_ node: ActorDeclSyntax) -> SyntaxVisitorContinueKind {
        scope.append(node.name.text)
        return .visitChildren
    }

    override func visitPost(_ node: ActorDeclSyntax) { scope.removeLast() }

    override func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind {
        scope.append(contentsOf: Self.path(of: node.extendedType))
        return .visitChildren
    }

    override func visitPost(_ node: ExtensionDeclSyntax) {
        scope.removeLast(Self.path(of: node.extendedType).count)
    }

    override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind {
        let inherited = node.inheritanceClause?.inheritedTypes.map { Self.path(of: $0.type).last ?? "" } ?? []
        if !readSchemaRole(node.name, node.inheritanceClause, node.memberBlock) {
            var value = ValueTypeDeclaration(
                name: node.name.text, scope: scope, isEnum: true,
                rawType: inherited.first.flatMap { AttributeTypes.scalar[$0] == nil ? nil : $0 },
                position: source.position(node.name))
            for member in node.memberBlock.members {
                guard let cases = member.decl.as(EnumCaseDeclSyntax.self) else { continue }
                for element in cases.elements {
                    value.cases.append((element.name.text, element.rawValue?.value))
                    if element.parameterClause != nil { value.hasAssociatedValues = true }
                }
            }
            found.valueTypes.append(value)
        }
        scope.append(node.name.text)
        return .visitChildren
    }

    override func visitPost(_ node: EnumDeclSyntax) { leave(node.name) }

    override func visit(_ node: TypeAliasDeclSyntax) -> SyntaxVisitorContinueKind {
        found.typeAliases[(scope + [node.name.text]).joined(separator: ".")] = Self.path(of: node.initializer.value)
        return .skipChildren
    }

    // MARK: Migration plans

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        guard let member = node.calledExpression.as(MemberAccessExprSyntax.self) else {
            readDescriptor(node)
            return .visitChildren
        }
        let name = member.declName.baseName.text
        if plan != nil, name == "lightweight" || name == "custom" {
            let from = node.arguments.first { $0.label?.text == "fromVersion" }?.expression
            let to = node.arguments.first { $0.label?.text == "toVersion" }?.expression
            if let from, let to {
                plan?.stages.append(
                    StageDeclaration(
                        kind: name, from: Self.metatypePath(from), to: Self.metatypePath(to),
                        position: source.position(node)))
            }
        }
        return .visitChildren
    }

    override func visit(_ node: VariableDeclSyntax) -> SyntaxVisitorContinueKind {
        let isStatic = node.modifiers.contains { $0.name.tokenKind == .keyword(.static) }
        for binding in node.bindings {
            guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text else { continue }
            if plan != nil, isStatic, name == "schemas", let list = Self.returnedArray(binding) {
                plan?.schemas = list.map { (Self.metatypePath($0.expression), source.position($0)) }
            }
            if isStatic {
                readSharedContainer(binding, name: name, keyword: node.bindingSpecifier.text)
                if let type = binding.typeAnnotation.map({ PropertyReader.reference($0.type) })
                    ?? binding.initializer.flatMap({ PropertyReader.inferredType($0.value) })
                {
                    found.staticTypes[(scope + [name]).joined(separator: ".")] = type
                }
            }
        }
        return .visitChildren
    }

    // MARK: Predicates and fetch descriptors

    override func visit(_ node: MacroExpansionExprSyntax) -> SyntaxVisitorContinueKind {
        guard node.macroName.text == "Predicate" else { return .visitChildren }
        let closure = node.trailingClosure ?? node.arguments.first?.expression.as(ClosureExprSyntax.self)
        guard let closure else { return .visitChildren }
        var root = node.genericArgumentClause?.arguments.first.flatMap(Self.typePath)
        if root == nil { root = Self.impliedRoot(of: Syntax(node)) }
        // A generic helper's `#Predicate<T>`: which model it queries is known only where it is called.
        if let root, Self.isGenericParameter(root, around: Syntax(node)) { return .visitChildren }
        found.predicates.append(
            PredicateDeclaration(root: root, closure: closure, source: source, position: source.position(node)))
        return .visitChildren
    }

    private func readDescriptor(_ node: FunctionCallExprSyntax) {
        guard Self.path(ofCallee: node.calledExpression).last == "SortDescriptor" else { return }
        guard let keyPath = node.arguments.first?.expression.as(KeyPathExprSyntax.self) else { return }
        var reference = Self.keyPath(keyPath, source: source)
        if reference.root.isEmpty, let root = Self.impliedRoot(of: Syntax(node)) { reference.root = root }
        if !reference.root.isEmpty, !Self.isGenericParameter(reference.root, around: Syntax(node)) {
            found.descriptorKeyPaths.append(DescriptorKeyPath(keyPath: reference))
        }
    }

    /// Whether `path` is a generic parameter of a function or type enclosing `node`.
    private static func isGenericParameter(_ path: [String], around node: Syntax) -> Bool {
        guard path.count == 1 else { return false }
        var current = node.parent
        while let node = current {
            let clause: GenericParameterClauseSyntax? =
                node.as(FunctionDeclSyntax.self)?.genericParameterClause
                ?? node.as(StructDeclSyntax.self)?.genericParameterClause
                ?? node.as(ClassDeclSyntax.self)?.genericParameterClause
                ?? node.as(EnumDeclSyntax.self)?.genericParameterClause
                ?? node.as(InitializerDeclSyntax.self)?.genericParameterClause
            if clause?.parameters.contains(where: { $0.name.text == path[0] }) == true { return true }
            current = node.parent
        }
        return false
    }

    /// The root of `\.a` or `#Predicate { … }` from what encloses it: `FetchDescriptor<T>(…)`,
    /// `Query(filter:…)` of `[T]`, or a `Predicate<T>` / `FetchDescriptor<T>` type annotation.
    private static func impliedRoot(of node: Syntax) -> [String]? {
        var current = node.parent
        while let node = current {
            if let call = node.as(FunctionCallExprSyntax.self),
                let generic = call.calledExpression.as(GenericSpecializationExprSyntax.self),
                let name = path(ofCallee: generic.expression).last,
                name == "FetchDescriptor" || name == "SortDescriptor" || name == "Predicate"
            {
                return generic.genericArgumentClause.arguments.first.flatMap(typePath)
            }
            if let binding = node.as(PatternBindingSyntax.self), let type = binding.typeAnnotation?.type,
                let identifier = type.as(IdentifierTypeSyntax.self),
                ["Predicate", "FetchDescriptor"].contains(identifier.name.text)
            {
                return identifier.genericArgumentClause?.arguments.first.flatMap(typePath)
            }
            // `@Query(filter: #Predicate { … }) var projects: [Project]`
            if let variable = node.as(VariableDeclSyntax.self),
                variable.attributes.contains(where: { attributeName($0) == "Query" }),
                let type = variable.bindings.first?.typeAnnotation?.type
            {
                let reference = PropertyReader.reference(type)
                return reference.shape == .array ? reference.path : nil
            }
            // `func f() -> Predicate<Project> { #Predicate { … } }`
            if let function = node.as(FunctionDeclSyntax.self) {
                guard let type = function.signature.returnClause?.type.as(IdentifierTypeSyntax.self),
                    ["Predicate", "FetchDescriptor"].contains(type.name.text)
                else { return nil }
                return type.genericArgumentClause?.arguments.first.flatMap(typePath)
            }
            if node.is(MemberBlockItemSyntax.self) { return nil }
            current = node.parent
        }
        return nil
    }

    // MARK: Seed 003's shared container

    /// A stored type property (`static let`, or a `static var` with an initial value: the same lazily made
    /// value) whose initial value makes a container with CloudKit or an App Group.
    private func readSharedContainer(_ binding: PatternBindingSyntax, name: String, keyword: String) {
        let annotated = binding.typeAnnotation.map { Self.path(of: $0.type).last == "ModelContainer" } ?? false
        guard let value = binding.initializer?.value else { return }
        let scan = ContainerScan(viewMode: .sourceAccurate)
        scan.walk(value)
        guard annotated || scan.makesContainer else { return }
        guard scan.usesCloudKit || scan.usesAppGroup || scan.usesDefaultCloudKit else { return }
        found.sharedContainers.append(
            SharedContainerDeclaration(
                owner: scope.joined(separator: "."), name: name, keyword: keyword,
                position: source.position(binding.pattern),
                usesCloudKit: scan.usesCloudKit || scan.usesDefaultCloudKit, usesAppGroup: scan.usesAppGroup,
                byDefault: !scan.usesCloudKit && !scan.usesAppGroup))
    }

    // MARK: Models

    private func readModel(_ node: ClassDeclSyntax) {
        var model = ModelDeclaration(name: node.name.text, scope: scope, position: source.position(node.name))
        model.superclassPath = node.inheritanceClause?.inheritedTypes.first.map { Self.path(of: $0.type) }
        for attribute in node.attributes {
            guard let name = Self.attributeName(attribute), !Self.classAttributes.contains(name),
                !allowedAttributes.contains(name)
            else { continue }
            found.errors.append(
                InputError(
                    at: source.position(attribute),
                    "@\(name) on @Model class \(model.name) is not an attribute model-check knows, so it cannot tell "
                        + "what it does to the stored properties; remove it, or pass --allow-attribute \(name) if "
                        + "it changes none"))
        }
        readMembers(node.memberBlock.members, into: &model)
        found.models.append(model)
    }

    /// Reads a model's stored properties and member macros, and those inside `#if` in every branch: a
    /// property a branch declares again under the same name is read once, from the first branch.
    private func readMembers(_ members: MemberBlockItemListSyntax, into model: inout ModelDeclaration) {
        for member in members {
            if let variable = member.decl.as(VariableDeclSyntax.self) {
                let read = PropertyReader(source: source, model: model.name, allowed: allowedAttributes)
                    .read(variable, errors: &found.errors)
                model.properties += read.filter { property in !model.properties.contains { $0.name == property.name } }
            } else if let macro = member.decl.as(MacroExpansionDeclSyntax.self) {
                readMemberMacro(macro, into: &model)
            } else if let conditional = member.decl.as(IfConfigDeclSyntax.self) {
                for clause in conditional.clauses {
                    if case .decls(let branch) = clause.elements { readMembers(branch, into: &model) }
                }
            }
        }
    }

    private func readMemberMacro(_ macro: MacroExpansionDeclSyntax, into model: inout ModelDeclaration) {
        switch macro.macroName.text {
        case "Unique":
            for argument in macro.arguments {
                guard let list = argument.expression.as(ArrayExprSyntax.self) else { continue }
                let members = list.elements.compactMap { $0.expression.as(KeyPathExprSyntax.self) }
                    .compactMap { Self.keyPath($0, source: source).members.first }
                model.uniqueConstraints.append((members, source.position(macro)))
            }
        case "Index":
            break
        default:
            found.errors.append(
                InputError(
                    at: source.position(macro),
                    "#\(macro.macroName.text) in @Model class \(model.name) is not a macro model-check knows, so it "
                        + "cannot tell what it does to the schema; remove it, or pass --allow-attribute "
                        + "\(macro.macroName.text) if it changes nothing"))
        }
    }

    static let classAttributes: Set<String> = [
        "Model", "MainActor", "available", "preconcurrency", "objc", "objcMembers", "nonobjc", "usableFromInline",
        "frozen", "_spi", "unchecked", "Sendable", "retroactive", "dynamicMemberLookup",
    ]

    // MARK: Syntax helpers

    static func attributeName(_ element: AttributeListSyntax.Element) -> String? {
        guard case .attribute(let attribute) = element else { return nil }
        return path(of: attribute.attributeName).last
    }

    /// `A.B.C` as a type → `["A", "B", "C"]`; generic arguments dropped.
    static func path(of type: TypeSyntax) -> [String] {
        if let identifier = type.as(IdentifierTypeSyntax.self) { return [identifier.name.text] }
        if let member = type.as(MemberTypeSyntax.self) { return path(of: member.baseType) + [member.name.text] }
        if let attributed = type.as(AttributedTypeSyntax.self) { return path(of: attributed.baseType) }
        return [type.sourceText]
    }

    static func typePath(_ argument: GenericArgumentSyntax) -> [String]? {
        guard case .type(let type) = argument.argument else { return nil }
        return path(of: type)
    }

    /// `SchemaV1.self` / `SchemaV1.Item.self` → `["SchemaV1"]` / `["SchemaV1", "Item"]`.
    static func metatypePath(_ expression: ExprSyntax) -> [String] {
        if let member = expression.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "self",
            let base = member.base
        {
            return path(ofCallee: base)
        }
        return path(ofCallee: expression)
    }

    /// `A.B` as an expression → `["A", "B"]`.
    static func path(ofCallee expression: ExprSyntax) -> [String] {
        if let reference = expression.as(DeclReferenceExprSyntax.self) { return [reference.baseName.text] }
        if let member = expression.as(MemberAccessExprSyntax.self) {
            return (member.base.map(path(ofCallee:)) ?? []) + [member.declName.baseName.text]
        }
        if let generic = expression.as(GenericSpecializationExprSyntax.self) {
            return path(ofCallee: generic.expression)
        }
        if let type = expression.as(TypeExprSyntax.self) { return path(of: type.type) }
        return [expression.sourceText]
    }

    static func keyPath(_ node: KeyPathExprSyntax, source: ParsedSource) -> KeyPathReference {
        var members: [String] = []
        for component in node.components {
            if let property = component.component.as(KeyPathPropertyComponentSyntax.self) {
                members.append(property.declName.baseName.text)
            }
        }
        var root = node.root.map(path(of:)) ?? []
        // `\SchemaV1.Title.cards`: Swift parses the root as `SchemaV1` alone; a capitalised component after it
        // names a nested type (the toolkit's reading: properties start in lower case).
        while !root.isEmpty, members.count > 1, members[0].first?.isUppercase == true {
            root.append(members.removeFirst())
        }
        return KeyPathReference(root: root, members: members, position: source.position(node), text: node.sourceText)
    }
}
