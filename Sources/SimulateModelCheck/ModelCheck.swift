import SimulateModel

/// `simulate model-check`: reads a team's SwiftData sources and says whether the store would load with
/// CloudKit, in the words of Core Data's Code=134060 error, with one finding per violation at its
/// declaration. The rules are the `model` plugin's own (``CloudKitModelValidator``, ``MigrationValidator``):
/// this module only turns Swift into the plugin's ``ModelSchema``.
public enum ModelCheck {
    /// What to check: which types, and which attributes to let pass.
    public struct Options: Sendable {
        /// The container's types (`ModelContainer(for: A.self, B.self)`), instead of the plan's or every model.
        public var types: [String] = []
        /// Attributes and macros on models that change nothing model-check needs to know.
        public var allowedAttributes: Set<String> = []

        /// Options; every model and no extra attributes by default.
        public init(types: [String] = [], allowedAttributes: Set<String> = []) {
            self.types = types
            self.allowedAttributes = allowedAttributes
        }
    }

    /// Checks the `.swift` files of `paths` (files, or folders walked recursively).
    public static func check(paths: [String], options: Options = Options()) -> ModelCheckResult {
        let (files, errors) = SourceFiles.swiftFiles(in: paths)
        var sources: [ParsedSource] = []
        var inputErrors = errors
        for file in files {
            switch SourceFiles.parse(path: file) {
            case .success(let source): sources.append(source)
            case .failure(let error): inputErrors.append(error)
            }
        }
        return check(sources, inputErrors: inputErrors, options: options)
    }

    /// Checks sources given as text: `[(path, text)]`, the path used in locations.
    public static func check(sources: [(path: String, text: String)], options: Options = Options()) -> ModelCheckResult
    {
        var parsed: [ParsedSource] = []
        var inputErrors: [InputError] = []
        for (path, text) in sources {
            switch SourceFiles.parse(text: text, path: path) {
            case .success(let source): parsed.append(source)
            case .failure(let error): inputErrors.append(error)
            }
        }
        return check(parsed, inputErrors: inputErrors, options: options)
    }

    static func check(_ sources: [ParsedSource], inputErrors: [InputError], options: Options) -> ModelCheckResult {
        var declarations = Declarations()
        for source in sources {
            let found = DeclarationReader.read(source, allowedAttributes: options.allowedAttributes)
            declarations.models += found.models
            declarations.valueTypes += found.valueTypes
            declarations.versionedSchemas += found.versionedSchemas
            declarations.plans += found.plans
            declarations.typeAliases.merge(found.typeAliases) { first, _ in first }
            declarations.staticTypes.merge(found.staticTypes) { first, _ in first }
            declarations.predicates += found.predicates
            declarations.descriptorKeyPaths += found.descriptorKeyPaths
            declarations.sharedContainers += found.sharedContainers
            declarations.errors += found.errors
        }
        var result = ModelCheckResult()
        result.inputErrors = inputErrors + declarations.errors
        guard result.inputErrors.isEmpty else { return result.sorted() }
        var builder = SchemaBuilder(declarations)
        let schema = builder.build(types: options.types)
        result.loadedDescription = builder.loadedDescription
        var queries = QueryCheck(builder: builder)
        let queryFindings = queries.findings()
        result.inputErrors = builder.errors + queries.errors
        guard result.inputErrors.isEmpty, let schema else { return result.sorted() }
        result.schema = schema
        result.loadedTypes = schema.current.entities.map(\.name)
        result.failureReason = CloudKitModelValidator.failureReason(schema)
        result.findings =
            storeFindings(schema, builder.map) + migrationFindings(schema, builder.map) + queryFindings
            + TestHostCheck.findings(declarations.sharedContainers)
            + ReservedNameCheck.findings(builder.declarations.models, loaded: Set(result.loadedTypes))
        return result.sorted()
    }

