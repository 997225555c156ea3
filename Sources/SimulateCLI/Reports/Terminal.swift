import Foundation

/// Colours on a terminal, plain text elsewhere (and when NO_COLOR is set).
struct Terminal: Sendable {
    let colors: Bool

    static func forStandardOutput() -> Terminal {
        Terminal(colors: isTerminal(STDOUT_FILENO))
    }

    static func isTerminal(_ descriptor: Int32) -> Bool {
        let environment = ProcessInfo.processInfo.environment
        return isatty(descriptor) == 1 && environment["NO_COLOR"] == nil && environment["TERM"] != "dumb"
    }

    func green(_ text: String) -> String { paint(text, "32") }
    func red(_ text: String) -> String { paint(text, "31") }
    func yellow(_ text: String) -> String { paint(text, "33") }
    func bold(_ text: String) -> String { paint(text, "1") }
    func dim(_ text: String) -> String { paint(text, "2") }

    private func paint(_ text: String, _ code: String) -> String {
        colors ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }
}

/// Writes to standard output and standard error without buffering surprises.
enum Output {
    static func line(_ text: String) {
        FileHandle.standardOutput.write(Data((text + "\n").utf8))
    }

    static func error(_ text: String) {
        FileHandle.standardError.write(Data((text + "\n").utf8))
    }
}
