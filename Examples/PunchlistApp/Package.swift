// swift-tools-version: 6.2
// An app team's package, as docs/your-own-code.md shows it: app code that depends on the facades only,
// and a test target that imports `SimulateKit`. CI builds it with product boundaries enforced
// (`--explicit-target-dependency-import-check error`), as Xcode enforces them.
import PackageDescription

let package = Package(
    name: "PunchlistApp",
    platforms: [.macOS(.v15), .iOS(.v18)],
    dependencies: [
        .package(name: "simulate", path: "../..", traits: [])
    ],
    targets: [
        .target(name: "PunchlistExample", dependencies: [.product(name: "SimulateFacades", package: "simulate")]),
        .target(name: "DisplayIDExample", dependencies: [.product(name: "SimulateFacades", package: "simulate")]),
        // The JSON core of the app's App Intents: Foundation only, nothing of the toolkit.
        .target(name: "TaskIntentsExample"),
        // The app client against the reference client, seeds 0..<200 (docs/your-own-code.md); the
        // component registration is the test target's file, linked in.
        .executableTarget(
            name: "punchlist-bench",
            dependencies: [
                "PunchlistExample", "DisplayIDExample", "TaskIntentsExample",
                .product(name: "SimulateKit", package: "simulate"),
            ]
        ),
        .testTarget(
            name: "ExamplesTests",
            dependencies: [
                "PunchlistExample", "DisplayIDExample", "TaskIntentsExample",
                .product(name: "SimulateKit", package: "simulate"),
            ]
        ),
    ]
)
