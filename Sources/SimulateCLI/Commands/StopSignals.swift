import Dispatch
import Foundation
import SimulateReports

/// Ctrl-C and SIGTERM end a real-time run early; what happened so far is judged.
final class StopSignals {
    private var sources: [DispatchSourceSignal] = []

    init(_ stop: @escaping @Sendable () -> Void) {
        for number in [SIGINT, SIGTERM] {
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler(handler: stop)
            source.resume()
            sources.append(source)
        }
    }

    func cancel() {
        for source in sources { source.cancel() }
        signal(SIGINT, SIG_DFL)
        signal(SIGTERM, SIG_DFL)
    }
}
