/// One rule a declaration breaks, located at the Swift declaration.
public struct Finding: Sendable, Hashable {
    /// Whether the finding fails the check.
    public enum Severity: String, Sendable {
        /// Fails the check (exit status 1).
        case error
        /// Worth a look; does not fail the check.
        case warning
    }

    /// Where the declaration is.
    public var position: SourcePosition
    /// The model class, when the finding is about one.
    public var entity: String?
    /// The property, when the finding is about one.
    public var property: String?
    /// A rule of Core Data's Code=134060 check (``CloudKitModelValidator/Rule``: `inverse`, `attributes`,
    /// `optionalRelationships`, `deleteRules`, `uniqueConstraints`, `ordered`), `migration`,
    /// `toManyKeyNotAllowed`, `arrayAttributeNotQueryable`, `testHostContainer` or `reservedName`.
    public var rule: String
    /// Error or warning.
    public var severity: Severity
    /// What is wrong and how to fix it.
    public var message: String

    /// A finding; see the members.
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
