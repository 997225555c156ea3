#if ModelCheck
    import SimulateCore
    import SimulateJSON
    import SimulateModel
    import SimulateModelCheck
    import Testing

    @Suite("model-check reading Swift")
    struct ReaderTests {
        static func check(_ text: String, options: ModelCheck.Options = .init()) -> ModelCheckResult {
            ModelCheck.check(sources: [("Models.swift", text)], options: options)
        }

        @Test("types, optionality, defaults, enums, Codable structs, @Transient and computed properties")
        func attributes() throws {
            let result = Self.check(
                """
                enum Status: String, Codable { case pending, done = "finished" }
                struct Address: Codable { var street: String }
                @Model final class Item {
                    var title = "x"
                    var count: Int = -3
                    var ratio: Double = 1
                    var when: Date = .now
                    var id: UUID = UUID()
                    var tags: [String] = ["a"]
                    var status: Status = .done
                    var address: Address?
                    var blob: Data?
                    @Attribute(.externalStorage) var photo: Data? = nil
                    @Transient var cache: Int = 0
                    var computed: Int { count * 2 }
                    static var shared = 0
                    var observed: Int = 0 { didSet { } }
                }
                """)
            #expect(result.inputErrors == [])
            let item = try #require(result.schema?.current.entity(named: "Item"))
            #expect(
                item.attributes.map(\.name) == [
                    "title", "count", "ratio", "when", "id", "tags", "status", "address", "blob", "photo", "observed",
                ])
            #expect(item.attribute(named: "count")?.defaultValue == .integer(-3))
            #expect(item.attribute(named: "ratio")?.defaultValue == .double(1))
            #expect(item.attribute(named: "when")?.defaultValue == .string("now"))
            #expect(item.attribute(named: "id")?.defaultValue == .string("random"))
            #expect(item.attribute(named: "tags")?.typeName == "[string]")
            #expect(item.attribute(named: "status")?.defaultValue == .string("finished"))
            #expect(item.attribute(named: "address")?.type == .data)
            #expect(item.attribute(named: "address")?.isOptional == true)
            #expect(result.loads)
        }

        @Test("#Unique and originalName; inverse named on either side sets both")
        func uniqueAndInverse() throws {
            let result = Self.check(
                """
                @Model final class Person {
                    #Unique<Person>([\\.email])
                    var email: String = ""
                    @Attribute(originalName: "fullName") var name: String = ""
                    var pets: [Pet]?
                }
                @Model final class Pet {
                    @Relationship(inverse: \\Person.pets) var owner: Person?
                }
                """)
            let person = try #require(result.schema?.current.entity(named: "Person"))
            #expect(person.attribute(named: "email")?.isUnique == true)
            #expect(person.attribute(named: "name")?.renamedFrom == "fullName")
            #expect(person.relationship(named: "pets")?.inverse == "owner")
            #expect(result.schema?.current.entity(named: "Pet")?.relationship(named: "owner")?.inverse == "pets")
            #expect(result.findings.map(\.rule) == ["uniqueConstraints"])
            #expect(result.findings.first?.position.line == 2)
        }

        @Test("emit-schema JSON is read back by the model plugin as the same schema")
        func emittedSchemaRoundTrips() throws {
            for fixture in ["projects", "profiles", "outbox", "migration"] {
                let schema = try #require(ModelCheck.check(paths: [Fixtures.path(fixture)]).schema)
                let diagnostics = SimulateCore.Diagnostics()
                let configuration = ModelConfiguration.read(
                    .object(["schema": SchemaJSON.json(schema)]), at: .root, diagnostics: diagnostics)
                #expect(diagnostics.items.map(\.message) == [], "\(fixture)")
                #expect(configuration?.schema == schema, "\(fixture)")
            }
        }

        @Test("--types names the container's types and what they reach")
        func types() {
            let result = ModelCheck.check(
                paths: [Fixtures.path("profiles")], options: ModelCheck.Options(types: ["SDMeal"]))
            #expect(result.loadedTypes.prefix(3) == ["SDMeal", "SDUserProfileV10", "SDPhysicalAttribute"])
            #expect(result.schema?.versions.count == 1)
        }
    }

    @Suite("model-check inverses")
    struct InverseTests {
        @Test("seed 004's BEFORE code: the to-one side takes the one relationship back, the to-many keeps none")
        func toOneInference() throws {
            let result = ModelCheck.check(sources: [
                (
                    "V9.swift",
                    """
                    @Model final class SDMoodEntry {
                        @Relationship
                        var userProfile: SDUserProfileV9?
                    }
                    @Model final class SDUserProfileV9 {
                        @Relationship(deleteRule: .cascade)
                        var moodEntries: [SDMoodEntry]?
                    }
                    """
                )
            ])
            #expect(
                result.failureReason
                    == "CloudKit integration requires that all relationships have an inverse, the following do not:\n"
                    + "SDUserProfileV9: moodEntries")
            #expect(
                result.findings.first?.message.contains(
                    "`@Relationship(deleteRule: .cascade, inverse: \\SDMoodEntry.userProfile)") == true)
            let entry = try #require(result.schema?.current.entity(named: "SDMoodEntry"))
            #expect(entry.relationship(named: "userProfile")?.inverse == "moodEntries")
        }

        @Test("two relationships back: nothing is inferred")
        func ambiguous() {
            let result = ModelCheck.check(sources: [
                (
                    "A.swift",
                    """
                    @Model final class Task {
                        var project: Project?
                    }
                    @Model final class Project {
                        var tasks: [Task]?
                        var archived: [Task]?
                    }
                    """
                )
            ])
            #expect(
                result.failureReason
                    == "CloudKit integration requires that all relationships have an inverse, the following do not:\n"
                    + "Project: archived\nProject: tasks\nTask: project")
        }

        /// A @Model subclass is a sub-entity: its parent is the @Model it inherits from, and it declares only
        /// its own properties (docs/model.md, records).
        @Test("a @Model subclass names its parent entity")
        func subclassIsASubEntity() throws {
            let result = ReaderTests.check(
                """
                @Model class Vehicle { var name = "" }
                @Model final class Car: Vehicle { var doors = 4 }
                """)
            #expect(result.inputErrors == [])
            let car = try #require(result.schema?.current.entity(named: "Car"))
            #expect(car.parent == "Vehicle")
            #expect(car.attributes.map(\.name) == ["doors"])
            #expect(result.schema?.current.entity(named: "Vehicle")?.parent == nil)
        }
    }
#endif
