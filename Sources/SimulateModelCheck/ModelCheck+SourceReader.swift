import SimulateModel

extension ModelCheck {
    /// Lets the `model` plugin read `"sources"` (Swift files named by a scenario) with this module's reader.
    /// The `simulate` command line calls it at start; a test that runs such a scenario calls it once first.
    public static func installSourceReader(options: Options = Options()) {
        SwiftSourceSchema.install { paths in
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
