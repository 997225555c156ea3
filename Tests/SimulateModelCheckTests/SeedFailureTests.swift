#if ModelCheck
    import SimulateModel
    import SimulateModelCheck
    import Testing

    /// The seeds' three real failures, read from Swift sources, in Core Data's exact words.
    @Suite("model-check on the seeds' models")
    struct SeedFailureTests {
        @Test("seed 001: SDOutboxEvent's failure reason, every line at its declaration")
        func outbox() {
            let result = ModelCheck.check(paths: [Fixtures.path("outbox")])
            #expect(!result.loads)
            #expect(
                result.failureReason == """
                    CloudKit integration requires that all attributes be optional, or have a default value set. \
                    The following attributes are marked non-optional but do not have a default value:
                    SDOutboxEvent: attemptCount
                    SDOutboxEvent: createdAt
                    SDOutboxEvent: entityID
                    SDOutboxEvent: eventType
                    SDOutboxEvent: id
                    SDOutboxEvent: isNewRecord
                    SDOutboxEvent: maxAttempts
                    SDOutboxEvent: priority
                    SDOutboxEvent: status
                    SDOutboxEvent: userID
                    CloudKit integration does not support unique constraints. The following entities are constrained:
                    SDOutboxEvent: id
                    """)
            let file = Fixtures.path("outbox") + "/SDOutboxEvent.swift"
            let unique = result.findings.filter { $0.rule == "uniqueConstraints" }
            #expect(unique.map(\.position) == [SourcePosition(file: file, line: 7, column: 29)])
            let count = result.findings.first { $0.property == "attemptCount" }
            #expect(count?.position == SourcePosition(file: file, line: 14, column: 9))
            #expect(count?.message.contains("`var attemptCount: Int = 0`") == true)
            #expect(result.findings.count == 11)
            #expect(result.exitStatus() == 1)
        }

        @Test("seed 004: the V9 and V10 profiles in one failure reason, plan order")
        func profiles() {
            let result = ModelCheck.check(paths: [Fixtures.path("profiles")])
            #expect(
                result.failureReason == """
                    CloudKit integration requires that all relationships have an inverse, the following do not:
                    SDUserProfileV9: moodEntries
                    SDUserProfileV9: photoRecognitions
                    CloudKit integration requires that all relationships be optional, the following are not:
                    SDUserProfileV10: activitySnapshots
                    SDUserProfileV10: bodyMetrics
                    SDUserProfileV10: mealLogs
                    SDUserProfileV10: moodEntries
                    SDUserProfileV10: photoRecognitions
                    SDUserProfileV10: progressEntries
                    SDUserProfileV10: sleepSessions
                    SDUserProfileV10: workouts
                    CloudKit integration does not support unique constraints. The following entities are constrained:
                    SDUserProfileV10: id
                    """)
            let v9 = Fixtures.path("profiles") + "/SchemaV9.swift"
            let inverse = result.findings.filter { $0.rule == "inverse" }
            #expect(inverse.map(\.position.file) == [v9, v9])
            #expect(inverse.map(\.position.line) == [15, 17])
            let body = result.findings.first { $0.property == "bodyMetrics" }
            #expect(body?.position.line == 15 && body?.rule == "optionalRelationships")
            #expect(body?.message.contains("var bodyMetrics: [SDPhysicalAttribute]? = []`") == true)
            #expect(result.loadedTypes.prefix(2) == ["SDUserProfileV9", "SDUserProfileV10"])
            #expect(result.schema?.versions.map(\.name) == ["SchemaV9", "SchemaV10"])
        }

        @Test("seed 000: Deny is the one unsupported delete rule; the seeds' model itself loads")
        func projects() {
            let deny = ModelCheck.check(paths: [Fixtures.path("projects-deny")])
            #expect(
                deny.failureReason
                    == "The following relationships are configured with unsupported delete rules:\nProject:tasks - Deny"
            )
            #expect(deny.findings.map(\.rule) == ["deleteRules"])
            #expect(deny.findings.first?.position.line == 9)
            let clean = ModelCheck.check(paths: [Fixtures.path("projects")])
            #expect(clean.loads)
            #expect(clean.findings.isEmpty)
            #expect(clean.exitStatus() == 0)
            // The very schema the model plugin runs by default (docs/model.md).
            #expect(clean.schema == ModelSchema.seeds)
        }

        @Test("seed 000: #Predicate over an optional to-many relationship is a warning at the key path")
        func predicate() {
            let result = ModelCheck.check(paths: [Fixtures.path("predicate")])
            #expect(result.loads)
            let file = Fixtures.path("predicate") + "/Queries.swift"
            #expect(result.warnings.map(\.rule) == Array(repeating: "toManyKeyNotAllowed", count: 5))
            // At the predicate; the key path's own place is in the message.
            #expect(
                result.warnings.map(\.position) == [
                    SourcePosition(file: file, line: 7, column: 20), SourcePosition(file: file, line: 12, column: 20),
                    SourcePosition(file: file, line: 19, column: 20), SourcePosition(file: file, line: 23, column: 5),
                    SourcePosition(file: file, line: 29, column: 28),
                ])
            #expect(result.warnings.first?.message.hasSuffix("(key path at 8:21)") == true)
            #expect(
                result.warnings.last?.message.contains("no root type written; Project is the one model with tasks")
                    == true)
            #expect(result.warnings.first?.message.contains("to-many key not allowed here") == true)
            #expect(result.exitStatus() == 0)
            #expect(result.exitStatus(warningsAsErrors: true) == 1)
        }

        @Test("seed 003: a static let shared container with CloudKit and an App Group is a warning; in-memory is not")
        func testHost() {
            let result = ModelCheck.check(paths: [Fixtures.path("test-host")])
            #expect(result.warnings.map(\.rule) == ["testHostContainer"])
            #expect(result.warnings.first?.position.line == 10)
            #expect(result.warnings.first?.message.contains("isStoredInMemoryOnly: true") == true)
        }

        @Test("a stage that renames, retypes or removes is named with both versions")
        func migration() {
            let result = ModelCheck.check(paths: [Fixtures.path("migration")])
            #expect(result.loads)
            let lines = result.findings.map { "\($0.position.line) \($0.rule) \($0.property ?? "")" }
            #expect(lines == ["21 migration title", "22 migration count", "31 migration body"])
            #expect(result.findings.allSatisfy { $0.message.contains("between SchemaV1 and SchemaV2") })
            #expect(result.exitStatus() == 1)
        }
    }
#endif
