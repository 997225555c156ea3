import Testing

/// Runs a suite's tests on a thread of their own from the start of the run, one after another.
///
/// For suites of `.serialized` tests that wait on the wall clock (real sockets, `simulate serve`, a
/// browser): the testing library starts each further test of a serialized suite behind every test
/// still waiting for the shared pool, so on two cores such a suite's 50 s of waiting came after all
/// other tests instead of beside them. On their own thread they wait beside the others, as they
/// did one at a time before.
public struct ThreadOfItsOwnTrait: SuiteTrait, TestScoping {
    public var isRecursive: Bool { false }

    public func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        guard #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *) else {
            return try await function()
        }
        let executor = ThreadExecutor(name: test.name)
        defer { executor.finish() }
        try await withTaskExecutorPreference(executor) { try await function() }
    }
}

extension Trait where Self == ThreadOfItsOwnTrait {
    /// Runs the suite's tests on a thread of their own, named after the suite (``ThreadOfItsOwnTrait``).
    public static var onAThreadOfItsOwn: Self { ThreadOfItsOwnTrait() }
}
