import Foundation
import SimulateCore

/// Colours on a terminal, plain text elsewhere (and when NO_COLOR is set).
package struct Terminal: Sendable {
    package let colors: Bool

    package init(colors: Bool) {
        self.colors = colors
    }

    package static func forStandardOutput() -> Terminal {
        Terminal(colors: isTerminal(STDOUT_FILENO))
    }

    package static func isTerminal(_ descriptor: Int32) -> Bool {
        let environment = ProcessInfo.processInfo.environment
        return isatty(descriptor) == 1 && environment["NO_COLOR"] == nil && environment["TERM"] != "dumb"
    }

    package func green(_ text: String) -> String { paint(text, "32") }
    package func red(_ text: String) -> String { paint(text, "31") }
    package func yellow(_ text: String) -> String { paint(text, "33") }
    package func bold(_ text: String) -> String { paint(text, "1") }
    package func dim(_ text: String) -> String { paint(text, "2") }

    private func paint(_ text: String, _ code: String) -> String {
        colors ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }
}

/// Writes to standard output and standard error without buffering surprises. A write that fails (a full disk,
/// a closed pipe) ends the process with a message and ``StandardStream/failureStatus``, never a trap.
package enum Output {
    package static func line(_ text: String) {
        StandardStream.output.writeOrExit((text + "\n").utf8)
    }

    package static func error(_ text: String) {
        StandardStream.error.writeOrExit((text + "\n").utf8)
    }
}
