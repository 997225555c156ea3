#if ModelCheck
    import Foundation
    import Testing

    /// Runs the built `simulate model-check`, as a user or CI would.
    @Suite("simulate model-check (the built binary)")
    struct CommandLineTests {
        struct Output {
            var status: Int32
            var standardOutput: String
            var standardError: String
        }

        static var productsDirectory: URL {
            var directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
            for _ in 0..<4 {
                if FileManager.default.isExecutableFile(atPath: directory.appendingPathComponent("simulate").path) {
                    return directory
                }
                directory = directory.deletingLastPathComponent()
            }
            return Bundle.main.bundleURL.deletingLastPathComponent()
        }

        static func run(_ arguments: [String], command: [String] = ["model-check"]) throws -> Output {
            let process = Process()
            process.executableURL = productsDirectory.appendingPathComponent("simulate")
            process.arguments = command + arguments
            process.currentDirectoryURL = URL(fileURLWithPath: Fixtures.root)
            let out = Pipe()
            let err = Pipe()
            process.standardOutput = out
            process.standardError = err
            try process.run()
            let outData = out.fileHandleForReading.readDataToEndOfFile()
            let errData = err.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            return Output(
                status: process.terminationStatus, standardOutput: String(decoding: outData, as: UTF8.self),
                standardError: String(decoding: errData, as: UTF8.self))
        }

        @Test("simulate --help lists model-check")
        func listedInHelp() throws {
            let output = try Self.run(["--help"], command: [])
            #expect(output.status == 0)
            #expect(
                output.standardOutput.contains("model-check  Say whether a SwiftData model would load with CloudKit"))
        }

        @Test("human: file:line:column: error: lines, the failure reason, exit 1")
        func human() throws {
            let output = try Self.run(["outbox"])
            #expect(output.status == 1)
            let lines = output.standardOutput.split(separator: "\n").map(String.init)
            #expect(
                lines.first?.hasPrefix("outbox/SDOutboxEvent.swift:7:29: error: SDOutboxEvent.id is non-optional")
                    == true)
            #expect(lines.contains("SDOutboxEvent: isNewRecord"))
            #expect(lines.last == "11 errors, 0 warnings")
        }

        @Test("json: loads, error, loadedTypes, findings")
        func json() throws {
            let output = try Self.run(["profiles", "--format", "json"])
            #expect(output.status == 1)
            let object = try #require(
                try JSONSerialization.jsonObject(with: Data(output.standardOutput.utf8)) as? [String: Any])
            #expect(object["loads"] as? Bool == false)
            #expect(
                (object["error"] as? String)?.hasPrefix(
                    "CloudKit integration requires that all relationships have an inverse") == true)
            #expect((object["loadedTypes"] as? [String])?.first == "SDUserProfileV9")
            let findings = try #require(object["findings"] as? [[String: Any]])
            #expect(findings.count == 11)
            let first = try #require(findings.first)
            #expect(first["file"] as? String == "profiles/SchemaV10.swift")
            #expect(first["line"] as? Int == 13)
            #expect(first["column"] as? Int == 33)
            #expect(first["entity"] as? String == "SDUserProfileV10")
            #expect(first["property"] as? String == "id")
            #expect(first["rule"] as? String == "uniqueConstraints")
            #expect(first["severity"] as? String == "error")
        }

        @Test("a clean model exits 0; warnings fail only with --warnings-as-errors")
        func warnings() throws {
            #expect(try Self.run(["projects"]).status == 0)
            #expect(try Self.run(["predicate"]).status == 0)
            let strict = try Self.run(["predicate", "--warnings-as-errors"])
            #expect(strict.status == 1)
            #expect(strict.standardOutput.contains("predicate/Queries.swift:7:20: warning: #Predicate over Project"))
        }

        @Test("junit: one test case per type, failures at declarations")
        func junit() throws {
            let output = try Self.run(["projects-deny", "--format", "junit"])
            #expect(output.status == 1)
            #expect(output.standardOutput.contains("<testcase classname=\"model-check\" name=\"Project\">"))
            #expect(
                output.standardOutput.contains(
                    "<failure message=\"projects-deny/Models.swift:9:9: error: Project.tasks uses the Deny delete rule")
            )
            #expect(output.standardOutput.contains("<testsuite name=\"model-check\" tests=\"3\" failures=\"2\">"))
        }

        @Test("--emit-schema writes the model plugin's JSON schema")
        func emitSchema() throws {
            let output = try Self.run(["projects", "--emit-schema", "-", "--format", "json"])
            #expect(output.status == 0)
            #expect(output.standardOutput.contains("\"destination\": \"Task\""))
            // With `-`, standard output is the schema alone, JSON; the report goes to standard error.
            for format in ["human", "json"] {
                let piped = try Self.run(["projects", "--emit-schema", "-", "--format", format])
                #expect(piped.status == 0)
                #expect((try? JSONSerialization.jsonObject(with: Data(piped.standardOutput.utf8))) != nil)
                #expect(!piped.standardError.isEmpty)
            }
        }

        @Test("exit 2: a path that does not exist, a file that does not parse, a usage error")
        func badInput() throws {
            let missing = try Self.run(["no-such-folder"])
            #expect(missing.status == 2)
            #expect(missing.standardError.contains("no-such-folder: error: no such file or folder"))
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("mc-cli-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: folder) }
            try "@Model final class A {\n  var x: Int = (\n}\n".write(
                to: folder.appendingPathComponent("A.swift"), atomically: true, encoding: .utf8)
            let broken = try Self.run([folder.path])
            #expect(broken.status == 2)
            #expect(broken.standardError.contains("\(folder.path)/A.swift:2:17: error: not valid Swift"))
            #expect(try Self.run([]).status == 2)
            #expect(try Self.run(["projects", "--format", "yaml"]).status == 2)
        }
    }
#endif
