// swift-tools-version: 6.1
import PackageDescription

// json-c exists only where a system package manager can install it; on iOS, tvOS, watchOS
// and visionOS the JSON module parses with Foundation behind the same strictness checks.
let jsonCPlatforms: [Platform] = [.linux, .macOS]

let package = Package(
    name: "simulate",
    platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9), .visionOS(.v1)],
    products: [
        .executable(name: "simulate", targets: ["simulate"]),
        .library(name: "SimulateCore", targets: ["SimulateCore"]),
        .library(name: "SimulateJSON", targets: ["SimulateJSON"]),
        .library(name: "SimulatePlugins", targets: ["SimulatePlugins"]),
        .library(name: "SimulateCLI", targets: ["SimulateCLI"]),
        .library(name: "SimulateTesting", targets: ["SimulateTesting"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2")
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

        // MARK: Plugins
        .target(name: "SimulateSSE", dependencies: ["SimulateCore"]),
        .target(name: "SimulateCounter", dependencies: ["SimulateCore"]),
        .target(name: "SimulateModel", dependencies: ["SimulateCore", "SimulateCounter"]),
        .target(name: "SimulateIntents", dependencies: ["SimulateCore", "SimulateModel", "SimulateCounter"]),
        .target(
            name: "SimulatePlugins",
            dependencies: ["SimulateSSE", "SimulateCounter", "SimulateModel", "SimulateIntents"]
        ),

        // MARK: Front ends
        .target(
            name: "SimulateCLI",
            dependencies: [
                "SimulateCore", "SimulatePlugins", "SimulateSSE",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .executableTarget(name: "simulate", dependencies: ["SimulateCLI"]),
        .target(name: "SimulateTesting", dependencies: ["SimulateCore", "SimulatePlugins"]),
        .executableTarget(
            name: "custom-simulate",
            dependencies: ["SimulateCLI", "SimulateCore"],
            path: "Examples/CustomSimulate",
            exclude: ["heartbeat.json"]
        ),

        // MARK: Benchmarks
        .target(name: "CEventLoop"),
        .executableTarget(
            name: "simulate-bench",
            dependencies: ["SimulateCore", "SimulateJSON", "SimulatePlugins", "CEventLoop"]
        ),

        // MARK: Tests
        .testTarget(name: "SimulateJSONTests", dependencies: ["SimulateJSON"]),
        .testTarget(name: "SimulateCoreTests", dependencies: ["SimulateCore"]),
        .testTarget(name: "SimulateSSETests", dependencies: ["SimulateSSE", "SimulateCore"]),
        .testTarget(name: "SimulateCounterTests", dependencies: ["SimulateCounter", "SimulateCore"]),
        .testTarget(name: "SimulateModelTests", dependencies: ["SimulateModel", "SimulateCore"]),
        .testTarget(name: "SimulateIntentsTests", dependencies: ["SimulateIntents", "SimulateCore"]),
        .testTarget(name: "SimulateCLITests", dependencies: ["SimulateCLI", "simulate", "custom-simulate"]),
        .testTarget(name: "SimulateTestingTests", dependencies: ["SimulateTesting", "SimulatePlugins"]),
    ]
)
