/// "Did you mean" suggestions for misspelt keys, rule ids and enum values.
public enum Suggestions {
    /// The candidate closest to `word` by edit distance (case-insensitive), if it is
    /// close enough to be a plausible typo.
    public static func closest(to word: String, in candidates: some Sequence<String>) -> String? {
        let lowered = word.lowercased()
        let allowed = max(1, min(3, word.count / 3 + 1))
        let length = lowered.unicodeScalars.count
        var best: (String, Int)?
        for candidate in candidates {
            let other = candidate.lowercased()
            // Each edit changes the length by one at most: a candidate whose length differs
            // by more than the edits allowed cannot be suggested (and a 2,000-character
            // word is not compared against every rule id).
            guard abs(other.unicodeScalars.count - length) <= allowed else { continue }
            let d = distance(lowered, other)
            if best == nil || d < best!.1 || (d == best!.1 && candidate < best!.0) { best = (candidate, d) }
        }
        guard let (candidate, d) = best else { return nil }
        return d <= allowed && d > 0 || (d == 0 && candidate != word) ? candidate : nil
    }

    /// ` (did you mean 'x'?)`, or "" when nothing is close.
    public static func hint(for word: String, in candidates: some Sequence<String>) -> String {
        closest(to: word, in: candidates).map { " (did you mean '\($0)'?)" } ?? ""
    }

    /// Edit distance over Unicode scalars where swapping two neighbours counts as
    /// one edit (optimal string alignment): "lihgt" is one edit from "light".
    public static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a.unicodeScalars), b = Array(b.unicodeScalars)
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        // Three rows of the table: two back (for transpositions), the one before, this one.
        var twoBack = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var row = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            row[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                var d = min(previous[j] + 1, row[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    d = min(d, twoBack[j - 2] + 1)
                }
                row[j] = d
            }
            swap(&twoBack, &previous)
            swap(&previous, &row)
        }
        return previous[b.count]
    }
}
