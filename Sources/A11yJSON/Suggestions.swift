/// "Did you mean" suggestions for misspelt keys, rule ids and enum values.
public enum Suggestions {
    /// The candidate closest to `word` by edit distance (case-insensitive), if it is
    /// close enough to be a plausible typo.
    public static func closest(to word: String, in candidates: some Sequence<String>) -> String? {
        let lowered = word.lowercased()
        var best: (String, Int)?
        for candidate in candidates {
            let d = distance(lowered, candidate.lowercased())
            if best == nil || d < best!.1 || (d == best!.1 && candidate < best!.0) { best = (candidate, d) }
        }
        guard let (candidate, d) = best else { return nil }
        let allowed = max(1, min(3, word.count / 3 + 1))
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
        var d = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { d[i][0] = i }
        for j in 0...b.count { d[0][j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                d[i][j] = min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    d[i][j] = min(d[i][j], d[i - 2][j - 2] + 1)
                }
            }
        }
        return d[a.count][b.count]
    }
}
