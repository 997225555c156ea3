/// The schema's pattern for a duration string, bounded as the loader bounds it: at most 100000h in every
/// unit (`"360000000s"` matches, `"360000001s"` and `"100001h"` do not).
enum DurationPattern {
    static let largestPerUnit: [(unit: String, largest: String)] = [
        ("ns", "360000000000000000"), ("us", "360000000000000"), ("ms", "360000000000"),
        ("s", "360000000"), ("m", "6000000"), ("h", "100000"),
    ]

    static func pattern(signed: Bool) -> String {
        let units = largestPerUnit.map { "(?:\(notAbove($0.largest)))\($0.unit)" }
        return "^\(signed ? "-?" : "")0*(?:\(units.joined(separator: "|")))$"
    }

    /// A decimal number, leading zeros removed, that is at most `largest` (a whole number): fewer digits, or as
    /// many with a smaller digit after a common prefix, with any fraction; or `largest` itself with a zero one.
    static func notAbove(_ largest: String) -> String {
        let digits = Array(largest)
        let fraction = "(?:\\.[0-9]+)?"
        var branches: [String] = []
        if digits.count > 1 { branches.append("[0-9]{1,\(digits.count - 1)}\(fraction)") }
        for (index, digit) in digits.enumerated() {
            let lowest = index == 0 ? 1 : 0
            guard let value = digit.wholeNumberValue, value > lowest else { continue }
            let rest = digits.count - index - 1
            let restPattern = rest == 0 ? "" : "[0-9]{\(rest)}"
            branches.append("\(String(digits[..<index]))[\(lowest)-\(value - 1)]\(restPattern)\(fraction)")
        }
        branches.append("\(largest)(?:\\.0+)?")
        return branches.joined(separator: "|")
    }
}
