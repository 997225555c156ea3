import Foundation
import SimulateJSON

/// How a run fails, in a form a smaller scenario can match: which expectation failed and what kind
/// of violation it reported. `simulate shrink` keeps a candidate only if it fails the same way.
public struct FailureSignature: Sendable, Equatable, CustomStringConvertible {
    /// The failing expectation (`counter.unique`), or `run` when the run itself broke.
    public var expectation: String
    /// `invariant`, `check` or `broken`.
    public var kind: String
    /// The violation's message with its particulars (numbers, quoted text, device ids) blanked out,
    /// or `not violated` for an invariant expected to be violated that held.
    public var violationKind: String

    public init(expectation: String, kind: String, violationKind: String) {
        self.expectation = expectation
        self.kind = kind
        self.violationKind = violationKind
    }

    public var description: String {
        switch kind {
        case "broken": "the run broke: \(violationKind)"
        case "check": "\(expectation) (check) failed: \(violationKind)"
        default: "\(expectation) failed: \(violationKind)"
        }
    }

    /// Every way `result` fails, the first failing expectation first.
    public static func all(of result: RunResult, devices: [String]) -> [FailureSignature] {
        if let failure = result.failure {
            return [
                FailureSignature(
                    expectation: "run", kind: "broken", violationKind: normalize(failure.message, devices: devices))
            ]
        }
        var signatures: [FailureSignature] = []
        for expectation in result.expectations where !expectation.passed {
            switch expectation.kind {
            case .check:
                // A check that observed nothing (null: the steps that made the value are gone) fails another way
                // than one that observed a wrong value: a shrink that removes them is not a reproducer.
                let expected = expectation.expected.map { JSONWriter.string($0) } ?? "null"
                let observedNothing = expectation.observed == nil || expectation.observed == .null
                signatures.append(
                    FailureSignature(
                        expectation: expectation.name, kind: "check",
                        violationKind: "expected \(expected)" + (observedNothing ? ", observed null" : "")))
            case .invariant:
                if expectation.expectedViolated {
                    signatures.append(
                        FailureSignature(
                            expectation: expectation.name, kind: "invariant", violationKind: "not violated"))
                }
                var seen: Set<String> = []
                for violation in expectation.violations {
                    let kind = normalize(violation.message, devices: devices)
                    guard seen.insert(kind).inserted else { continue }
                    signatures.append(
                        FailureSignature(expectation: expectation.name, kind: "invariant", violationKind: kind))
                }
            }
        }
        return signatures
    }

    /// Whether `result` fails with this signature (among others).
    public func matches(_ result: RunResult, devices: [String]) -> Bool {
        Self.all(of: result, devices: devices).contains(self)
    }

    /// Whether `result` fails this way at its very end: a violation of this kind stands at the run's end
    /// (work not done by then), or the failing check is at `"end"`.
    func standsAtTheEnd(in result: RunResult, devices: [String]) -> Bool {
        let end = VirtualInstant.start + result.simulated
        let failed = result.expectations.filter { $0.name == expectation && !$0.passed }
        if kind == "check" { return failed.contains { $0.at == .end } }
        return failed.flatMap(\.violations).contains {
            $0.at >= end && Self.normalize($0.message, devices: devices) == violationKind
        }
    }

    /// The message's words with numbers, durations, quoted text and device ids blanked out, so that
    /// "d03 got 7 twice" and "d01 got 2 twice" are the same kind of violation.
    public static func normalize(_ message: String, devices: [String]) -> String {
        let deviceSet = Set(devices)
        var words: [String] = []
        for word in unquoted(message).split(separator: " ", omittingEmptySubsequences: true) {
            let blanked = blank(word, devices: deviceSet)
            if blanked == "#", words.last == "#" { continue }
            words.append(blanked)
        }
        return words.joined(separator: " ")
    }

    /// Every double-quoted string (with its backslash escapes) becomes `"…"`, and every bracketed list
    /// `[…]` or object `{…}` one ellipsis: how many items a state shows is a particular, not a kind.
    private static func unquoted(_ message: String) -> String {
        var result = ""
        var inString = false
        var escaped = false
        var depth = 0
        for character in message {
            if inString {
                if escaped {
                    escaped = false
                } else if character == "\\" {
                    escaped = true
                } else if character == "\"" {
                    inString = false
                }
                continue
            }
            switch character {
            case "\"":
                inString = true
                if depth == 0 { result += "\"…\"" }
            case "[", "{":
                if depth == 0 { result += character == "[" ? "[…" : "{…" }
                depth += 1
            case "]", "}":
                if depth > 0 {
                    depth -= 1
                    if depth == 0 { result.append(character) }
                } else {
                    result.append(character)
                }
            default:
                if depth == 0 { result.append(character) }
            }
        }
        return result
    }

    private static let punctuation: Set<Character> = [",", ";", ":", ".", "(", ")", "'", "’", "[", "]", "{", "}"]

    /// A device id becomes `<device>` and anything with a digit `#`, keeping the punctuation around it.
    private static func blank(_ word: Substring, devices: Set<String>) -> String {
        let lead = word.prefix { punctuation.contains($0) }
        let core = word.dropFirst(lead.count)
        var inner = String(core.prefix { !punctuation.contains($0) })
        var tail = String(core.dropFirst(inner.count))
        if devices.contains(inner) {
            inner = "<device>"
        } else if inner.contains(where: \.isNumber) {
            inner = "#"
        }
        if tail.contains(where: \.isNumber) {
            // `20.000s),` keeps its closing `),`: only what holds the digits is blanked.
            let closing = String(tail.reversed().prefix { punctuation.contains($0) }.reversed())
            tail = (inner == "#" ? "" : "#") + closing
        }
        return lead + inner + tail
    }
}
