import SwiftSyntax

/// A `VersionedSchema`'s version identifier and `models` list, as written.
extension DeclarationReader {
    func readVersionedSchema(_ name: TokenSyntax, _ members: MemberBlockSyntax) {
        var schema = VersionedSchemaDeclaration(name: name.text, scope: scope, position: source.position(name))
        for member in members.members {
            guard let variable = member.decl.as(VariableDeclSyntax.self) else { continue }
            for binding in variable.bindings {
                guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text else { continue }
                if name == "versionIdentifier" {
                    schema.versionIdentifier = Self.versionNumbers(binding)
                } else if name == "models" {
                    // `[Self.Note.self]` names the schema's own nested model; `SchemaV1.models + [Folder.self]`
                    // takes another schema's list (an entry `SchemaV1.models`, expanded when the schema is built).
                    let listed = Self.returnedArray(binding)?.map { element in
                        var path = Self.metatypePath(element.expression)
                        if path.first == "Self" { path.removeFirst() }
                        return (path, source.position(element))
                    }
                    let scan = ModelsListScan(viewMode: .sourceAccurate)
                    if let accessors = binding.accessorBlock { scan.walk(accessors) }
                    if let value = binding.initializer?.value { scan.walk(value) }
                    let inherited = scan.references.map { ($0.path, source.position($0.node)) }
                    if listed != nil || !inherited.isEmpty {
                        schema.models = inherited + (listed ?? [])
                        schema.modelsPosition = source.position(binding.pattern)
                    }
                }
            }
        }
        found.versionedSchemas.append(schema)
    }

    /// `Schema.Version(1, 2, 0)` → `[1, 2, 0]`.
    static func versionNumbers(_ binding: PatternBindingSyntax) -> [Int]? {
        guard let expression = returnedExpression(binding) else { return nil }
        let call = expression.as(FunctionCallExprSyntax.self)
        let numbers = call?.arguments.compactMap { $0.expression.as(IntegerLiteralExprSyntax.self) }
            .compactMap { Int($0.literal.text.replacingOccurrences(of: "_", with: "")) }
        return numbers?.isEmpty == false ? numbers : nil
    }

    /// The expression a stored or computed property gives: `= […]`, `{ […] }` or `{ return […] }`.
    static func returnedExpression(_ binding: PatternBindingSyntax) -> ExprSyntax? {
        if let value = binding.initializer?.value { return value }
        guard let accessor = binding.accessorBlock else { return nil }
        var statements: CodeBlockItemListSyntax?
        switch accessor.accessors {
        case .getter(let items): statements = items
        case .accessors(let list):
            statements = list.first { $0.accessorSpecifier.tokenKind == .keyword(.get) }?.body?.statements
        }
        guard let item = statements?.last?.item else { return nil }
        if let expression = item.as(ExprSyntax.self) { return expression }
        if let statement = item.as(ReturnStmtSyntax.self) { return statement.expression }
        return nil
    }

    /// The elements of the array the property returns; when it returns one of several (`if #available { […] }
    /// else { […] }`, `#if DEBUG […] #else […] #endif`), those of every branch, each once.
    static func returnedArray(_ binding: PatternBindingSyntax) -> [ArrayElementSyntax]? {
        if let array = returnedExpression(binding)?.as(ArrayExprSyntax.self) { return Array(array.elements) }
        let scan = ArrayLiteralScan(viewMode: .sourceAccurate)
        if let accessors = binding.accessorBlock { scan.walk(accessors) }
        if let value = binding.initializer?.value { scan.walk(value) }
        return scan.elements.isEmpty ? nil : scan.elements
    }
}
