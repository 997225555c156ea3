#if ModelCheck
    import SimulateJSON
    import SimulateModel
    import SimulateModelCheck
    import Testing

    /// Forms found in open-source SwiftData apps (Apple's Backyard Birds, DearDiary, Snappie, remember,
    /// godtools, FamilyFinance) that model-check refused with "nothing was checked", misread, or answered with a
    /// fix-it that would not do.
    @Suite("model-check on real apps' forms")
    struct RealAppFormsTests {
        static func check(_ text: String) -> ModelCheckResult {
            ModelCheck.check(sources: [("Models.swift", text)], options: .init())
        }

        static func messages(_ result: ModelCheckResult) -> [String] { result.findings.map(\.message) }

        /// `VersionedSchema` and `SchemaMigrationPlan` are protocols: a struct adopts them as an enum does, and a
        /// plan that is a struct still chooses the schema checked.
        @Test(arguments: ["enum", "struct", "final class"])
        func aPlanAndItsSchemasMayBeOfAnyKind(kind: String) throws {
            let result = Self.check(
                """
                \(kind) SchemaV1: VersionedSchema {
                    static var versionIdentifier = Schema.Version(1, 0, 0)
                    static var models: [any PersistentModel.Type] = [Item.self]
                    @Model final class Item { var name: String = "" }
                }
                \(kind) SchemaV2Draft: VersionedSchema {
                    static var versionIdentifier = Schema.Version(2, 0, 0)
                    static var models: [any PersistentModel.Type] = [Item.self]
                    @Model final class Item { @Attribute(.unique) var name: String = "" }
                }
                \(kind) MigrationPlan: SchemaMigrationPlan {
                    static var schemas: [any VersionedSchema.Type] = [SchemaV1.self]
                    static var stages: [MigrationStage] = []
                }
                """)
            #expect(result.inputErrors.isEmpty, "\(result.inputErrors)")
            #expect(result.loads)
            #expect(result.loadedDescription.contains("MigrationPlan (SchemaV1)"))
            #expect(result.loadedDescription.contains("not in the plan, so not checked: SchemaV2Draft"))
        }

        /// `typealias BCP47LanguageIdentifier = String`: the same type to the compiler and to SwiftData; and a
        /// model reached through `typealias SchemaLatest = SchemaV2` with two versions.
        @Test func typeAliasesOfStoredTypesAndOfSchemasAreFollowed() throws {
            let result = Self.check(
                """
                typealias LanguageCode = String
                typealias SchemaLatest = SchemaV2
                typealias Memory = SchemaLatest.Memory
                enum SchemaV1: VersionedSchema {
                    static var versionIdentifier = Schema.Version(1, 0, 0)
                    static var models: [any PersistentModel.Type] = [Memory.self, Tag.self]
                    @Model final class Memory { var code: LanguageCode = ""; var tags: [Tag]? = [] }
                    @Model final class Tag { var label: String = ""; @Relationship(inverse: \\Memory.tags) var memories: [Memory]? = [] }
                }
                enum SchemaV2: VersionedSchema {
                    static var versionIdentifier = Schema.Version(2, 0, 0)
                    static var models: [any PersistentModel.Type] = [Memory.self, Tag.self]
                    @Model final class Memory { var code: LanguageCode = ""; var tags: [Tag]? = [] }
                    @Model final class Tag { var label: String = ""; @Relationship(inverse: \\Memory.tags) var memories: [Memory]? = [] }
                }
                func search(_ word: String) -> Predicate<Memory> {
                    #Predicate<Memory> { memory in memory.tags!.contains(where: { $0.label == word }) }
                }
                func existing<T: PersistentModel>(_ id: PersistentIdentifier) -> FetchDescriptor<T> {
                    FetchDescriptor<T>(predicate: #Predicate { $0.persistentModelID == id })
                }
                """)
            #expect(result.inputErrors.isEmpty, "\(result.inputErrors)")
            let memory = try #require(result.schema?.current.entity(named: "Memory"))
            #expect(memory.attribute(named: "code")?.type == .string)
            #expect(result.warnings.map(\.rule) == ["toManyKeyNotAllowed"])
        }

        /// Defaults whose type a reader sees at a glance.
        @Test func theTypeIsReadFromOrdinaryDefaults() throws {
            let result = Self.check(
                """
                enum Status: String, Codable { case open, taken }
                enum Level: Int, Codable { case low = 3, high }
                @Model final class Event {
                    var statusRaw = Status.taken.rawValue
                    var level = Level.high.rawValue
                    var offset = -1
                    var ratio = -0.5
                    var counts = [String: Int]()
                    var key = UUID().uuidString.lowercased()
                    var due = Date.now.addingTimeInterval(60)
                    var site = URL(string: "https://example.com")!
                }
                """)
            #expect(result.inputErrors.isEmpty, "\(result.inputErrors)")
            #expect(result.loads)
            let event = try #require(result.schema?.current.entity(named: "Event"))
            #expect(event.attribute(named: "statusRaw")?.defaultValue == .string("taken"))
            #expect(event.attribute(named: "level")?.defaultValue == .integer(4))
            #expect(event.attribute(named: "offset")?.defaultValue == .integer(-1))
            #expect(event.attribute(named: "ratio")?.type == .double)
            #expect(event.attribute(named: "counts")?.type == .data)
            #expect(event.attribute(named: "key")?.type == .string)
            #expect(event.attribute(named: "due")?.type == .date)
        }

        /// Retroview's forms: inverses written with their schema's name (`\TitleSchemaV1.Title.cards`), and a
        /// model named `Date` nested in a schema, which Foundation's `Date` elsewhere is not.
        @Test func qualifiedInversesAndNestedModelsNamedLikeFoundationTypes() throws {
            let result = Self.check(
                """
                enum DateSchemaV1: VersionedSchema {
                    static var versionIdentifier = Schema.Version(1, 0, 0)
                    static var models: [any PersistentModel.Type] = [Date.self, TitleSchemaV1.Title.self]
                    @Model final class Date { var text: String = "" }
                }
                enum TitleSchemaV1: VersionedSchema {
                    static var versionIdentifier = Schema.Version(1, 0, 0)
                    static var models: [any PersistentModel.Type] = [Title.self]
                    @Model final class Title {
                        var createdAt: Date = Date.now
                        @Relationship(inverse: \\CardSchemaV1.Card.titles) var cards: [CardSchemaV1.Card]? = []
                    }
                }
                enum CardSchemaV1: VersionedSchema {
                    static var versionIdentifier = Schema.Version(1, 0, 0)
                    static var models: [any PersistentModel.Type] = [Card.self]
                    @Model final class Card { var titles: [TitleSchemaV1.Title]? = [] }
                }
                """)
            #expect(result.inputErrors.isEmpty, "\(result.inputErrors)")
            #expect(result.loads, "\(Self.messages(result))")
            let title = try #require(result.schema?.current.entity(named: "Title"))
            #expect(title.attribute(named: "createdAt")?.type == .date)
            #expect(title.relationship(named: "cards")?.inverse == "titles")
        }

        /// What a Swift 5 target builds with a warning (a space before an attribute's parenthesis) is read; an
        /// inverse is inferred only when it is not ambiguous; inherited members count (iOS 26 model inheritance).
        @Test func swiftFiveSpacingAmbiguousInversesAndInheritedMembers() throws {
            let result = Self.check(
                """
                @Model final class Airline {
                    @Relationship (deleteRule: .cascade, inverse: \\Flight.airline) var flights: [Flight]? = []
                }
                @Model final class Flight { var airline: Airline? }
                @Model final class Person { @Relationship(deleteRule: .cascade) var ownedDocs: [Doc]? = [] }
                @Model final class Doc { var owner: Person?; var editor: Person? }
                @Model class Vehicle { var garage: Garage? }
                @Model final class Car: Vehicle { var doors: Int = 4 }
                @Model final class Garage { @Relationship(inverse: \\Car.garage) var cars: [Car]? = [] }
                func parked() -> Predicate<Car> { #Predicate<Car> { $0.garage?.cars?.isEmpty == false } }
                """)
            #expect(result.inputErrors.isEmpty, "\(result.inputErrors)")
            #expect(
                result.failureReason?.hasSuffix("the following do not:\nDoc: editor\nDoc: owner\nPerson: ownedDocs")
                    == true, "\(result.failureReason ?? "")")
            #expect(
                result.schema?.current.entity(named: "Airline")?.relationship(named: "flights")?.inverse == "airline")
            #expect(result.warnings.map(\.rule) == ["toManyKeyNotAllowed"])
        }

        /// Codable types of the standard library and SwiftUI; `= .none` on an optional is nil; a backticked name.
        @Test func codableSystemTypesNoneAndBacktickedNames() throws {
            let result = Self.check(
                """
                enum Flag: String, Codable { case none, red }
                @Model final class Shape {
                    var color: Color.Resolved? = nil
                    var position: SIMD3<Float> = .zero
                    var ref: PersistentIdentifier? = nil
                    var lasts: Duration = .zero
                    var flag: Flag? = .none
                    var `default`: Bool
                }
                """)
            #expect(result.inputErrors.isEmpty, "\(result.inputErrors)")
            let shape = try #require(result.schema?.current.entity(named: "Shape"))
            #expect(shape.attribute(named: "flag")?.defaultValue == nil)
            #expect(result.failureReason?.hasSuffix("Shape: default") == true)
        }

        /// SwiftDataEnroute's query over a non-optional to-many relationship works today; the fix-it that makes
        /// the relationship optional, as CloudKit needs, makes it fail: the warning says so before anyone applies it.
        @Test func aQueryOverAToManyRelationshipCloudKitNeedsOptionalIsWarnedOf() throws {
            let result = Self.check(
                """
                @Model final class Airport { @Relationship(inverse: \\Flight.origin) var flightsFrom: [Flight] = [] }
                @Model final class Flight { var origin: Airport? }
                func busy() -> Predicate<Airport> { #Predicate<Airport> { $0.flightsFrom.isEmpty == false } }
                """)
            #expect(result.errors.map(\.rule) == ["optionalRelationships"])
            #expect(
                result.warnings.first?.message.contains("that CloudKit needs optional (Code=134060); once it is")
                    == true)
        }

        /// Tone.app's `[Self.Note.self]`, a list that takes an earlier schema's (`SchemaV1.models + [Folder.self]`),
        /// a type alias in a namespace, and defaults from static constants (`var id = Note.singletonID`).
        @Test func selfListsInheritedListsNamespacedAliasesAndStaticDefaults() throws {
            let result = Self.check(
                """
                enum Defaults { static let limit = 5 }
                enum AnkiModels {
                    typealias Current = SchemaV2
                    typealias Note = Current.Note
                    enum SchemaV1: VersionedSchema {
                        static var versionIdentifier = Schema.Version(1, 0, 0)
                        static var models: [any PersistentModel.Type] { [Self.Note.self] }
                        @Model final class Note {
                            static let singletonID = UUID()
                            var id = Note.singletonID
                            var limit = Defaults.limit
                            var tags: [String]? = []
                        }
                    }
                    enum SchemaV2: VersionedSchema {
                        static var versionIdentifier = Schema.Version(2, 0, 0)
                        static var models: [any PersistentModel.Type] { SchemaV1.models + [Folder.self] }
                        typealias Note = SchemaV1.Note
                        @Model final class Folder { var name: String = "" }
                    }
                }
                func tagged() -> Predicate<AnkiModels.Note> { #Predicate<AnkiModels.Note> { $0.tags!.isEmpty } }
                """)
            #expect(result.inputErrors.isEmpty, "\(result.inputErrors)")
            #expect(result.loads, "\(Self.messages(result))")
            #expect(result.loadedTypes.sorted() == ["Folder", "Note"])
            let note = try #require(result.schema?.current.entity(named: "Note"))
            #expect(note.attribute(named: "id")?.type == .uuid && note.attribute(named: "limit")?.type == .int)
            #expect(result.warnings.map(\.rule) == ["arrayAttributeNotQueryable"])
        }

        /// A `Set` attribute is stored as one binary value, as an array is: a predicate cannot query it.
        @Test func aPredicateOverASetAttributeIsWarnedOfAsOneOverAnArray() throws {
            let result = Self.check(
                """
                @Model final class Book { var tags: Set<String> = []; var names: [String] = [] }
                func tagged() -> Predicate<Book> { #Predicate<Book> { $0.tags.contains("x") } }
                func named() -> Predicate<Book> { #Predicate<Book> { $0.names.contains("x") } }
                """)
            #expect(result.warnings.map(\.rule) == ["arrayAttributeNotQueryable", "arrayAttributeNotQueryable"])
        }

        /// The classic album: `Photo.album` pairs with `Album.photos` (to-one with to-many) though `Album.cover`
        /// also points at `Photo`; the cover gets a relationship back of its own.
        @Test func aToOneAndAToManyPairUpBesideAnotherRelationship() throws {
            let result = Self.check(
                """
                @Model final class Photo { var album: Album? }
                @Model final class Album { var cover: Photo?; var photos: [Photo]? = [] }
                """)
            let messages = Self.messages(result)
            #expect(messages.contains { $0.contains("`@Relationship(inverse: \\Album.photos) var album: Album?`") })
            #expect(
                messages.contains { $0.contains("`@Relationship(inverse: \\Photo.album) var photos: [Photo]? = []`") })
            #expect(messages.contains { $0.contains("(add one: `var coverOf: [Album]? = []`)") })
        }

        /// `ModelContainer(for: Item.self)` uses CloudKit by default once the app has the iCloud entitlement, which is
        /// what a team enabling sync adds: a `static let` of it crashes a test host as seed 003 says.
        @Test func aStaticContainerOfTheDefaultConfigurationIsWarnedOf() throws {
            let result = Self.check(
                """
                @Model final class Item { var name: String = "" }
                enum Store {
                    static let shared = try! ModelContainer(for: Item.self)
                    static let local = try! ModelContainer(for: Item.self, configurations: ModelConfiguration(isStoredInMemoryOnly: true))
                    static let other = try! ModelContainer(for: Item.self, configurations: Store.configuration)
                }
                """)
            #expect(result.warnings.map(\.rule) == ["testHostContainer"])
            #expect(result.warnings.first?.message.contains("Store.shared") == true)
        }

        /// Core Data refuses a property named after a method of NSObject or NSManagedObject (`description`).
        @Test func aPropertyNamedAfterAnNSObjectMethodIsWarnedOf() throws {
            let result = Self.check(
                #"@Model final class Recipe { var description: String = ""; var title: String = "" }"#)
            #expect(result.warnings.map(\.rule) == ["reservedName"])
            #expect(result.warnings.first?.property == "description")
        }

        /// Two relationships naming one inverse (Backyard Birds' `leadingPlants` and `trailingPlants`): an inverse
        /// pairs two relationships, so the second has none — a finding with its fix, not "nothing was checked".
        /// Fix-its keep the delete rule, and give two relationships to one destination an inverse each.
        @Test func inverseFixItsKeepTheRuleAndNeverShareAnInverse() throws {
            let result = Self.check(
                """
                @Model final class Backyard {
                    @Relationship(inverse: \\Plant.backyard) var leadingPlants: [Plant]? = []
                    @Relationship(inverse: \\Plant.backyard) var trailingPlants: [Plant]? = []
                }
                @Model final class Plant { var backyard: Backyard? }
                @Model final class Bird {
                    @Relationship(deleteRule: .cascade) var favoriteFood: Food?
                    var dislikedFoods: [Food]? = []
                }
                @Model final class Food { var name: String = "" }
                """)
            #expect(result.inputErrors.isEmpty, "\(result.inputErrors)")
            let messages = Self.messages(result)
            #expect(
                messages.contains {
                    $0.contains("(add one: `var trailingPlantsOf: Backyard?`)")
                        && $0.contains("`@Relationship(inverse: \\Plant.trailingPlantsOf) var trailingPlants")
                })
            #expect(
                messages.contains {
                    $0.contains("`@Relationship(deleteRule: .cascade, inverse: \\Food.favoriteFoodOf) var favoriteFood")
                })
            #expect(
                messages.contains { $0.contains("`@Relationship(inverse: \\Food.dislikedFoodsOf) var dislikedFoods") })
        }
    }
#endif
