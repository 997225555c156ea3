#if ModelCheck
    import SimulateJSON
    import SimulateModelCheck
    import Testing

    @Suite("ModelCheck.assertLoadsWithCloudKit")
    struct AssertionTests {
        @Test("passes for a model that loads, relative to the package root")
        func loads() {
            let result = ModelCheck.assertLoadsWithCloudKit(sources: ["Tests/Fixtures/model-check/projects"])
            #expect(result.loads)
            #expect(result.loadedTypes == ["Project", "Task"])
        }

        @Test("records one issue per error finding and one for the failure reason")
        func fails() {
            withKnownIssue {
                ModelCheck.assertLoadsWithCloudKit(sources: ["Tests/Fixtures/model-check/projects-deny"])
            } matching: { issue in
                let text = issue.comments.map(\.rawValue).joined()
                return text.contains("Models.swift:9:9: error: Project.tasks uses the Deny delete rule")
                    || text.contains("Project:tasks - Deny")
            }
        }

        @Test("seed 001's compliant SDOutboxEvent loads")
        func compliantOutbox() {
            let result = ModelCheck.check(
                sources: [
                    (
                        "SDOutboxEvent.swift",
                        """
                        @Model final class SDOutboxEvent {
                            var id: UUID = UUID()
                            var eventType: String = ""
                            var entityID: UUID = UUID()
                            var userID: String = ""
                            var status: String = "pending"
                            var createdAt: Date = Date()
                            var attemptCount: Int = 0
                            var maxAttempts: Int = 5
                            var priority: Int = 0
                            var isNewRecord: Bool = true
                            var lastAttemptAt: Date?
                            var errorMessage: String?
                            var completedAt: Date?
                            var metadata: String?
                            init(id: UUID = UUID(), eventType: String) {
                                self.id = id
                                self.eventType = eventType
                            }
                        }
                        """
                    )
                ])
            #expect(result.loads)
            #expect(result.findings.isEmpty)
            #expect(result.schema?.current.entities.first?.attribute(named: "maxAttempts")?.defaultValue == .integer(5))
        }
    }
#endif
