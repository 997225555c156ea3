#if ModelCheck
    import SimulateJSON
    import SimulateModel
    import SimulateModelCheck
    import Testing

    /// Forms a real app's models take that model-check once skipped, refused or judged wrongly.
    @Suite("model-check on the forms app models take")
    struct AppSourceFormsTests {
        static func check(_ text: String) -> ModelCheckResult {
            ModelCheck.check(sources: [("Models.swift", text)], options: .init())
        }

        static func messages(_ result: ModelCheckResult) -> [String] { result.findings.map(\.message) }

        /// docs/model-check.md: "code inside `#if`: every branch is read" — in a model's body too.
        @Test func propertiesInsideIfConfigAreChecked() throws {
            let result = Self.check(
                """
                @Model final class Entry {
                    var title: String = ""
                    #if DEBUG
                    var debugLabel: String
                    @Attribute(.unique) var debugID: UUID = UUID()
                    #else
                    var debugLabel: String = "release"
                    #endif
                }
                """)
            #expect(result.loads == false)
            let entry = try #require(result.schema?.current.entity(named: "Entry"))
            #expect(entry.attributes.map(\.name) == ["title", "debugLabel", "debugID"])
            #expect(result.failureReason?.contains("Entry: debugLabel") == true)
            #expect(result.failureReason?.contains("Entry: debugID") == true)
        }

        /// `Schema.Attribute.Option.ephemeral`: "Track changes to this property but do not persist".
        @Test func ephemeralAttributesAreNotStored() throws {
            let result = Self.check(
                """
                @Model final class Product {
                    var name: String = ""
                    @Attribute(.ephemeral) var isSelected: Bool
                }
                """)
            #expect(result.loads == true)
            #expect(result.schema?.current.entity(named: "Product")?.attributes.map(\.name) == ["name"])
        }

        /// `Schema.Relationship.Option.unique` is a unique constraint, which CloudKit refuses (Code=134060).
        @Test func aUniqueRelationshipIsAUniqueConstraint() throws {
            let result = Self.check(
                """
                @Model final class Album {
                    @Relationship(.unique, deleteRule: .cascade, inverse: \\Photo.album) var cover: Photo?
                }
                @Model final class Photo { var album: Album? }
                """)
            #expect(result.loads == false)
            #expect(result.failureReason?.hasSuffix("The following entities are constrained:\nAlbum: cover") == true)
            #expect(Self.messages(result).contains { $0.contains("remove `.unique` from `@Relationship`") })
            let json = SchemaJSON.json(try #require(result.schema))
            #expect(json["entities"]?[0]?["relationships"]?[0]?["unique"] == true)
        }

        @Test func typesReadFromDefaultValuesAndFoundationValues() throws {
            let result = Self.check(
                """
                enum Kind: String, Codable { case up, down }
                struct Reminder: Codable { var minutes: Int = 5 }
                @Model final class Counter {
                    var createdAt = Date.now
                    var kind = Kind.up
                    var names = [String]()
                    var limit = Int.max
                    var ratio = 0 as Double
                    var token = UUID().uuidString
                    var reminder = Reminder()
                    var zone: TimeZone = .current
                    var length: Measurement<UnitLength>?
                    var place: CGPoint = .zero
                }
                """)
            #expect(result.inputErrors.map(\.message) == [])
            let counter = try #require(result.schema?.current.entity(named: "Counter"))
            #expect(
                counter.attributes.map { "\($0.name) \($0.type)\($0.isArray ? "[]" : "")" } == [
                    "createdAt date", "kind string", "names string[]", "limit int", "ratio double", "token string",
                    "reminder data", "zone data", "length data", "place data",
                ])
        }

        @Test func fixItsThatCompile() throws {
            let result = Self.check(
                """
                enum Shape: Codable { case circle(radius: Double), square }
                @Model final class Profile {
                    var shape: Shape
                    var scores: [String: Int]
                    var website: URL
                }
                @Model final class Note {
                    var folder: Folder?
                    var movedFrom: Folder?
                    var links: [Note]?
                    var backlinks: [Note]?
                }
                @Model final class Folder {
                    @Relationship(deleteRule: .deny, inverse: \\Note.folder) var notes: [Note]?
                }
                """)
            let messages = Self.messages(result)
            #expect(messages.contains { $0.hasSuffix("(Code=134060): make it optional: `var shape: Shape?`") })
            #expect(messages.contains { $0.contains("`var scores: [String: Int] = [:]`") })
            #expect(messages.contains { $0.hasSuffix("(Code=134060): make it optional: `var website: URL?`") })
            // Not the relationship itself, nor Folder.notes, which is Note.folder's inverse already.
            #expect(messages.contains { $0.contains("`@Relationship(inverse: \\Note.backlinks) var links: [Note]?`") })
            // Folder has `notes` already: the new relationship back is named for this one, and to-many.
            #expect(
                messages.contains {
                    $0.contains("(add one: `var movedFromOf: [Note]? = []`)") && $0.contains("movedFrom")
                })
            #expect(
                messages.contains {
                    $0.contains("`@Relationship(deleteRule: .nullify, inverse: \\Note.folder) var notes: [Note]?`")
                })
        }

        /// A `models` list written in branches (`if #available`, `#if`) lists the models of every branch.
        @Test func modelsListedInBranches() throws {
            let result = Self.check(
                """
                enum SchemaV1: VersionedSchema {
                    static var versionIdentifier = Schema.Version(1, 0, 0)
                    static var models: [any PersistentModel.Type] {
                        if #available(iOS 26, macOS 26, *) { [Item.self, Checklist.self] } else { [Item.self] }
                    }
                    @Model final class Item { var title: String = "" }
                    @Model final class Checklist { var done: Bool = false }
                }
                """)
            #expect(result.inputErrors.map(\.message) == [])
            #expect(result.schema?.current.entities.map(\.name) == ["Item", "Checklist"])
        }

        /// Seed 003's `static let`; a stored `static var` is made on first use just the same.
        @Test func aStoredStaticVarContainerIsWarnedAbout() throws {
            let result = Self.check(
                """
                @Model final class Item { var title: String = "" }
                enum Store {
                    static var shared: ModelContainer = {
                        try! ModelContainer(for: Item.self, configurations: ModelConfiguration(cloudKitDatabase: .automatic))
                    }()
                    static var computed: ModelContainer { try! ModelContainer(for: Item.self) }
                }
                """)
            #expect(result.findings.map(\.rule) == ["testHostContainer"])
            #expect(result.findings.first?.message.hasPrefix("Store.shared is a `static var` ModelContainer") == true)
        }
    }
#endif
