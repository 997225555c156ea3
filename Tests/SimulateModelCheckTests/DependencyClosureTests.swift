#if ModelCheck
    import Foundation
    import Testing

    /// swift-syntax must not reach a team's test target that does not use model-check: no library it imports
    /// for scenarios depends on it (`swift package dump-package`, read as JSON).
    @Suite("swift-syntax stays in SimulateModelCheck")
    struct DependencyClosureTests {
        @Test(
            "no swift-syntax in the closure of the scenario libraries",
            arguments: ["SimulateCore", "SimulateModel", "SimulatePlugins", "SimulateTesting", "SimulateCLI"])
        func closure(of library: String) throws {
            let root = Fixtures.root.components(separatedBy: "/Tests/").first ?? "."
            let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("model-check-dump-\(UUID())")
            defer { try? FileManager.default.removeItem(at: scratch) }
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = [
                "swift", "package", "--package-path", root, "--scratch-path", scratch.path, "dump-package",
            ]
            let output = Pipe()
            process.standardOutput = output
            process.standardError = Pipe()
            try process.run()
            let data = output.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            try #require(process.terminationStatus == 0)
            let package = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
            let targets = try #require(package["targets"] as? [[String: Any]])
            var dependencies: [String: [(kind: String, name: String, package: String?)]] = [:]
            for target in targets {
                let name = target["name"] as? String ?? ""
                for dependency in target["dependencies"] as? [[String: Any]] ?? [] {
                    for (kind, value) in dependency {
                        let parts = value as? [Any] ?? []
                        dependencies[name, default: []].append(
                            (kind, parts.first as? String ?? "", parts.count > 1 ? parts[1] as? String : nil))
                    }
                }
            }
            var seen: Set<String> = []
            var queue = [library]
            var packages: Set<String> = []
            while let next = queue.popLast() {
                guard seen.insert(next).inserted else { continue }
                for dependency in dependencies[next] ?? [] {
                    if dependency.kind == "product" {
                        packages.insert(dependency.package ?? "")
                    } else {
                        queue.append(dependency.name)
                    }
                }
            }
            #expect(!packages.contains("swift-syntax"), "\(library) reaches swift-syntax")
            #expect(!seen.contains("SimulateModelCheck"))
        }
    }
#endif
