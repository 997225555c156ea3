import SwiftSyntax

/// Reads the stored properties of one `@Model` class: type, default value, `@Attribute` options,
/// `@Relationship` arguments and `@Transient`. Computed and static properties are not stored.
struct PropertyReader {
    var source: ParsedSource
    var model: String
    var allowed: Set<String>

    static let propertyAttributes: Set<String> = [
        "Attribute", "Relationship", "Transient", "available", "MainActor", "objc", "nonobjc", "preconcurrency",
        "ObservationIgnored", "usableFromInline",
    ]
    /// `Schema.Attribute.Option`s that do not change what CloudKit checks.
    static let neutralOptions: Set<String> = [
        "externalStorage", "preserveValueOnDeletion", "spotlight", "ephemeral", "allowsCloudEncryption", "encrypt",
        "transient",
    ]

    func read(_ variable: VariableDeclSyntax, errors: inout [InputError]) -> [PropertyDeclaration] {
        if variable.modifiers.contains(where: { $0.name.tokenKind == .keyword(.static) || $0.name.text == "class" }) {
            return []
        }
        var template = PropertyDeclaration(name: "", position: source.position(variable))
        for element in variable.attributes {
            guard case .attribute(let attribute) = element,
                let name = DeclarationReader.path(of: attribute.attributeName).last
            else { continue }
            switch name {
            case "Transient": template.isTransient = true
            case "Attribute": readAttribute(attribute, into: &template, errors: &errors)
            case "Relationship": template.relationship = readRelationship(attribute, errors: &errors)
            default:
                if !Self.propertyAttributes.contains(name) && !allowed.contains(name) {
                    errors.append(
                        InputError(
                            at: source.position(attribute),
                            "@\(name) on a property of @Model class \(model) is not an attribute model-check knows, "
                                + "so it cannot tell whether or how the property is stored; remove it, mark the "
                                + "property @Transient, or pass --allow-attribute \(name) if it changes nothing"))
                }
            }
        }
        var properties: [PropertyDeclaration] = []
        for binding in variable.bindings {
            guard let identifier = binding.pattern.as(IdentifierPatternSyntax.self) else { continue }
            if let accessors = binding.accessorBlock, Self.isComputed(accessors) { continue }
            var property = template
            property.name = identifier.identifier.text
            property.position = source.position(identifier)
            property.type = binding.typeAnnotation.map { Self.reference($0.type) }
            property.defaultValue = binding.initializer?.value
            if property.type == nil && !property.isTransient {
                property.type = property.defaultValue.flatMap(Self.inferredType)
                if property.type == nil {
                    errors.append(
                        InputError(
                            at: property.position,
                            "\(model).\(property.name) has no type annotation and its type cannot be read from its "
                                + "default value; write its type: `var \(property.name): Type = …`"))
                }
            }
            properties.append(property)
        }
        return properties
    }

    /// A getter (`{ … }` or `get { … }`) makes a computed property; `willSet`/`didSet` alone do not.
    private static func isComputed(_ block: AccessorBlockSyntax) -> Bool {
        switch block.accessors {
        case .getter: return true
        case .accessors(let list):
            return list.contains {
                [.keyword(.get), .keyword(._read), .keyword(.set)].contains($0.accessorSpecifier.tokenKind)
            }
        }
    }

    private func readAttribute(
        _ attribute: AttributeSyntax, into property: inout PropertyDeclaration, errors: inout [InputError]
    ) {
        guard case .argumentList(let arguments) = attribute.arguments else { return }
        for argument in arguments {
            switch argument.label?.text {
            case "originalName":
                property.originalName = Self.stringLiteral(argument.expression)
            case "hashModifier":
                break
            case nil:
                let option = Self.optionName(argument.expression)
                if option == "unique" {
                    property.isUnique = true
                    property.uniquePosition = source.position(argument)
                } else if option == "transformable" {
                    property.isTransformable = true
                } else if option == "externalStorage" {
                    property.isExternalStorage = true
                } else if !Self.neutralOptions.contains(option) {
                    errors.append(
                        InputError(
                            at: source.position(argument),
                            "\(argument.expression.sourceText) is not an @Attribute option model-check knows "
                                + "(known: .unique, .transformable(by:), "
                                + Self.neutralOptions.sorted().map { "." + $0 }.joined(separator: ", ") + ")"))
                }
            default:
                errors.append(
                    InputError(
                        at: source.position(argument),
                        "\(argument.label!.text): is not an @Attribute argument model-check knows (known: options, "
                            + "originalName:, hashModifier:)"))
            }
        }
    }

