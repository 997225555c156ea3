import Foundation

// Built by scripts/fuzz with -DFUZZING and -sanitize=fuzzer: libFuzzer calls this for every input.
// Built normally: a replay tool that runs the check over files and directories given as arguments.
#if FUZZING
    @_cdecl("LLVMFuzzerTestOneInput")
    public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
        EventStreamFuzz.check(size == 0 ? [] : Array(UnsafeBufferPointer(start: data, count: size)))
        return 0
    }

    @_silgen_name("LLVMFuzzerRunDriver")
    func runFuzzerDriver(
        _ argc: UnsafeMutablePointer<CInt>,
        _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
        _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
    ) -> CInt

    // SwiftPM links an executable's `main` to `<module>_main`, so libFuzzer's own `main` is not linked in:
    // this entry point hands over to libFuzzer's driver instead.
    @_cdecl("fuzz_event_stream_main")
    public func fuzzerMain(
        _ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
    ) -> CInt {
        var count = argc
        var arguments = argv
        return runFuzzerDriver(&count, &arguments) { data, size in fuzzOneInput(data, size) }
    }
#else
    @main
    enum Replay {
        static func main() {
            var count = 0
            for path in CommandLine.arguments.dropFirst() {
                for file in FuzzInputs.files(under: path) {
                    guard let data = FileManager.default.contents(atPath: file) else { continue }
                    EventStreamFuzz.check([UInt8](data))
                    count += 1
                }
            }
            print("replayed \(count) inputs: no failure")
        }
    }
#endif

func fail(_ message: String) -> Never {
    fatalError(message)
}

enum FuzzInputs {
    static func files(under path: String) -> [String] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { return [] }
        guard isDirectory.boolValue else { return [path] }
        let names = (try? FileManager.default.subpathsOfDirectory(atPath: path)) ?? []
        return names.sorted().map { path + "/" + $0 }.filter { file in
            var nested: ObjCBool = false
            return FileManager.default.fileExists(atPath: file, isDirectory: &nested) && !nested.boolValue
        }
    }
}
