import A11yPattern

/// The patterns of source rules are A11yPattern's: compiled and JIT-compiled once, matched
/// with one `MatchScratch` per linted file (see `SourceRuleSet.lint`) after the cheap
/// rejections of `Pattern.cannotMatch(_:)`. The old name stays for the rule tests.
typealias SourcePattern = Pattern
