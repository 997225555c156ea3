/// "Did you mean …?": the known name nearest to a misspelt one, by edit distance.
public enum NameSuggestion {
    /// The candidate closest to `name`, when it is close enough to be a likely typo: at most a third
    /// of the name's length in edits (at least one), or the same name in another case.
    public static func nearest(to name: String, in candidates: [String]) -> String? {
        let lowered = name.lowercased()
        if let sameLetters = candidates.first(where: { $0.lowercased() == lowered }) { return sameLetters }
        guard name.count > 2 else { return nil }
        let limit = max(1, name.count / 3)
        var best: (name: String, distance: Int)?
        for candidate in candidates {
            let distance = editDistance(lowered, candidate.lowercased())
            if distance <= limit, distance < (best?.distance ?? Int.max) { best = (candidate, distance) }
        }
        return best?.name
    }

    /// ` (did you mean "sse.add"?)`, or an empty string.
    public static func hint(_ name: String, in candidates: [String], prefix: String = "") -> String {
        guard let found = nearest(to: name, in: candidates) else { return "" }
        return "did you mean \"\(prefix)\(found)\"? "
    }

    /// Levenshtein distance, with a swap of two neighbouring letters counting as one edit.
    static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a)
        let b = Array(b)
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previousRow = [Int](repeating: 0, count: b.count + 1)
        var row = Array(0...b.count)
        var beforePrevious = row
        for i in 1...a.count {
            beforePrevious = previousRow
            previousRow = row
            row = [Int](repeating: 0, count: b.count + 1)
            row[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                row[j] = min(previousRow[j] + 1, row[j - 1] + 1, previousRow[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    row[j] = min(row[j], beforePrevious[j - 2] + 1)
                }
            }
        }
        return row[b.count]
    }
}
