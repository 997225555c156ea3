// The one import a test of app code needs: the core types, the built-in plugins and their component
// protocols, the async runtime and facades, and the testing helpers.
@_exported import SimulateAsync
@_exported import SimulateCloudKit
@_exported import SimulateCore
@_exported import SimulateCounter
@_exported import SimulateFacades
@_exported import SimulateIntents
@_exported import SimulateJSON
@_exported import SimulateModel
@_exported import SimulatePlugins
@_exported import SimulateSSE
@_exported import SimulateTesting