    private func readRelationship(_ attribute: AttributeSyntax, errors: inout [InputError]) -> RelationshipArguments {
        var relationship = RelationshipArguments(position: source.position(attribute))
        guard case .argumentList(let arguments) = attribute.arguments else { return relationship }
        for argument in arguments {
            switch argument.label?.text {
            case "deleteRule":
                relationship.deleteRule = Self.optionName(argument.expression)
                relationship.deleteRulePosition = source.position(argument)
            case "inverse":
                if let keyPath = argument.expression.as(KeyPathExprSyntax.self) {
                    relationship.inverse = DeclarationReader.keyPath(keyPath, source: source)
                } else {
                    errors.append(
                        InputError(
                            at: source.position(argument),
                            "inverse: expects a key path such as \\Destination.property, found "
                                + argument.expression.sourceText))
                }
            case "originalName":
                relationship.originalName = Self.stringLiteral(argument.expression)
            case "minimumModelCount", "maximumModelCount", "hashModifier":
                break
            default:
                errors.append(
                    InputError(
                        at: source.position(argument),
                        "\(argument.expression.sourceText) is not a @Relationship argument model-check "
                            + "knows (known: deleteRule:, inverse:, originalName:, minimumModelCount:, "
                            + "maximumModelCount:, hashModifier:)"))
            }
        }
        return relationship
    }

    /// `.unique`, `Schema.Attribute.Option.unique`, `.transformable(by: X.self)` → `unique`, `transformable`.
    static func optionName(_ expression: ExprSyntax) -> String {
        if let call = expression.as(FunctionCallExprSyntax.self) { return optionName(call.calledExpression) }
        if let member = expression.as(MemberAccessExprSyntax.self) { return member.declName.baseName.text }
        return expression.sourceText
    }

    static func stringLiteral(_ expression: ExprSyntax) -> String? {
        guard let literal = expression.as(StringLiteralExprSyntax.self), literal.segments.count == 1,
            case .stringSegment(let segment) = literal.segments.first
        else { return nil }
        return segment.content.text
    }

    /// The type of `var x = 0`, `= ""`, `= 1.5`, `= true`, `= Date()`, `= UUID()`.
    static func inferredType(_ value: ExprSyntax) -> TypeReference? {
        let name: String
        if value.is(IntegerLiteralExprSyntax.self) {
            name = "Int"
        } else if value.is(FloatLiteralExprSyntax.self) {
            name = "Double"
        } else if value.is(BooleanLiteralExprSyntax.self) {
            name = "Bool"
        } else if value.is(StringLiteralExprSyntax.self) {
            name = "String"
        } else if let call = value.as(FunctionCallExprSyntax.self),
            let callee = call.calledExpression.as(DeclReferenceExprSyntax.self),
            ["Date", "UUID", "Data"].contains(callee.baseName.text)
        {
            name = callee.baseName.text
        } else {
            return nil
        }
        return TypeReference(path: [name], isOptional: false, shape: .single, text: name)
    }

    /// Reads `T`, `T?`, `T!`, `Optional<T>`, `[E]`, `Array<E>`, `[K: V]`, `Set<E>`.
    static func reference(_ type: TypeSyntax) -> TypeReference {
        var inner = type
        var isOptional = false
        while true {
            if let optional = inner.as(OptionalTypeSyntax.self) {
                inner = optional.wrappedType
                isOptional = true
            } else if let unwrapped = inner.as(ImplicitlyUnwrappedOptionalTypeSyntax.self) {
                inner = unwrapped.wrappedType
                isOptional = true
            } else if let identifier = inner.as(IdentifierTypeSyntax.self), identifier.name.text == "Optional",
                let argument = identifier.genericArgumentClause?.arguments.first,
                case .type(let wrapped) = argument.argument
            {
                inner = wrapped
                isOptional = true
            } else if let attributed = inner.as(AttributedTypeSyntax.self) {
                inner = attributed.baseType
            } else {
                break
            }
        }
        let text = type.sourceText
        if let array = inner.as(ArrayTypeSyntax.self) {
            var element = reference(array.element)
            element.shape = element.shape == .single ? .array : .collection
            return TypeReference(
                path: element.path, isOptional: isOptional, shape: element.shape,
                elementIsOptional: element.isOptional, text: text)
        }
        if inner.is(DictionaryTypeSyntax.self) {
            return TypeReference(path: ["Dictionary"], isOptional: isOptional, shape: .collection, text: text)
        }
        if let identifier = inner.as(IdentifierTypeSyntax.self),
            let argument = identifier.genericArgumentClause?.arguments.first,
            case .type(let elementType) = argument.argument
        {
            switch identifier.name.text {
            case "Array":
                let element = reference(elementType)
                return TypeReference(
                    path: element.path, isOptional: isOptional, shape: element.shape == .single ? .array : .collection,
                    elementIsOptional: element.isOptional, text: text)
            case "Set", "Dictionary":
                return TypeReference(
                    path: [identifier.name.text], isOptional: isOptional, shape: .collection, text: text)
            default:
                break
            }
        }
        return TypeReference(
            path: DeclarationReader.path(of: inner), isOptional: isOptional, shape: .single, text: text)
    }
}

/// Swift types SwiftData stores as the plugin's attribute types.
enum AttributeTypes {
    static let scalar: [String: String] = [
        "String": "string", "Substring": "string", "Character": "string", "URL": "string",
        "Int": "int", "Int8": "int", "Int16": "int", "Int32": "int", "Int64": "int",
        "UInt": "int", "UInt8": "int", "UInt16": "int", "UInt32": "int", "UInt64": "int",
        "Double": "double", "Float": "double", "Float32": "double", "Float64": "double", "CGFloat": "double",
        "Decimal": "double", "TimeInterval": "double",
        "Bool": "bool", "Date": "date", "UUID": "uuid", "Data": "data",
    ]
}
