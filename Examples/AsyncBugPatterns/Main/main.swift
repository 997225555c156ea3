// `simulate` with the async bug patterns' plugin, as a team would build its own with extra plugins.
// swift run bug-patterns-simulate run Examples/AsyncBugPatterns/token-cache.json
import AsyncBugPatternsPlugin
import SimulateCLI

if #available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *) {
    SimulateMain.run(extraPlugins: [BugPatternsPlugin()])
} else {
    SimulateMain.run(extraPlugins: [])
}