    /// One finding per line of the Code=134060 failure reason, per version that has it, at the declaration.
    private static func storeFindings(_ schema: ModelSchema, _ map: SourceMap) -> [Finding] {
        var findings: [Finding] = []
        var seen: Set<String> = []
        for version in schema.versions {
            for group in CloudKitModelValidator.validate(version) {
                for line in group.lines {
                    let (entity, rest) = split(line)
                    let name = group.rule == .deleteRules ? String(rest.prefix { $0 != " " }) : rest
                    let model = map.model(entity, in: version.name)
                    let property = map.property(entity, name, in: version.name)
                    var position = property?.position
                    if group.rule == .uniqueConstraints, property?.isUnique != true,
                        let constraint = model?.uniqueConstraints.first(where: { $0.members.contains(name) })
                    {
                        position = constraint.position
                    }
                    guard let at = position ?? model?.position else { continue }
                    guard seen.insert("\(at)|\(group.rule)|\(entity)|\(name)").inserted else { continue }
                    findings.append(
                        Finding(
                            position: at, entity: entity, property: name, rule: group.rule.rawValue, severity: .error,
                            message: FixIts.message(
                                rule: group.rule, entity: entity, property: property, name: name,
                                spec: version.entity(named: entity), version: version.name,
                                versionCount: schema.versions.count, schema: version,
                                enumDefault: map.enumDefaults["\(entity).\(name)"])))
                }
            }
        }
        return findings
    }

    /// Each change a later version makes that is not an addition, named with both versions, at the new
    /// declaration (or, for a removal, at the stage between the versions or the newer version).
    private static func migrationFindings(_ schema: ModelSchema, _ map: SourceMap) -> [Finding] {
        MigrationValidator.validate(schema).compactMap { change in
            let (entity, rest) = split(change.line)
            let isEntityChange = rest.hasPrefix("entity ")
            var name = isEntityChange ? nil : String(rest.prefix { $0 != " " })
            var position: SourcePosition?
            if rest.contains(" renamed to ") {
                let newName = String(rest[rest.range(of: " renamed to ")!.upperBound...])
                position =
                    isEntityChange
                    ? map.model(newName, in: change.version)?.position
                    : map.property(entity, newName, in: change.version)?.position
                if !isEntityChange { name = newName }
            } else if rest.contains(" type changed ") {
                position = map.property(entity, name ?? "", in: change.version)?.position
            }
            position =
                position ?? map.stages["\(change.deployedVersion)>\(change.version)"]
                ?? map.model(entity, in: change.version)?.position ?? map.versions[change.version]
            guard let position else { return nil }
            return Finding(
                position: position, entity: entity, property: name, rule: "migration", severity: .error,
                message: "\(change.line) between \(change.deployedVersion) and \(change.version): CloudKit's "
                    + "Production schema is add-only once deployed (seed 000: no renames, no deletions, no type "
                    + "changes); keep the old property and add a new one, migrating values in a custom stage")
        }
    }

    /// `Entity: rest` or `Entity:rest`.
    private static func split(_ line: String) -> (String, String) {
        guard let colon = line.firstIndex(of: ":") else { return (line, "") }
        let rest = line[line.index(after: colon)...].drop { $0 == " " }
        return (String(line[..<colon]), String(rest))
    }
}

/// What `model-check` found.
public struct ModelCheckResult: Sendable {
    /// The schema read from the sources, as the `model` plugin takes it (nil when the input has errors).
    public var schema: ModelSchema?
    /// Which schema the app loads: the newest plan version, or every `@Model` type found.
    public var loadedDescription = ""
    /// The entities of the loaded (newest) version.
    public var loadedTypes: [String] = []
    /// Core Data's Code=134060 `NSLocalizedFailureReason`, or nil when CloudKit accepts every version.
    public var failureReason: String?
    /// Every finding, errors and warnings, in source order.
    public var findings: [Finding] = []
    /// Input that could not be read: the check did not run (exit status 2).
    public var inputErrors: [InputError] = []

    /// The store loads with CloudKit: no Code=134060.
    public var loads: Bool { inputErrors.isEmpty && failureReason == nil }

    /// The findings that fail the check.
    public var errors: [Finding] { findings.filter { $0.severity == .error } }
    /// The findings that do not.
    public var warnings: [Finding] { findings.filter { $0.severity == .warning } }

    /// 0 when the store loads and nothing else is an error, 1 when it would not load (or another finding is an
    /// error, or a warning with `warningsAsErrors`), 2 when the input could not be read.
    public func exitStatus(warningsAsErrors: Bool = false) -> Int32 {
        if !inputErrors.isEmpty { return 2 }
        if !errors.isEmpty || (warningsAsErrors && !warnings.isEmpty) { return 1 }
        return 0
    }

    func sorted() -> ModelCheckResult {
        var result = self
        result.findings.sort { ($0.position, $0.rule) < ($1.position, $1.rule) }
        result.inputErrors.sort {
            ($0.position?.file ?? $0.path ?? "", $0.position?.line ?? 0, $0.position?.column ?? 0)
                < ($1.position?.file ?? $1.path ?? "", $1.position?.line ?? 0, $1.position?.column ?? 0)
        }
        return result
    }
}
