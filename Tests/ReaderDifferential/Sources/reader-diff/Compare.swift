import A11yModel
import A11yRules
import A11ySwiftReader
import SwiftParser
import SwiftSyntax

/// Counts over one file or a whole run, and the messages to print.
struct Tally: Sendable {
    var files = 0
    var bytes = 0
    /// Files SwiftParser reports errors in: not compared (SwiftSyntax is the reference
    /// only for valid Swift), and a failure of the run.
    var unparsable: [String] = []
    /// Items compared per kind (the union of both sides' ranges; anchors for chains).
    var compared: [Kind: Int] = [:]
    var disagreements: [Kind: Int] = [:]
    /// One line per disagreement or unparsable file, in file order.
    var messages: [String] = []

    var totalDisagreements: Int { disagreements.values.reduce(0, +) }

    mutating func add(_ other: Tally) {
        files += other.files
        bytes += other.bytes
        unparsable += other.unparsable
        compared.merge(other.compared, uniquingKeysWith: +)
        disagreements.merge(other.disagreements, uniquingKeysWith: +)
        messages += other.messages
    }
}

enum Kind: String, CaseIterable, Sendable {
    case comment, string = "string literal", regex = "regex literal", chain
}

/// Compares the reader with SwiftSyntax on one file; each disagreement becomes a message
/// `file:line:column: kind: reader says X, SwiftSyntax says Y` (the column counts bytes,
/// as the compiler's do).
struct FileComparison {
    let path: String
    let bytes: [UInt8]

    func run() -> Tally {
        var tally = Tally(files: 1, bytes: bytes.count)
        let tree = bytes.withUnsafeBufferPointer { Parser.parse(source: $0) }
        guard !tree.hasError else {
            tally.unparsable.append(path)
            tally.messages.append("\(path): error: SwiftParser reports syntax errors; not compared")
            return tally
        }
        let facts = FactCollector.collect(tree)
        let source = SwiftSource(utf8: bytes)
        let locations = SourceLocationConverter(fileName: path, tree: tree)
        let report = Reporter(path: path, bytes: bytes, locations: locations)

        compareSets(.comment, reader: source.comments, syntax: facts.comments, report, &tally)
        compareSets(.string, reader: source.stringLiterals, syntax: facts.stringLiterals, report, &tally)
        compareSets(.regex, reader: source.regexLiterals, syntax: facts.regexLiterals, report, &tally)

        let anchors = facts.chains.map(\.anchor)
        let readerChains = SwiftReaderProbe.chains(in: source, anchoredAt: anchors)
        tally.compared[.chain, default: 0] += anchors.count
        for (expected, actual) in zip(facts.chains, readerChains) where expected.chain != actual {
            tally.disagreements[.chain, default: 0] += 1
            tally.messages.append(report.disagreement(.chain, at: expected.anchor, reader: report.describe(actual),
                                                      syntax: report.describe(expected.chain)))
        }
        return tally
    }

    /// Pairs the ranges of both sides by their start: a range on one side only, or two
    /// ranges that start together and end apart, is a disagreement.
    private func compareSets(_ kind: Kind, reader: [Range<Int>], syntax: [Range<Int>],
                             _ report: Reporter, _ tally: inout Tally) {
        let readerByStart = Dictionary(reader.map { ($0.lowerBound, $0) }, uniquingKeysWith: { first, _ in first })
        let syntaxByStart = Dictionary(syntax.map { ($0.lowerBound, $0) }, uniquingKeysWith: { first, _ in first })
        let starts = Set(readerByStart.keys).union(syntaxByStart.keys).sorted()
        tally.compared[kind, default: 0] += starts.count
        for start in starts {
            let readerRange = readerByStart[start], syntaxRange = syntaxByStart[start]
            guard readerRange != syntaxRange else { continue }
            tally.disagreements[kind, default: 0] += 1
            tally.messages.append(report.disagreement(kind, at: start, reader: report.describe(readerRange),
                                                      syntax: report.describe(syntaxRange)))
        }
    }
}

/// Words disagreements at a file position, with the text each side means.
struct Reporter {
    let path: String
    let bytes: [UInt8]
    let locations: SourceLocationConverter

    func disagreement(_ kind: Kind, at offset: Int, reader: String, syntax: String) -> String {
        let location = locations.location(for: AbsolutePosition(utf8Offset: offset))
        return "\(path):\(location.line):\(location.column): \(kind.rawValue): reader says \(reader), SwiftSyntax says \(syntax)"
    }

    /// `12..<30 "Image(\"x\")…"`: the byte range and (the start of) its text, escaped so
    /// that it stays on one line; `nothing` for a missing range.
    func describe(_ range: Range<Int>?) -> String {
        guard let range else { return "nothing" }
        let limit = 60
        let clamped = max(0, min(range.lowerBound, bytes.count))..<max(0, min(range.upperBound, bytes.count))
        let shown = clamped.lowerBound..<min(clamped.upperBound, clamped.lowerBound + limit)
        var text = String(decoding: bytes[shown], as: UTF8.self).debugDescription
        if shown.count < clamped.count { text += "…" }
        return "\(range.lowerBound)..<\(range.upperBound) \(text)"
    }
}
