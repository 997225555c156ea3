// The whole target needs the ModelCheck trait (swift-syntax); the sanitized CI builds leave it off.
#if ModelCheck
    import Foundation

    /// Paths of `Tests/Fixtures/model-check`.
    enum Fixtures {
        static var root: String {
            let file = #filePath
            return (file.components(separatedBy: "/Tests/").first ?? ".") + "/Tests/Fixtures/model-check"
        }

        static func path(_ name: String) -> String { root + "/" + name }
    }
#endif
