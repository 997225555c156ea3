/// One rule a declaration breaks, located at the Swift declaration.
public struct Finding: Sendable, Hashable {
    public enum Severity: String, Sendable {
        case error, warning
    }

    public var position: SourcePosition
    public var entity: String?
    public var property: String?
    /// A rule of Core Data's Code=134060 check (``CloudKitModelValidator/Rule``: `inverse`, `attributes`,
    /// `optionalRelationships`, `deleteRules`, `uniqueConstraints`, `ordered`), `migration`,
    /// `toManyKeyNotAllowed`, `arrayAttributeNotQueryable` or `testHostContainer`.
    public var rule: String
    public var severity: Severity
    /// What is wrong and how to fix it.
    public var message: String

    public init(
        position: SourcePosition, entity: String?, property: String?, rule: String, severity: Severity, message: String
    ) {
        self.position = position
        self.entity = entity
        self.property = property
        self.rule = rule
        self.severity = severity
        self.message = message
    }

    /// `Models/Item.swift:12:9: error: message`, the form Xcode and editors show inline.
    public var line: String { "\(position): \(severity.rawValue): \(message)" }
}
