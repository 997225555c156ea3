#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Handlers put in front of the ones already there (Swift's backtracer, a sanitizer's, the default): each
/// does its async-signal-safe work, then ``passOn(_:)`` hands the signal to the handler it replaced.
enum SignalChain {
    /// The handlers installed before, by signal number.
    nonisolated(unsafe) private static let previous: UnsafeMutablePointer<sigaction> = {
        let previous = UnsafeMutablePointer<sigaction>.allocate(capacity: 65)
        previous.initialize(repeating: sigaction(), count: 65)
        return previous
    }()

    /// Installs `handler` for each of `signals` but those the parent made the process ignore (a background
    /// job's SIGINT, nohup's SIGHUP), and unblocks them: a parent may have started the process with them
    /// blocked (a test runner does), and one sent from outside would then wait for ever.
    static func install(_ handler: @escaping @convention(c) (Int32) -> Void, for signals: [Int32]) {
        install(for: signals) { action in
            #if canImport(Glibc)
                action.__sigaction_handler.sa_handler = handler
            #else
                action.__sigaction_u.__sa_handler = handler
            #endif
        }
    }

    /// As ``install(_:for:)``, for a handler that gets the signal's information (``passOnAndEnd(_:_:_:)``).
    static func install(
        _ handler: @escaping @convention(c) (Int32, UnsafeMutablePointer<siginfo_t>?, UnsafeMutableRawPointer?) -> Void,
        for signals: [Int32]
    ) {
        install(for: signals) { action in
            #if canImport(Glibc)
                action.__sigaction_handler.sa_sigaction = handler
            #else
                action.__sigaction_u.__sa_sigaction = handler
            #endif
            action.sa_flags = Int32(SA_SIGINFO)
        }
    }

    private static func install(for signals: [Int32], setting handler: (inout sigaction) -> Void) {
        var unblocked = sigset_t()
        sigemptyset(&unblocked)
        for signal in signals {
            sigaction(signal, nil, previous + Int(signal))
            if isIgnored(previous[Int(signal)]) { continue }
            sigaddset(&unblocked, signal)
            var action = sigaction()
            handler(&action)
            sigemptyset(&action.sa_mask)
            sigaction(signal, &action, nil)
        }
        pthread_sigmask(SIG_UNBLOCK, &unblocked, nil)
    }

    /// Puts back the handler that was there before and raises the signal again for it: it runs as soon as the
    /// current handler returns (a fault also runs again and reaches it), so the exit status stays the signal's.
    static func passOn(_ signal: Int32) {
        sigaction(signal, previous + Int(signal), nil)
        raise(signal)
    }

    /// For a signal that must end the process: calls the handler that was there before (Swift's backtracer
    /// prints its crash report), then ends the process by the signal. Handed a raised signal, the backtracer
    /// reports it and returns, and the process went on running.
    static func passOnAndEnd(
        _ signal: Int32, _ info: UnsafeMutablePointer<siginfo_t>?, _ context: UnsafeMutableRawPointer?
    ) {
        let before = previous[Int(signal)]
        #if canImport(Glibc)
            let withInfo = before.__sigaction_handler.sa_sigaction
            let plain = before.__sigaction_handler.sa_handler
        #else
            let withInfo = before.__sigaction_u.__sa_sigaction
            let plain = before.__sigaction_u.__sa_handler
        #endif
        if before.sa_flags & Int32(SA_SIGINFO) != 0, let withInfo {
            withInfo(signal, info, context)
        } else if let plain, unsafeBitCast(plain, to: Int.self) > 1 {
            plain(signal)
        }
        var standard = sigaction()
        sigemptyset(&standard.sa_mask)
        sigaction(signal, &standard, nil)
        raise(signal)
    }

    /// Whether `action` is `SIG_IGN` (the C macro, `(void (*)(int)) 1`, is not imported).
    private static func isIgnored(_ action: sigaction) -> Bool {
        #if canImport(Glibc)
            let handler = action.__sigaction_handler.sa_handler
        #else
            let handler = action.__sigaction_u.__sa_handler
        #endif
        return handler.map { unsafeBitCast($0, to: Int.self) == 1 } ?? false
    }
}
