import SimulateJSON
import SimulateModel
import SwiftSyntax

/// The plugin's value for a property's declared default. Literals, `Date()`/`.now` (`"now"`), `UUID()`
/// (`"random"`), `[]` and enum cases with raw values are read as written; any other expression (a
/// function call, a constant) still counts as a default for CloudKit, and scenarios start from the type's
/// empty value (`""`, `0`, `false`, `"now"`, `"random"`, empty data) — the toolkit's assumption, since
/// the value is only known when the app runs.
enum DefaultValue {
    static func json(_ expression: ExprSyntax, for attribute: AttributeSpec, enumType: ValueTypeDeclaration?) -> JSON {
        if attribute.isArray {
            guard let array = expression.as(ArrayExprSyntax.self) else { return .array([]) }
            return .array(
                array.elements.map { scalar($0.expression, attribute.type, enumType) ?? empty(attribute.type) })
        }
        return scalar(expression, attribute.type, enumType) ?? empty(attribute.type)
    }

    static func empty(_ type: AttributeType) -> JSON {
        switch type {
        case .string, .data: .string("")
        case .int: .integer(0)
        case .double: .double(0)
        case .bool: .bool(false)
        case .date: .string("now")
        case .uuid: .string("random")
        }
    }

    private static func scalar(_ expression: ExprSyntax, _ type: AttributeType, _ enumType: ValueTypeDeclaration?)
        -> JSON?
    {
        if let enumType, let value = enumCase(expression, enumType, type) { return value }
        switch type {
        case .string:
            return PropertyReader.stringLiteral(expression).map(JSON.string)
        case .int:
            return integer(expression).map(JSON.integer)
        case .double:
            if let number = integer(expression) { return .double(Double(number)) }
            return floating(expression).map(JSON.double)
        case .bool:
            return expression.as(BooleanLiteralExprSyntax.self).map { .bool($0.literal.tokenKind == .keyword(.true)) }
        case .date:
            let text = expression.sourceText
            return ["Date()", ".now", "Date.now", "Date.init()", ".init()"].contains(text) ? .string("now") : nil
        case .uuid:
            return ["UUID()", ".init()", "UUID.init()"].contains(expression.sourceText)
                ? .string("random") : nil
        case .data:
            return nil
        }
    }

    private static func integer(_ expression: ExprSyntax) -> Int64? {
        if let literal = expression.as(IntegerLiteralExprSyntax.self) {
            return Int64(literal.literal.text.replacingOccurrences(of: "_", with: ""))
        }
        if let prefix = expression.as(PrefixOperatorExprSyntax.self), prefix.operator.text == "-" {
            return integer(prefix.expression).map { -$0 }
        }
        return nil
    }

    private static func floating(_ expression: ExprSyntax) -> Double? {
        if let literal = expression.as(FloatLiteralExprSyntax.self) {
            return Double(literal.literal.text.replacingOccurrences(of: "_", with: ""))
        }
        if let prefix = expression.as(PrefixOperatorExprSyntax.self), prefix.operator.text == "-" {
            return floating(prefix.expression).map { -$0 }
        }
        return nil
    }

    /// `.pending` or `Status.pending` of an enum with raw values: the raw value (the case name for
    /// `String`, the position-derived number for `Int` when not written).
    private static func enumCase(_ expression: ExprSyntax, _ enumType: ValueTypeDeclaration, _ type: AttributeType)
        -> JSON?
    {
        guard var member = expression.as(MemberAccessExprSyntax.self) else { return nil }
        if member.declName.baseName.text == "rawValue", let base = member.base?.as(MemberAccessExprSyntax.self) {
            member = base
        }
        let name = member.declName.baseName.text
        var next: Int64 = 0
        for (caseName, rawValue) in enumType.cases {
            let value: JSON?
            switch type {
            case .string:
                value =
                    rawValue.map { PropertyReader.stringLiteral($0).map(JSON.string) ?? .string(caseName) }
                    ?? .string(caseName)
            case .int:
                if let rawValue, let number = integer(rawValue) { next = number }
                value = .integer(next)
                next += 1
            case .double:
                value = rawValue.flatMap { floating($0) ?? integer($0).map(Double.init) }.map(JSON.double)
            default:
                value = nil
            }
            if caseName == name { return value }
        }
        return nil
    }
}
