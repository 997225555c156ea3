import Testing

/// `simulate model-check` needs the ModelCheck trait (swift-syntax). Built without it (the sanitized CI
/// builds: `--traits CommandLineTools`), the command says so instead of failing as an unknown argument.
/// With the trait, SimulateModelCheckTests runs the command.
@Suite struct ModelCheckTraitTests {
    #if !ModelCheck
        @Test func modelCheckNamesTheMissingTrait() throws {
            let output = try CommandRunner.run(["model-check", "Sources"], executable: "simulate")
            #expect(output.status == 2)
            #expect(output.standardError.contains("built without the ModelCheck trait"))
            let help = try CommandRunner.run(["--help"], executable: "simulate")
            #expect(!help.lines.contains { $0.hasPrefix("  model-check") })
        }
    #endif
}
