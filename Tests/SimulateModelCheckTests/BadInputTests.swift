#if ModelCheck
    import Foundation
    import SimulateModelCheck
    import Testing

    /// Input model-check cannot judge: a located message and exit status 2, never a crash or a pass.
    @Suite("model-check bad input")
    struct BadInputTests {
        static func errors(_ text: String) -> [String] {
            let result = ModelCheck.check(sources: [("Bad.swift", text)])
            #expect(result.exitStatus() == 2)
            #expect(!result.loads)
            return result.inputErrors.map(\.description)
        }

        @Test("a source that does not parse: its first syntax error, located")
        func unparsable() {
            let errors = Self.errors("@Model final class Item {\n    var title: String = \n}\n")
            #expect(errors.count == 1)
            #expect(errors.first?.hasPrefix("Bad.swift:2:") == true)
            #expect(errors.first?.contains("not valid Swift") == true)
        }

        @Test("a file that is not Swift")
        func notSwift() throws {
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
                "model-check-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: folder) }
            let json = folder.appendingPathComponent("schema.json").path
            try "{\"entities\": []}".write(toFile: json, atomically: true, encoding: .utf8)
            let binary = folder.appendingPathComponent("Model.swift").path
            try Data([0xFF, 0x00, 0xFE]).write(to: URL(fileURLWithPath: binary))
            let result = ModelCheck.check(paths: [json, binary, folder.path + "/missing"])
            #expect(result.exitStatus() == 2)
            #expect(
                result.inputErrors.map(\.message).sorted() == [
                    "no such file or folder", "not a Swift source: expected a .swift file or a folder",
                    "not a Swift source: the file is not UTF-8 text",
                ])
        }

        @Test("a macro or attribute on a model that model-check does not know")
        func unknownMacros() {
            let errors = Self.errors(
                """
                @Model @Audited final class Item {
                    @Published var title: String = ""
                    #Mystery
                }
                """)
            #expect(errors.count == 3)
            #expect(errors[0].hasPrefix("Bad.swift:1:8: error: @Audited on @Model class Item"))
            #expect(errors[1].hasPrefix("Bad.swift:2:5: error: @Published on a property"))
            #expect(errors[2].hasPrefix("Bad.swift:3:5: error: #Mystery"))
            let allowed = ModelCheck.check(
                sources: [("Ok.swift", "@Model @Audited final class Item { var title: String = \"\" }")],
                options: ModelCheck.Options(allowedAttributes: ["Audited"]))
            #expect(allowed.exitStatus() == 0)
        }

        @Test("a key path or a type it cannot find")
        func missingTypes() {
            let errors = Self.errors(
                """
                @Model final class Item {
                    @Relationship(inverse: \\Missing.items) var owner: Owner?
                    var color: Color = .red
                }
                @Model final class Owner {
                    @Relationship(inverse: \\Item.nothing) var items: [Item]?
                }
                """)
            #expect(errors.count == 3)
            #expect(
                errors[0].hasPrefix(
                    "Bad.swift:2:28: error: inverse: \\Missing.items names Missing, which is not an @Model")
            )
            #expect(errors[1].hasPrefix("Bad.swift:3:9: error: Item.color has type Color: Color is neither"))
            #expect(errors[2].contains("Item has no relationship nothing"))
        }

        @Test("a migration plan that lists a schema the sources do not declare")
        func missingVersion() {
            let errors = Self.errors(
                """
                @Model final class Item { var a: Int = 0 }
                enum Plan: SchemaMigrationPlan {
                    static var schemas: [any VersionedSchema.Type] { [SchemaV1.self] }
                    static var stages: [MigrationStage] { [] }
                }
                """)
            #expect(errors == ["Bad.swift:3:55: error: SchemaV1 is not a VersionedSchema found in the sources"])
        }
    }
#endif
