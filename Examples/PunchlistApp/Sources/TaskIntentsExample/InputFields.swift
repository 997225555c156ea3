import Foundation

/// The input's JSON object, read with `JSONSerialization`, with the checks the documented intents make:
/// an object, only known fields, each of its type and range.
struct InputFields {
    private let object: [String: Any]

    init(_ input: String, allowed: Set<String>, strict: Bool) throws(IntentFailure) {
        switch strict ? StrictJSON.check(input) : nil {
        case .syntax(let problem)?: throw IntentFailure(.invalidJSON, "the input is not JSON: \(problem)")
        case .duplicate(let name)?: throw IntentFailure(.invalidInput, "\(name) is given twice", path: "/\(name)")
        case nil: break
        }
        let root: Any
        do {
            root = try JSONSerialization.jsonObject(with: Data(input.utf8), options: [.fragmentsAllowed])
        } catch {
            throw IntentFailure(.invalidJSON, "the input is not JSON: \(error.localizedDescription)")
        }
        guard let object = root as? [String: Any] else {
            throw IntentFailure(.invalidInput, "the input must be a JSON object", path: "")
        }
        if let extra = object.keys.sorted().first(where: { !allowed.contains($0) }) {
            throw IntentFailure(.invalidInput, "unknown field \(extra)", path: "/\(extra)")
        }
        self.object = object
    }

    /// A value that is present and not null (`decodeIfPresent`).
    private func value(_ key: String) -> Any? {
        guard let value = object[key], !(value is NSNull) else { return nil }
        return value
    }

    /// Text of 1…500 characters, not blank.
    func text(_ key: String) throws(IntentFailure) -> String {
        guard let value = value(key) else { throw IntentFailure(.invalidInput, "missing \(key)", path: "/\(key)") }
        guard let text = value as? String else {
            throw IntentFailure(.invalidInput, "\(key) must be a string", path: "/\(key)")
        }
        guard (1...500).contains(text.count), !text.allSatisfy(\.isWhitespace) else {
            throw IntentFailure(.invalidInput, "\(key) must be 1 to 500 characters, not blank", path: "/\(key)")
        }
        return text
    }

    /// An id: a letter, then letters, digits, `_` and `-`.
    func id(_ key: String, required: Bool) throws(IntentFailure) -> String? {
        guard let value = value(key) else {
            if required { throw IntentFailure(.invalidInput, "missing \(key)", path: "/\(key)") }
            return nil
        }
        guard let id = value as? String, let first = id.unicodeScalars.first, first.isASCIILetter,
            id.unicodeScalars.allSatisfy({ $0.isASCIILetter || ("0"..."9").contains($0) || $0 == "_" || $0 == "-" })
        else { throw IntentFailure(.invalidInput, "\(key) must be an id", path: "/\(key)") }
        return id
    }

    func int(_ key: String, in range: ClosedRange<Int>) throws(IntentFailure) -> Int? {
        guard let value = value(key) else { return nil }
        guard !Self.isBool(value), let number = value as? Int, range.contains(number) else {
            throw IntentFailure(.invalidInput, "\(key) must be an integer in \(range)", path: "/\(key)")
        }
        return number
    }

    func bool(_ key: String) throws(IntentFailure) -> Bool? {
        guard let value = value(key) else { return nil }
        guard Self.isBool(value), let flag = value as? Bool else {
            throw IntentFailure(.invalidInput, "\(key) must be true or false", path: "/\(key)")
        }
        return flag
    }

    /// `JSONSerialization` gives `true` and `1` alike as `NSNumber`, both `as? Bool` and `as? Int`; a
    /// boolean's is the boolean class.
    private static func isBool(_ value: Any) -> Bool {
        type(of: value) == type(of: NSNumber(value: true))
    }
}

extension Unicode.Scalar {
    fileprivate var isASCIILetter: Bool { ("a"..."z").contains(self) || ("A"..."Z").contains(self) }
}
