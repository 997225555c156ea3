import SimulateModel

extension ModelCheck {
    /// Lets the `model` plugin read `"sources"` (Swift files named by a scenario) with this module's reader.
    /// The `simulate` command line calls it at start; a test that runs such a scenario calls it once first.
    ///
    /// The installed reader is one for the whole process, with one set of options: tests that need other
    /// options (and run at the same time, as Swift Testing runs them) use ``withSourceReader(options:_:)``.
    public static func installSourceReader(options: Options = Options()) {
        SwiftSourceSchema.install(sourceReader(options: options))
    }

    /// Runs `body` with a reader of `options` for the scenarios it loads, ahead of the installed one: the
    /// options of one test, whatever other tests running at the same time install or bind.
    public static func withSourceReader<Value>(options: Options = Options(), _ body: () throws -> Value) rethrows
        -> Value
    {
        try SwiftSourceSchema.$scoped.withValue(sourceReader(options: options), operation: body)
    }

    /// ``withSourceReader(options:_:)`` for an async body.
    public static func withSourceReader<Value>(
        options: Options = Options(), _ body: () async throws -> Value
    ) async rethrows -> Value {
        try await SwiftSourceSchema.$scoped.withValue(sourceReader(options: options), operation: body)
    }

    static func sourceReader(options: Options) -> SwiftSourceSchema.Reader {
        { paths in
            let result = check(paths: paths, options: options)
            if !result.inputErrors.isEmpty {
                return .failure(
                    SwiftSourceSchema.Failure(
                        messages: result.inputErrors.map { error in
                            (error.position?.description ?? error.path ?? "<sources>") + ": " + error.message
                        }))
            }
            guard let schema = result.schema else {
                return .failure(SwiftSourceSchema.Failure(messages: ["no @Model class found in \(paths)"]))
            }
            return .success(schema)
        }
    }
}
