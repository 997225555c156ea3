import FuzzSupport

// Built by scripts/fuzz with -DFUZZING and -sanitize=fuzzer: libFuzzer calls this for every input.
// Built normally: a replay tool that runs the check over files and directories given as arguments.
#if FUZZING
    @_cdecl("LLVMFuzzerTestOneInput")
    public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
        ServeHTTPFuzz.check(FuzzHarness.bytes(data, size))
        return 0
    }

    @_cdecl("fuzz_serve_http_main")
    public func fuzzerMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
        FuzzHarness.runDriver(argc, argv, fuzzOneInput)
    }
#else
    @main
    enum Replay {
        static func main() { FuzzHarness.replay(ServeHTTPFuzz.check) }
    }
#endif
