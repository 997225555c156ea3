import SwiftSyntax

extension SyntaxProtocol {
    /// The node's text without surrounding whitespace. `trimmedDescription` builds a new tree without the
    /// trivia first, which was a fifth of `model-check`'s time (simulate-bench model-check, perf).
    var sourceText: String {
        let text = description
        // A comment in the trivia (`var count: Int // note`) needs the real trimming.
        if text.contains("/") { return trimmedDescription }
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\n" || $0 == "\t" || $0 == "\r" }
        guard let start = text.firstIndex(where: { !isSpace($0) }), let end = text.lastIndex(where: { !isSpace($0) })
        else { return "" }
        return String(text[start...end])
    }
}
