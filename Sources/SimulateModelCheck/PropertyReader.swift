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
        "externalStorage", "preserveValueOnDeletion", "spotlight", "allowsCloudEncryption", "encrypt",
    ]
    /// Options that keep the value out of the store, as `@Transient` does: `.ephemeral` ("Track changes to
    /// this property but do not persist", `Schema.Attribute.Option.ephemeral`).
    static let notPersistedOptions: Set<String> = ["ephemeral", "transient"]

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
            case "Relationship":
                let relationship = readRelationship(attribute, errors: &errors)
                template.relationship = relationship
                if let unique = relationship.uniquePosition {
                    template.isUnique = true
                    template.uniquePosition = unique
                }
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
            // `` `default` ``: the property's name is `default`.
            property.name = identifier.identifier.identifier?.name ?? identifier.identifier.text
            property.position = source.position(identifier)
            property.type = binding.typeAnnotation.map { Self.reference($0.type) }
            property.defaultValue = binding.initializer?.value
            if property.type == nil && !property.isTransient {
                property.type = property.defaultValue.flatMap(Self.inferredType)
                if let member = property.defaultValue?.as(MemberAccessExprSyntax.self), let base = member.base,
                    property.type != nil, Self.typeNamed(base)?.path == property.type?.path
                {
                    property.typeFromMember = member.declName.baseName.text
                }
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
                } else if Self.notPersistedOptions.contains(option) {
                    property.isTransient = true
                } else if !Self.neutralOptions.contains(option) {
                    errors.append(
                        InputError(
                            at: source.position(argument),
                            "\(argument.expression.sourceText) is not an @Attribute option model-check knows "
                                + "(known: .unique, .transformable(by:), "
                                + Self.neutralOptions.union(Self.notPersistedOptions).sorted().map { "." + $0 }.joined(
                                    separator: ", ") + ")"))
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
        var relationship = RelationshipArguments(
            text: attribute.trimmedDescription, position: source.position(attribute))
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
            case nil where Self.optionName(argument.expression) == "unique":
                // `Schema.Relationship.Option.unique`: a unique constraint, as `@Attribute(.unique)` is.
                relationship.uniquePosition = source.position(argument)
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

    /// The type a default value tells: a literal (`0`, `""`, `1.5`, `true`), a type's initialiser
    /// (`Date()`, `Settings()`, `[String]()`, `Set<Int>()`), a type's member (`Date.now`, `Int.max`,
    /// `Kind.up`: taken to be of that type, the toolkit's reading), `UUID().uuidString`, `x as T`.
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
        } else if let prefix = value.as(PrefixOperatorExprSyntax.self), prefix.operator.text == "-" {
            return inferredType(prefix.expression)
        } else if let unwrapped = value.as(ForceUnwrapExprSyntax.self) {
            return inferredType(unwrapped.expression)
        } else if let call = value.as(FunctionCallExprSyntax.self) {
            // `UUID().uuidString.lowercased()`, `Date.now.addingTimeInterval(60)`: a method that returns its
            // receiver's type.
            if let method = call.calledExpression.as(MemberAccessExprSyntax.self), let base = method.base,
                let receiver = inferredType(base), receiver.shape == .single,
                sameTypeMethods[receiver.name]?.contains(method.declName.baseName.text) == true
            {
                return receiver
            }
            return typeNamed(call.calledExpression)
        } else if let member = value.as(MemberAccessExprSyntax.self), let base = member.base {
            let madeBy = base.as(FunctionCallExprSyntax.self).flatMap { typeNamed($0.calledExpression) }
            if member.declName.baseName.text == "uuidString", madeBy?.path == ["UUID"] {
                name = "String"
            } else if member.declName.baseName.text == "rawValue",
                let enumCase = base.as(MemberAccessExprSyntax.self), let enumType = enumCase.base.flatMap(typeNamed)
            {
                // `Status.open.rawValue`: the enum's raw type, which the schema builder reads from the enum.
                return TypeReference(
                    path: enumType.path + ["RawValue"], isOptional: false, shape: .single,
                    text: enumType.text + ".RawValue")
            } else if let type = typeNamed(base) {
                return type
            } else {
                return nil
            }
        } else if let sequence = value.as(SequenceExprSyntax.self), sequence.elements.count == 3,
            sequence.elements.dropFirst().first?.is(UnresolvedAsExprSyntax.self) == true,
            let type = sequence.elements.last?.as(TypeExprSyntax.self)
        {
            return reference(type.type)
        } else {
            return nil
        }
        return TypeReference(path: [name], isOptional: false, shape: .single, text: name)
    }

    /// Methods of a stored type that return that type, as a default value calls them.
    static let sameTypeMethods: [String: Set<String>] = [
        "String": ["lowercased", "uppercased", "trimmingCharacters", "replacingOccurrences", "appending"],
        "Date": ["addingTimeInterval", "advanced"],
    ]

    /// The type an expression names (`Settings`, `Foundation.Date`, `[String]`, `Set<Int>`), or nil when it
    /// names none: a capitalised name is taken to be a type.
    static func typeNamed(_ expression: ExprSyntax) -> TypeReference? {
        if let reference = expression.as(DeclReferenceExprSyntax.self) {
            let name = reference.baseName.text
            guard name.first?.isUppercase == true else { return nil }
            return TypeReference(path: [name], isOptional: false, shape: .single, text: name)
        }
        if let member = expression.as(MemberAccessExprSyntax.self), let base = member.base,
            let outer = typeNamed(base)
        {
            let name = member.declName.baseName.text
            guard name.first?.isUppercase == true else { return nil }
            return TypeReference(
                path: outer.path + [name], isOptional: false, shape: .single, text: outer.text + "." + name)
        }
        if let dictionary = expression.as(DictionaryExprSyntax.self) {
            return TypeReference(
                path: ["Dictionary"], isOptional: false, shape: .collection, text: dictionary.sourceText)
        }
        if let array = expression.as(ArrayExprSyntax.self), array.elements.count == 1,
            var element = array.elements.first.flatMap({ typeNamed($0.expression) })
        {
            element.shape = .array
            element.text = "[" + element.text + "]"
            return element
        }
        if let generic = expression.as(GenericSpecializationExprSyntax.self),
            let base = generic.expression.as(DeclReferenceExprSyntax.self)
        {
            let text = expression.sourceText
            switch base.baseName.text {
            case "Set", "Dictionary":
                return TypeReference(path: [base.baseName.text], isOptional: false, shape: .collection, text: text)
            case "Array":
                guard let argument = generic.genericArgumentClause.arguments.first,
                    case .type(let elementType) = argument.argument
                else { return nil }
                var element = reference(elementType)
                element.shape = element.shape == .single ? .array : .collection
                element.text = text
                return element
            default: return typeNamed(generic.expression)
            }
        }
        return nil
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

    /// Foundation and Core Graphics value types that are `Codable`: SwiftData stores each as one composite
    /// value, as it stores a `Codable` struct of the app's own (the plugin holds it as data).
    static let codableValues: Set<String> = [
        "Measurement", "TimeZone", "Locale", "Calendar", "PersonNameComponents", "DateComponents", "DateInterval",
        "IndexSet", "CharacterSet", "AttributedString", "CGPoint", "CGSize", "CGRect", "CGVector",
        "Duration", "SIMD2", "SIMD3", "SIMD4", "SIMD8", "SIMD16", "PersistentIdentifier",
    ]
}
