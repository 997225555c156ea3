/// A location inside a JSON document, printed as an RFC 6901 JSON Pointer (`/devices/2/id`).
public struct JSONPath: Hashable, Sendable, CustomStringConvertible {
    /// Keys compare by code units, as member names do in RFC 8259.
    public enum Component: Hashable, Sendable {
        case key(String)
        case index(Int)

        public static func == (lhs: Component, rhs: Component) -> Bool {
            switch (lhs, rhs) {
            case (.key(let a), .key(let b)): a.hasSameCodeUnits(as: b)
            case (.index(let a), .index(let b)): a == b
            default: false
            }
        }

        public func hash(into hasher: inout Hasher) {
            switch self {
            case .key(let key): hasher.combine(CodeUnitKey(key))
            case .index(let index): hasher.combine(index)
            }
        }
    }

    public private(set) var components: [Component]

    public init(_ components: [Component] = []) {
        self.components = components
    }

    public static let root = JSONPath()

    public func appending(_ key: String) -> JSONPath { appending(component: .key(key)) }

    public func appending(_ index: Int) -> JSONPath { appending(component: .index(index)) }

    private func appending(component: Component) -> JSONPath {
        var extended: [Component] = []
        extended.reserveCapacity(components.count + 1)
        extended.append(contentsOf: components)
        extended.append(component)
        return JSONPath(extended)
    }

    public static func / (path: JSONPath, key: String) -> JSONPath { path.appending(key) }
    public static func / (path: JSONPath, index: Int) -> JSONPath { path.appending(index) }

    /// The JSON Pointer text; the whole document is the empty string.
    public var description: String {
        var text = ""
        for component in components {
            text += "/"
            switch component {
            case .index(let index):
                text += String(index)
            case .key(let key):
                text += key.replacingAll("~", with: "~0").replacingAll("/", with: "~1")
            }
        }
        return text
    }
}

extension String {
    /// By scalars: a combining mark after "/" makes one `Character` with it, and the "/" must still be escaped.
    fileprivate func replacingAll(_ target: Unicode.Scalar, with replacement: String) -> String {
        guard unicodeScalars.contains(target) else { return self }
        var result = String.UnicodeScalarView()
        for scalar in unicodeScalars {
            if scalar == target { result.append(contentsOf: replacement.unicodeScalars) } else { result.append(scalar) }
        }
        return String(result)
    }
}

/// A 1-based line and column; columns count Unicode scalars from the start of the line.
public struct SourceLocation: Hashable, Sendable, CustomStringConvertible {
    public var line: Int
    public var column: Int

    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    public var description: String { "\(line):\(column)" }
}
