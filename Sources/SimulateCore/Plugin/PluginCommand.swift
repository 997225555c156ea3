/// A command a plugin adds to the `simulate` command line, next to `run` and `validate`: the `sse`
/// plugin's `sse-parse` is one. The command line shows it in `simulate --help` and runs it as
/// `simulate NAME ARGUMENTS…`; the plugin owns its code, so the command line links no plugin for it.
public struct PluginCommand: Sendable {
    /// The subcommand's name, e.g. `sse-parse`.
    public let name: String
    /// One line for `simulate --help`.
    public let abstract: String
    /// What follows the name, e.g. `[FILE] [--chunk N]`.
    public let usage: String
    /// The rest of `simulate NAME --help`.
    public let discussion: String
    let body: @Sendable ([String], any PluginCommandIO) throws(PluginCommandError) -> Void

    public init(
        name: String, abstract: String, usage: String, discussion: String,
        run body: @escaping @Sendable ([String], any PluginCommandIO) throws(PluginCommandError) -> Void
    ) {
        self.name = name
        self.abstract = abstract
        self.usage = usage
        self.discussion = discussion
        self.body = body
    }

    /// Runs the command on `arguments` (the words after its name).
    public func run(_ arguments: [String], io: any PluginCommandIO) throws(PluginCommandError) {
        try body(arguments, io)
    }

    /// `simulate NAME --help`.
    public var help: String {
        "OVERVIEW: \(abstract)\n\n\(discussion)\n\nUSAGE: simulate \(name) \(usage)"
    }
}

/// What the command line gives a plugin command: its input and its output.
public protocol PluginCommandIO {
    /// Reads the file at `path`, or standard input when `path` is nil, handing over each block as read.
    func read(path: String?, _ body: ([UInt8]) -> Void) throws(PluginCommandError)
    /// Writes bytes to standard output.
    func write(_ bytes: [UInt8])
}

/// Why a plugin command stopped: the command line prints the message and exits with status 2.
public struct PluginCommandError: Error, Sendable, Equatable, CustomStringConvertible {
    public var message: String
    /// A usage error: the command line adds the usage line after the message.
    public var isUsage: Bool

    public init(_ message: String, isUsage: Bool = false) {
        self.message = message
        self.isUsage = isUsage
    }

    public var description: String { message }
}
