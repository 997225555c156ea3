import Foundation
import SimulateCore

/// A one-line progress bar on standard error for long sweeps, redrawn at most ten times a second.
/// It exists only when standard error is a terminal, so logs and pipes never see it.
package final class ProgressBar: @unchecked Sendable {
    private let total: Int
    private let lock = Lock()
    private var done = 0
    private var failed = 0
    private var lastDraw: TimeInterval = 0
    private let start = ProcessInfo.processInfo.systemUptime
    private var visible = false

    /// nil unless standard error is a terminal and there are at least `minimum` runs.
    package static func make(total: Int, minimum: Int = 200) -> ProgressBar? {
        guard total >= minimum, Terminal.isTerminal(STDERR_FILENO) else { return nil }
        return ProgressBar(total: total)
    }

    package init(total: Int) {
        self.total = total
    }

    /// One run finished (any thread).
    package func advance() {
        lock.withLock {
            done += 1
            let now = ProcessInfo.processInfo.systemUptime
            guard now - lastDraw >= 0.1 || done == total else { return }
            lastDraw = now
            draw(now)
        }
    }

    package func recordFailure() {
        lock.withLock { failed += 1 }
    }

    /// Clears the bar, runs `body` (which prints), and lets the next update draw it again.
    package func printing(_ body: () -> Void) {
        lock.withLock {
            clearLine()
            body()
        }
    }

    package func finish() {
        lock.withLock { clearLine() }
    }

    private func clearLine() {
        guard visible else { return }
        StandardStream.error.writeOrExit("\r\u{1B}[2K".utf8)
        visible = false
    }

    private func draw(_ now: TimeInterval) {
        let width = 30
        let filled = total == 0 ? width : width * done / total
        let elapsed = now - start
        let remaining = done == 0 ? 0 : elapsed / Double(done) * Double(total - done)
        let bar = String(repeating: "█", count: filled) + String(repeating: "░", count: width - filled)
        let failures = failed > 0 ? "  \(failed) failed" : ""
        let line =
            "\r\u{1B}[2K\(bar) \(done)/\(total) runs\(failures)  \(Int(elapsed))s elapsed, ~\(Int(remaining.rounded()))s left"
        StandardStream.error.writeOrExit(line.utf8)
        visible = true
    }
}
