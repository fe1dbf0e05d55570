import Foundation
import Testing
@testable import A11yLayout

/// Runs Unicode's own UAX #14 conformance file against the break opportunities the
/// layout engine gets from ICU.
@Suite struct LineBreakConformanceTests {
    static let testFile = "/usr/share/unicode/auxiliary/LineBreakTest.txt"

    struct Case {
        var line: Int
        var codePoints: [UInt32]
        /// Break opportunities after the start, as code point counts.
        var breaks: [Int]
    }

    static func parse(_ contents: String) -> [Case] {
        var cases: [Case] = []
        for (index, rawLine) in contents.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let data = rawLine.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
            let tokens = data.split(whereSeparator: { $0 == " " || $0 == "\t" })
            guard !tokens.isEmpty else { continue }
            var codePoints: [UInt32] = []
            var breaks: [Int] = []
            for token in tokens {
                switch token {
                case "÷": if !codePoints.isEmpty { breaks.append(codePoints.count) }
                case "×": break
                default: codePoints.append(UInt32(token, radix: 16)!)
                }
            }
            cases.append(Case(line: index + 1, codePoints: codePoints, breaks: breaks))
        }
        return cases
    }

    /// The engine's opportunities for `codePoints`, converted from UTF-8 byte offsets
    /// to code point counts.
    static func engineBreaks(_ codePoints: [UInt32]) -> [Int] {
        var text = ""
        var scalarEnds: [Int: Int] = [:] // byte offset → code points before it
        var bytes = 0
        for (index, value) in codePoints.enumerated() {
            let scalar = Unicode.Scalar(value)!
            text.unicodeScalars.append(scalar)
            bytes += String(scalar).utf8.count
            scalarEnds[bytes] = index + 1
        }
        return LineBreaking.opportunities(in: text).map { scalarEnds[$0.offset] ?? -1 }
    }

    /// A known way ICU's default line-break rules differ from the conformance file:
    /// the file wants a break that ICU leaves out. `matches` gets the code points and
    /// the position of the missing break.
    struct Tailoring: Sendable {
        var name: String
        var reason: String
        /// How many cases of the file it explains (so new drift is noticed).
        var expectedCases: Int
        var matches: @Sendable (_ codePoints: [UInt32], _ breakPosition: Int) -> Bool
    }

    /// The code point before `position`, skipping combining marks (UAX #14 LB 9
    /// attaches them to their base).
    static func base(before position: Int, in codePoints: [UInt32]) -> UInt32? {
        var index = position - 1
        while index >= 0, Unicode.Scalar(codePoints[index])!.properties.generalCategory == .nonspacingMark {
            index -= 1
        }
        return index >= 0 ? codePoints[index] : nil
    }

    static func isDigit(_ value: UInt32) -> Bool { (0x30...0x39).contains(value) }

    static let tailorings: [Tailoring] = [
        Tailoring(
            name: "HY × AL",
            reason: "ICU 72 does not break after a word-initial hyphen-minus (\"-x\" stays whole), the rule "
                + "UAX #14 adopted as LB 20.1 in Unicode 15.1; this Unicode 15.0 file still breaks there",
            expectedCases: 8,
            matches: { codePoints, position in
                base(before: position, in: codePoints) == 0x2D
                    && position < codePoints.count && !isDigit(codePoints[position])
            }),
        Tailoring(
            name: "IS × NU",
            reason: "ICU 72's numeric rules keep a comma or full stop with the digit after it, so \".35\" "
                + "and \"a.2\" are not broken before the digit (in \"equals .35\" ICU breaks before the "
                + "dot instead); this Unicode 15.0 file breaks after the separator",
            expectedCases: 14,
            matches: { codePoints, position in
                [0x2C, 0x2E].contains(base(before: position, in: codePoints))
                    && position < codePoints.count && isDigit(codePoints[position])
            }),
    ]

    /// The tailoring that explains the difference between `expected` and `got`, if one
    /// does: ICU left out exactly the breaks it covers, and added at most a break
    /// before the number's separator instead (".35" moves the break to before the dot).
    static func explaining(_ testCase: Case, got: [Int]) -> Tailoring? {
        let missing = Set(testCase.breaks).subtracting(got)
        let extra = Set(got).subtracting(testCase.breaks)
        guard !missing.isEmpty else { return nil }
        return tailorings.first { tailoring in
            missing.allSatisfy { tailoring.matches(testCase.codePoints, $0) }
                && extra.allSatisfy { [0x2C, 0x2E].contains(testCase.codePoints[$0]) }
        }
    }

    @Test func conformanceFilePassRate() throws {
        let contents = try String(contentsOfFile: Self.testFile, encoding: .utf8)
        let cases = Self.parse(contents)
        #expect(cases.count > 7000)
        var passed = 0
        var unexplained: [String] = []
        var explained: [String: Int] = [:]
        for testCase in cases {
            let got = Self.engineBreaks(testCase.codePoints)
            if got == testCase.breaks { passed += 1; continue }
            if let tailoring = Self.explaining(testCase, got: got) {
                explained[tailoring.name, default: 0] += 1
                continue
            }
            let key = testCase.codePoints.map { String($0, radix: 16, uppercase: true) }.joined(separator: " ")
            unexplained.append("line \(testCase.line): \(key) expected \(testCase.breaks) got \(got)")
        }
        let rate = Double(passed) / Double(cases.count) * 100
        print("LineBreakTest.txt: \(passed)/\(cases.count) cases pass (\(String(format: "%.2f", rate)) %)")
        for tailoring in Self.tailorings {
            print("  expected difference \(tailoring.name): \(explained[tailoring.name, default: 0]) cases (\(tailoring.reason))")
        }
        for failure in unexplained { print("  unexpected: \(failure)") }
        #expect(unexplained.isEmpty)
        for tailoring in Self.tailorings {
            #expect(explained[tailoring.name, default: 0] == tailoring.expectedCases, "\(tailoring.name)")
        }
        #expect(passed + unexplained.count + explained.values.reduce(0, +) == cases.count)
    }
}
