/// Reading the suppression comments of a Swift file: `// a11ylint:COMMAND RULE…` and
/// SwiftLint's `// swiftlint:COMMAND RULE…` (`/* … */` comments too). What they mean, and
/// which findings they silence, is A11yLint's business (`SourceSuppressions`); this only
/// reads them out of the comments the lexer found.
public struct SuppressionComment: Sendable, Equatable {
    /// A word of the comment and where it starts (1-based line, column in Unicode scalars).
    public struct Word: Sendable, Equatable {
        public var text: String
        public var line: Int
        public var column: Int
    }

    /// The word after the prefix (`disable:next`, `enable`, …), as written.
    public var command: String
    /// The rule ids after the command, up to a ` -- ` or ` - ` reason.
    public var rules: [Word]
    /// Where the comment starts (its `//` or `/*`).
    public var line: Int
    public var column: Int
    /// A `swiftlint:` comment rather than an `a11ylint:` one.
    public var isSwiftLint: Bool
}

extension SwiftSource {
    static let a11ylintPrefix = Array("a11ylint:".utf8)
    static let swiftlintPrefix = Array("swiftlint:".utf8)

    /// The suppression comments of the file, in order. Rule ids are separated by spaces
    /// (or commas); text after ` -- ` is a reason and not read. Prose such as
    /// "a11ylint: …" (a blank after the prefix) is not a suppression comment.
    public func suppressionComments() -> [SuppressionComment] {
        comments.compactMap { suppressionComment(in: $0) }
    }

    /// Reads the comment at `range` when it is an `a11ylint:` or `swiftlint:` directive.
    private func suppressionComment(in range: Range<Int>) -> SuppressionComment? {
        var i = range.lowerBound
        var end = range.upperBound
        // Skip the comment opener (`//`, `///`, `/*`, `/**`) and blanks.
        while i < end, bytes[i] == UInt8(ascii: "/") || bytes[i] == UInt8(ascii: "*") { i += 1 }
        if end - range.lowerBound >= 4, bytes[end - 1] == UInt8(ascii: "/"), bytes[end - 2] == UInt8(ascii: "*"),
           bytes[range.lowerBound + 1] == UInt8(ascii: "*") {
            end -= 2 // the `*/` of a block comment
        }
        while i < end, Self.isBlank(bytes[i]) { i += 1 }
        var prefix = Self.a11ylintPrefix
        var foreign = false
        // Compared in place: a copy of the bytes per comment was an allocation for every comment of every file.
        if end - i > Self.swiftlintPrefix.count, bytes[i..<(i + Self.swiftlintPrefix.count)].elementsEqual(Self.swiftlintPrefix) {
            prefix = Self.swiftlintPrefix
            foreign = true
        }
        guard end - i > prefix.count, bytes[i..<(i + prefix.count)].elementsEqual(prefix),
              !Self.isBlank(bytes[i + prefix.count]) else { return nil } // prose such as "a11ylint: …" is no directive
        let commentPosition = position(atOffset: range.lowerBound)
        var tokens: [(text: String, offset: Int)] = []
        var j = i + prefix.count
        while j < end {
            while j < end, Self.isBlank(bytes[j]) || bytes[j] == UInt8(ascii: ",") { j += 1 }
            let start = j
            while j < end, !Self.isBlank(bytes[j]), bytes[j] != UInt8(ascii: ",") { j += 1 }
            if j > start { tokens.append((String(decoding: bytes[start..<j], as: UTF8.self), start)) }
        }
        guard let first = tokens.first else { return nil }
        let rules = tokens.dropFirst().prefix { $0.text != "--" && $0.text != "-" }.map { token in
            let p = position(atOffset: token.offset)
            return SuppressionComment.Word(text: token.text, line: p.line, column: p.column)
        }
        return SuppressionComment(command: first.text, rules: rules, line: commentPosition.line,
                                  column: commentPosition.column, isSwiftLint: foreign)
    }

    private static func isBlank(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r")
    }
}
