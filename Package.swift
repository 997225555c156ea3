// swift-tools-version: 6.2
import PackageDescription

// json-c (the fast parser) is linked on Linux only. On every Apple platform, macOS included, the JSON
// module parses with Foundation behind the same strictness checks, so no build needs Homebrew and no
// app links Homebrew's dylib (docs/apple-platforms.md).
let jsonCPlatforms: [Platform] = [.linux]

// Every use of a tools-only package names the trait that brings it (see `traits` below).
let tools = TargetDependencyCondition.when(traits: ["CommandLineTools"])
let modelCheck = TargetDependencyCondition.when(traits: ["ModelCheck"])

let package = Package(
    name: "simulate",
    platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9), .visionOS(.v1)],
    products: [
        .executable(name: "simulate", targets: ["simulate"]),
        .library(name: "SimulateCore", targets: ["SimulateCore"]),
        .library(name: "SimulateJSON", targets: ["SimulateJSON"]),
        .library(name: "SimulateCloudKit", targets: ["SimulateCloudKit"]),
        .library(name: "SimulatePlugins", targets: ["SimulatePlugins"]),
        .library(name: "SimulateCLI", targets: ["SimulateCLI"]),
        .library(name: "SimulateTesting", targets: ["SimulateTesting"]),
        .library(name: "SimulateAsync", targets: ["SimulateAsync"]),
        .library(name: "SimulateFacades", targets: ["SimulateFacades"]),
        .library(name: "SimulateSSE", targets: ["SimulateSSE"]),
        .library(name: "SimulateCounter", targets: ["SimulateCounter"]),
        .library(name: "SimulateModel", targets: ["SimulateModel"]),
        .library(name: "SimulateIntents", targets: ["SimulateIntents"]),
        .library(name: "SimulateReports", targets: ["SimulateReports"]),
        .library(name: "SimulateSSEServe", targets: ["SimulateSSEServe"]),
        .library(name: "SimulateFixtures", targets: ["SimulateFixtures"]),
        // The one product a test target of app code depends on (docs/your-own-code.md).
        .library(name: "SimulateKit", targets: ["SimulateKit"]),
        // Reads a team's SwiftData sources with swift-syntax (docs/model-check.md); only a target that
        // imports it builds swift-syntax.
        .library(name: "SimulateModelCheck", targets: ["SimulateModelCheck"]),
        .executable(name: "simulate-model-check", targets: ["simulate-model-check"]),
        .plugin(name: "ModelCheckCommand", targets: ["ModelCheckCommand"]),
        .plugin(name: "ModelCheckBuild", targets: ["ModelCheckBuild"]),
    ],
    // The packages only the tools need sit behind traits, both on by default. A package whose tests use
    // only the libraries depends with `traits: []` and resolves none of them (docs/testing.md).
    traits: [
        .trait(
            name: "CommandLineTools",
            description: "The `simulate` command line and real endpoints (swift-argument-parser, swift-nio)."
        ),
        // ModelCheck brings CommandLineTools, and the default names ModelCheck alone: SwiftPM keeps a list of
        // traits as a set, so with two in one list the order of their `-D` flags changed from one `swift build`
        // or `swift test` to the next, and every module was compiled again each time it did.
        .trait(
            name: "ModelCheck",
            description:
                "Reading SwiftData models from Swift sources (swift-syntax, swift-argument-parser); brings CommandLineTools.",
            enabledTraits: ["CommandLineTools"]
        ),
        // `simulate model-check` is there when both are on (the sanitized CI builds ask for CommandLineTools alone).
        .default(enabledTraits: ["ModelCheck"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/swiftlang/swift-syntax", from: "603.0.1"),
    ],
    targets: [
        // MARK: JSON
        .systemLibrary(
            name: "CJSONC",
            pkgConfig: "json-c",
            providers: [.apt(["libjson-c-dev"]), .brew(["json-c"])]
        ),
        .target(
            name: "SimulateJSON",
            dependencies: [.target(name: "CJSONC", condition: .when(platforms: jsonCPlatforms))],
            linkerSettings: [.linkedLibrary("m", .when(platforms: [.linux]))]
        ),

        // MARK: Core
        .target(name: "SimulateCore", dependencies: ["SimulateJSON"]),
        // The deterministic async runtime: app code's own async functions under virtual time.
        .target(name: "SimulateAsync", dependencies: ["SimulateCore"]),

        // MARK: Simulated services that plugins share
        // The simulated CloudKit (records, zones, record server, database client, errors, load limits)
        // and the service protocols plugins offer each other (`DisplayIDAllocating`, …).
        .target(name: "SimulateCloudKit", dependencies: ["SimulateCore"]),

        // MARK: Plugins
        // A plugin that needs another plugin's run names that plugin's type in its `dependencies`,
        // so the module dependency below is the one place the dependency is stated.
        .target(name: "SimulateSSE", dependencies: ["SimulateCore"]),
        .target(name: "SimulateCounter", dependencies: ["SimulateCore", "SimulateCloudKit"]),
        .target(name: "SimulateModel", dependencies: ["SimulateCore", "SimulateCloudKit"]),
        .target(
            name: "SimulateIntents",
            dependencies: ["SimulateCore", "SimulateCloudKit", "SimulateModel"]),
        .target(
            name: "SimulatePlugins",
            dependencies: ["SimulateSSE", "SimulateCounter", "SimulateModel", "SimulateIntents"]
        ),

        // MARK: Real endpoints
        // A plugin offers `simulate serve`/`probe`/`diff` as a `RealEndpointFixture` (SimulateCore) in a
        // module of its own, so that only the command line builds swift-nio; `SimulateFixtures` lists
        // them for the command line, which imports no plugin's fixture by name.
        .target(
            name: "SimulateSSEServe",
            dependencies: [
                "SimulateCore", "SimulateSSE", "SimulateJSON",
                .product(name: "NIOCore", package: "swift-nio", condition: tools),
                .product(name: "NIOPosix", package: "swift-nio", condition: tools),
                .product(name: "NIOHTTP1", package: "swift-nio", condition: tools),
            ]
        ),
        .target(name: "SimulateFixtures", dependencies: ["SimulateCore", "SimulateSSEServe"]),

        // MARK: The async runtime and facades
        // What the app's own async code talks to: CloudKit, HTTP and connectivity facades, simulated
        // over the scenario's network and servers (adapters over the real APIs on Apple platforms).
        .target(
            name: "SimulateFacades",
            dependencies: ["SimulateAsync", "SimulateCore", "SimulateJSON", "SimulateCloudKit"]
        ),

        // MARK: Reports
        // The report writers (HTML timeline, Perfetto trace, JUnit, JSON, human) that the command line
        // and the testing helpers share; below both, so the testing helpers need no CLI.
        .target(name: "SimulateReports", dependencies: ["SimulateCore", "SimulateJSON"]),

        // MARK: Front ends
        .target(
            name: "SimulateCLI",
            dependencies: [
                "SimulateCore", "SimulatePlugins", "SimulateFixtures", "SimulateReports", "SimulateJSON",
                .product(name: "ArgumentParser", package: "swift-argument-parser", condition: tools),
            ]
        ),
        .executableTarget(
            name: "simulate",
            dependencies: ["SimulateCLI", .target(name: "ModelCheckCommandLine", condition: modelCheck)]
        ),
        // No CLI, swift-nio or swift-argument-parser: a user's test target builds only what it runs.
        .target(name: "SimulateTesting", dependencies: ["SimulateCore", "SimulatePlugins", "SimulateReports"]),
        // Re-exports what a test of app code imports: core, plugins, runtime, facades, testing helpers.
        .target(
            name: "SimulateKit",
            dependencies: [
                "SimulateCore", "SimulateJSON", "SimulateCloudKit", "SimulateSSE", "SimulateCounter", "SimulateModel",
                "SimulateIntents", "SimulatePlugins", "SimulateAsync", "SimulateFacades", "SimulateTesting",
            ]
        ),
        .executableTarget(
            name: "custom-simulate",
            dependencies: ["SimulateCLI", "SimulateCore"],
            path: "Examples/CustomSimulate",
            exclude: ["heartbeat.json"]
        ),
        // Async bug patterns written as app code (facades only), with correct twins; a plugin that runs
        // them under scenarios, and a `simulate` with that plugin (docs/bug-patterns.md).
        .target(
            name: "AsyncBugPatterns", dependencies: ["SimulateFacades"], path: "Examples/AsyncBugPatterns/Components"),
        .target(
            name: "AsyncBugPatternsPlugin",
            dependencies: ["AsyncBugPatterns", "SimulateAsync", "SimulateCore", "SimulateJSON"],
            path: "Examples/AsyncBugPatterns/Plugin"),
        .executableTarget(
            name: "bug-patterns-simulate",
            dependencies: ["SimulateCLI", "AsyncBugPatternsPlugin"],
            path: "Examples/AsyncBugPatterns/Main"),
        // How many schedules each strategy needs to find each pattern (docs/bug-patterns.md).
        .executableTarget(
            name: "bug-patterns-bench",
            dependencies: ["AsyncBugPatterns", "AsyncBugPatternsPlugin", "SimulateCore"],
            path: "Examples/AsyncBugPatterns/Bench"),

        // MARK: The team's SwiftData models read from source (docs/model-check.md)
        .target(
            name: "SimulateModelCheck",
            dependencies: [
                "SimulateModel", "SimulateCore", "SimulateJSON",
                .product(name: "SwiftSyntax", package: "swift-syntax", condition: modelCheck),
                .product(name: "SwiftParser", package: "swift-syntax", condition: modelCheck),
                .product(name: "SwiftParserDiagnostics", package: "swift-syntax", condition: modelCheck),
            ]
        ),
        // `model-check`'s arguments, shared by `simulate model-check` and the lean `simulate-model-check`
        // the SwiftPM plugins run (no swift-nio to build in a team's project).
        .target(
            name: "ModelCheckCommandLine",
            dependencies: [
                "SimulateModelCheck", "SimulateModel", "SimulateCore",
                .product(name: "ArgumentParser", package: "swift-argument-parser", condition: tools),
            ]
        ),
        .executableTarget(name: "simulate-model-check", dependencies: ["ModelCheckCommandLine"]),
        .plugin(
            name: "ModelCheckCommand",
            capability: .command(
                intent: .custom(verb: "model-check", description: "Check the package's SwiftData models for CloudKit")
            ),
            dependencies: ["simulate-model-check"]
        ),
        .plugin(name: "ModelCheckBuild", capability: .buildTool(), dependencies: ["simulate-model-check"]),

        // MARK: Benchmarks
        .target(name: "CEventLoop"),
        .executableTarget(
            name: "simulate-bench",
            dependencies: [
                "SimulateCore", "SimulateJSON", "SimulatePlugins", "SimulateAsync", "CEventLoop", "SimulateModelCheck",
                .product(name: "SwiftParser", package: "swift-syntax", condition: modelCheck),
            ]
        ),

        // MARK: Fuzzing (scripts/fuzz builds these with libFuzzer; a plain build makes corpus replay tools)
        .target(name: "FuzzSupport", path: "Fuzz/Support"),
        .executableTarget(name: "fuzz-json", dependencies: ["FuzzSupport", "SimulateJSON"], path: "Fuzz/JSONFuzz"),
        .executableTarget(
            name: "fuzz-scenario", dependencies: ["FuzzSupport", "SimulateCore", "SimulateJSON", "SimulatePlugins"],
            path: "Fuzz/ScenarioFuzz"),
        .executableTarget(
            name: "fuzz-event-stream", dependencies: ["FuzzSupport", "SimulateSSE"], path: "Fuzz/EventStreamFuzz"),
        .executableTarget(
            name: "fuzz-serve-http",
            dependencies: [
                "FuzzSupport", "SimulateSSEServe", "SimulateSSE", "SimulateCore",
                .product(name: "NIOCore", package: "swift-nio", condition: tools),
                .product(name: "NIOEmbedded", package: "swift-nio", condition: tools),
                .product(name: "NIOHTTP1", package: "swift-nio", condition: tools),
            ],
            path: "Fuzz/ServeHTTPFuzz"),

        // MARK: Tests
        // What more than one test target uses: a trait that runs a suite on a thread of its own.
        .target(name: "TestSupport", path: "Tests/TestSupport"),
        .testTarget(name: "SimulateJSONTests", dependencies: ["SimulateJSON", "TestSupport"]),
        .testTarget(name: "SimulateCoreTests", dependencies: ["SimulateCore"]),
        .testTarget(name: "SimulateAsyncTests", dependencies: ["SimulateAsync", "SimulateCore"]),
        .testTarget(
            name: "AsyncBugPatternsTests",
            dependencies: [
                "AsyncBugPatternsPlugin", "AsyncBugPatterns", "SimulateCore", "SimulateAsync", "SimulateReports",
            ]),
        .testTarget(name: "SimulateSSETests", dependencies: ["SimulateSSE", "SimulateCore"]),
        // The SSE plugin's real endpoints in this process (keep-alive, slow readers, resets, idle clients).
        .testTarget(
            name: "SimulateSSEServeTests",
            dependencies: [
                "SimulateSSEServe", "SimulateSSE", "SimulateCore", "SimulateJSON", "TestSupport",
                .product(name: "NIOCore", package: "swift-nio", condition: tools),
                .product(name: "NIOPosix", package: "swift-nio", condition: tools),
            ]),
        .testTarget(name: "SimulateCloudKitTests", dependencies: ["SimulateCloudKit", "SimulateCore"]),
        .testTarget(
            name: "SimulateCounterTests", dependencies: ["SimulateCounter", "SimulateCloudKit", "SimulateCore"]),
        .testTarget(
            name: "SimulateModelTests",
            dependencies: ["SimulateModel", "SimulateCounter", "SimulateCloudKit", "SimulateCore"]),
        .testTarget(
            name: "SimulateIntentsTests",
            dependencies: ["SimulateIntents", "SimulateCore", "SimulateCounter", "SimulateModel", "SimulateJSON"]),
        // The Apple adapters' conversions, on Foundation values (docs/apple-platforms.md).
        .testTarget(
            name: "SimulateFacadesTests",
            dependencies: ["SimulateFacades", "SimulateCloudKit", "SimulateIntents", "SimulateTesting"]),
        .testTarget(
            name: "SimulateCLITests",
            dependencies: [
                "SimulateCLI", "SimulateReports", "SimulateSSE", "simulate", "custom-simulate", "TestSupport",
            ]),
        .testTarget(
            name: "SimulateTestingTests",
            dependencies: [
                "SimulateTesting", "SimulatePlugins", "SimulateCore", "SimulateJSON", "SimulateCounter",
                "SimulateModel",
                "SimulateCLI",
            ],
            resources: [.copy("Resources/BundledScenarios")]
        ),
        .testTarget(
            name: "SimulateModelCheckTests",
            dependencies: [
                .target(name: "SimulateModelCheck", condition: modelCheck), "SimulateModel", "SimulatePlugins",
                "SimulateCore", "simulate",
            ]
        ),
    ]
)

// Test code is compiled unoptimized in a release build too: the tests check the optimized library (the
// sanitized CI runs build with -c release), and optimizing the test targets' own code cost those builds
// a sixth of their time on a quiet machine (231 s against 281 s), a tenth in a CI run (docs/ci.md).
for target in package.targets where target.type == .test {
    target.swiftSettings = (target.swiftSettings ?? []) + [.unsafeFlags(["-Onone"], .when(configuration: .release))]
}
