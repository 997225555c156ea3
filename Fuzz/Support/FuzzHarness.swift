import Foundation

/// What every fuzz target shares: built by scripts/fuzz with -DFUZZING and -sanitize=fuzzer, a target hands
/// its check to libFuzzer's driver; built normally, it replays the files and directories given as arguments.
public enum FuzzHarness {
    /// The bytes libFuzzer passes to `LLVMFuzzerTestOneInput`.
    public static func bytes(_ data: UnsafePointer<UInt8>?, _ size: Int) -> [UInt8] {
        size == 0 ? [] : Array(UnsafeBufferPointer(start: data, count: size))
    }

    #if FUZZING
        /// SwiftPM links an executable's `main` to `<module>_main`, so libFuzzer's own `main` is not linked in:
        /// a target's `<module>_main` calls this to hand over to libFuzzer's driver instead.
        public static func runDriver(
            _ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?,
            _ testOneInput: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
        ) -> CInt {
            var count = argc
            var arguments = argv
            return runFuzzerDriver(&count, &arguments, testOneInput)
        }
    #endif

    /// Runs `check` over every file under the command line's paths (sorted), then says how many ran.
    public static func replay(_ check: ([UInt8]) -> Void) {
        var count = 0
        for path in CommandLine.arguments.dropFirst() {
            for file in files(under: path) {
                guard let data = FileManager.default.contents(atPath: file) else { continue }
                check([UInt8](data))
                count += 1
            }
        }
        print("replayed \(count) inputs: no failure")
    }

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

#if FUZZING
    @_silgen_name("LLVMFuzzerRunDriver")
    func runFuzzerDriver(
        _ argc: UnsafeMutablePointer<CInt>,
        _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
        _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
    ) -> CInt
#endif

/// A check's finding: libFuzzer reports the crash and keeps the input.
public func fail(_ message: String) -> Never {
    fatalError(message)
}
