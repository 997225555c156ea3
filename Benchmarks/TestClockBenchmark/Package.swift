// swift-tools-version: 6.2
import PackageDescription

// A separate package so that the toolkit itself never depends on swift-clocks.
let package = Package(
    name: "TestClockBenchmark",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(url: "https://github.com/pointfreeco/swift-clocks", from: "1.1.1"),
        .package(name: "simulate", path: "../.."),
    ],
    targets: [
        .executableTarget(
            name: "TestClockBenchmark",
            dependencies: [
                .product(name: "Clocks", package: "swift-clocks"),
                .product(name: "SimulateCore", package: "simulate"),
                .product(name: "SimulatePlugins", package: "simulate"),
                .product(name: "SimulateAsync", package: "simulate"),
            ]
        )
    ]
)

for target in package.targets {
    target.swiftSettings = (target.swiftSettings ?? []) + [.swiftLanguageMode(.v6)]
}
