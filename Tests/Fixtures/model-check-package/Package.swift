// swift-tools-version: 6.1
import PackageDescription

// A team's package using the toolkit's build-tool plugin (scripts/model-check-plugins builds it).
// TOOLKIT is replaced by the toolkit's path when the script copies this package.
let package = Package(
    name: "ModelCheckFixture",
    // The traits docs/testing.md gives for the plugins: ModelCheck alone (it brings CommandLineTools).
    dependencies: [.package(name: "simulate", path: "TOOLKIT", traits: ["ModelCheck"])],
    targets: [
        .target(name: "Models", plugins: [.plugin(name: "ModelCheckBuild", package: "simulate")])
    ]
)
