/// "Did you mean" suggestions for misspelt keys, rule ids and enum values.
public enum Suggestions {
    /// The candidate closest to `word` by edit distance (case-insensitive), if it is
    /// close enough to be a plausible typo.
    public static func closest(to word: String, in candidates: some Sequence<String>) -> String? {
        let lowered = Array(word.lowercased().unicodeScalars)
        let allowed = max(1, min(3, word.count / 3 + 1))
        var rows = Rows()
        var best: (String, Int)?
        for candidate in candidates {
            let other = Array(candidate.lowercased().unicodeScalars)
            // Each edit changes the length by one at most: a candidate whose length differs
            // by more than the edits allowed cannot be suggested (and a 2,000-character
            // word is not compared against every rule id).
            guard abs(other.count - lowered.count) <= allowed else { continue }
            // A candidate more than `allowed` edits away is never suggested: its distance
            // is worked out only as far as that.
            let d = distance(lowered, other, rows: &rows, giveUpAbove: allowed)
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
        var rows = Rows()
        return distance(Array(a.unicodeScalars), Array(b.unicodeScalars), rows: &rows, giveUpAbove: .max)
    }

    /// Three rows of the table: two back (for transpositions), the one before, this one;
    /// kept from one comparison to the next.
    private struct Rows {
        var twoBack: [Int] = []
        var previous: [Int] = []
        var row: [Int] = []
    }

    /// `distance` of two scalar arrays; once it is sure to be over `limit`, some number over
    /// `limit` instead.
    private static func distance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar], rows: inout Rows,
                                 giveUpAbove limit: Int) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        rows.twoBack.removeAll(keepingCapacity: true)
        rows.twoBack.append(contentsOf: repeatElement(0, count: b.count + 1))
        rows.previous.removeAll(keepingCapacity: true)
        rows.previous.append(contentsOf: 0...b.count)
        rows.row.removeAll(keepingCapacity: true)
        rows.row.append(contentsOf: repeatElement(0, count: b.count + 1))
        // The smallest value of the row before: when it and this row's both exceed `limit`,
        // every later row does too (an entry comes from the row before plus 0 or 1, or from
        // two rows back plus 1).
        var previousMinimum = 0
        for i in 1...a.count {
            rows.row[0] = i
            var minimum = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                var d = min(rows.previous[j] + 1, rows.row[j - 1] + 1, rows.previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    d = min(d, rows.twoBack[j - 2] + 1)
                }
                rows.row[j] = d
                minimum = min(minimum, d)
            }
            if minimum > limit, previousMinimum > limit { return limit + 1 }
            previousMinimum = minimum
            swap(&rows.twoBack, &rows.previous)
            swap(&rows.previous, &rows.row)
        }
        return rows.previous[b.count]
    }
}
