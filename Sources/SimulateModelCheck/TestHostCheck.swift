/// Seed 003: "If you use `static let` for the shared container, it will be initialized when the test runner
/// launches the app as a test host, causing a crash before any test code runs" — the CloudKit and App Group
/// entitlements are missing there. A warning at the property, pointing at the seed's lazy, in-memory pattern.
enum TestHostCheck {
    static func findings(_ containers: [SharedContainerDeclaration]) -> [Finding] {
        containers.map { container in
            let uses =
                container.byDefault
                ? "the default configuration (its cloudKitDatabase is .automatic: CloudKit once the app has the iCloud "
                    + "entitlement)"
                : [container.usesCloudKit ? "CloudKit" : nil, container.usesAppGroup ? "an App Group" : nil]
                    .compactMap { $0 }.joined(separator: " and ")
            let owner = container.owner.isEmpty ? "" : container.owner + "."
            return Finding(
                position: container.position, entity: nil, property: nil, rule: "testHostContainer", severity: .warning,
                message: "\(owner)\(container.name) is a `static \(container.keyword)` ModelContainer configured with "
                    + "\(uses): when a test target's host app launches and its code uses it, it is created before any "
                    + "test runs and crashes without the entitlements (seed 003); make it a computed `static var` "
                    + "that makes the container once, on first use, into a stored optional it returns after "
                    + "(`private static var _shared: ModelContainer?`), and makes an in-memory container (`ModelConfiguration(isStoredInMemoryOnly: true, "
                    + "cloudKitDatabase: .none)`) when `NSClassFromString(\"XCTestCase\") != nil`, as seed 003 does")
        }
    }
}
