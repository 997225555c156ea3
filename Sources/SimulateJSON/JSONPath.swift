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

    /// The components, but for a last index held in `lastIndex`: a path one index below another (a step of
    /// a big `steps` array) shares its parent's array instead of copying it.
    private var prefix: [Component]
    private var lastIndex: Int?

    /// The keys and indexes from the root, in order.
    public var components: [Component] {
        guard let lastIndex else { return prefix }
        return prefix + [.index(lastIndex)]
    }

    /// The path made of `components`; the root by default.
    public init(_ components: [Component] = []) {
        prefix = components
        lastIndex = nil
    }

    /// The document's root: `/`.
    public static let root = JSONPath()

    /// The path one member `key` further.
    public func appending(_ key: String) -> JSONPath { extended(with: .key(key)) }

    /// The path one element `index` further.
    public func appending(_ index: Int) -> JSONPath {
        guard lastIndex == nil else { return extended(with: .index(index)) }
        var path = self
        path.lastIndex = index
        return path
    }

    private func extended(with component: Component) -> JSONPath {
        var all: [Component] = []
        all.reserveCapacity(prefix.count + 2)
        all.append(contentsOf: prefix)
        if let lastIndex { all.append(.index(lastIndex)) }
        all.append(component)
        return JSONPath(all)
    }

    public static func == (lhs: JSONPath, rhs: JSONPath) -> Bool {
        if lhs.lastIndex == rhs.lastIndex, lhs.prefix == rhs.prefix { return true }
        return lhs.components == rhs.components
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(prefix.count + (lastIndex == nil ? 0 : 1))
        for component in prefix { hasher.combine(component) }
        if let lastIndex { hasher.combine(Component.index(lastIndex)) }
    }

    /// `path / "devices"`: the path one member further.
    public static func / (path: JSONPath, key: String) -> JSONPath { path.appending(key) }
    /// `path / 2`: the path one element further.
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
    /// The line, from 1.
    public var line: Int
    /// The column, from 1, in Unicode scalars.
    public var column: Int

    /// A location.
    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    /// `line:column`.
    public var description: String { "\(line):\(column)" }
}
