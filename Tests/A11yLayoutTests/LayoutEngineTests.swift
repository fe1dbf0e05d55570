import A11yModel
import Foundation
import Testing
@testable import A11yLayout

/// Width in points of `units` Roboto font units at 14 pt.
func points(_ units: Int, size: Double = 14) -> Double { Double(units) * size / 2048 }

func makeSpec(file: String = "specs/components/CheckboxView.json") -> ComponentSpec {
    ComponentSpec(file: file, name: "CheckboxView", location: SourceLocation(file: file, line: 2, column: 11))
}

func makeVariant(_ text: String?, width: Double = 343) -> Variant {
    var variant = Variant(name: "accept-terms", location: SourceLocation(file: "spec.json", line: 1, column: 1),
                          origin: .declared)
    variant.text = text
    variant.width = width
    return variant
}

let acceptTerms = "Accept terms"
let longLabel = "I agree to the terms and conditions and the privacy policy"
let longWord = "Supercalifragilisticexpialidocious"

/// Expected lines from an independent greedy fill (Python over spaces and characters,
/// widths from the C HarfBuzz check in TextWidthTests): available width, then each
/// line's text and width in font units.
let wrappingCases: [(text: String, width: Double, lines: [(String, Int)])] = [
    (acceptTerms, 60, [("Acc", 3480), ("ept", 2906), ("ter", 2450), ("ms", 2853)]),
    (acceptTerms, 100, [("Accept", 6386), ("terms", 5303)]),
    (acceptTerms, 150, [("Accept terms", 12197)]),
    (acceptTerms, 343, [("Accept terms", 12197)]),
    (longLabel, 60, [("I", 557), ("agre", 4025), ("e to", 3412), ("the", 2884), ("ter", 2450), ("ms", 2853),
                     ("and", 3400), ("con", 3371), ("ditio", 3989), ("ns", 2188), ("and", 3400), ("the", 2884),
                     ("priv", 3334), ("acy", 3155), ("poli", 3314), ("cy", 2041)]),
    (longLabel, 100, [("I agree to", 8502), ("the terms", 8695), ("and", 3400), ("conditions", 9548),
                      ("and the", 6792), ("privacy", 6474), ("policy", 5355)]),
    (longLabel, 150, [("I agree to the", 11894), ("terms and", 9211), ("conditions and the", 16848),
                      ("privacy policy", 12337)]),
    (longLabel, 200, [("I agree to the terms and", 21613), ("conditions and the privacy", 23830), ("policy", 5355)]),
    (longLabel, 250, [("I agree to the terms and conditions", 31669), ("and the privacy policy", 19637)]),
    (longLabel, 343, [("I agree to the terms and conditions and the", 38969), ("privacy policy", 12337)]),
    (longWord, 60, [("Sup", 3495), ("erca", 3947), ("lifra", 3476), ("gilis", 3701), ("tice", 3326),
                    ("xpia", 3778), ("lido", 3319), ("ciou", 3867), ("s", 1057)]),
    (longWord, 100, [("Supercalifr", 9844), ("agilisticex", 9157), ("pialidocio", 8819), ("us", 2186)]),
    (longWord, 150, [("Supercalifragilistic", 16859), ("expialidocious", 13107)]),
    (longWord, 200, [("Supercalifragilisticexpialid", 23874), ("ocious", 6092)]),
    (longWord, 250, [("Supercalifragilisticexpialidocious", 29966)]),
]

@Suite struct LayoutGeometryTests {
    let engine = LayoutEngine()

    @Test(arguments: wrappingCases.indices)
    func linesAndFramesMatchTheIndependentGreedyFill(index: Int) throws {
        let testCase = wrappingCases[index]
        let layout = try engine.layout(makeSpec(), makeVariant(testCase.text, width: testCase.width))
        let label = try #require(layout.label)
        #expect(label.lineTexts == testCase.lines.map(\.0))
        #expect(label.lineWidths == testCase.lines.map { points($0.1) })

        let available = testCase.width - 32
        let lineCount = Double(testCase.lines.count)
        let labelWidth = testCase.lines.count == 1 ? points(testCase.lines[0].1) : available
        let height = max(24, lineCount * 16)
        #expect(layout.width == 32 + labelWidth)
        #expect(layout.height == height)
        #expect(label.frame == LayoutRect(x: 32, y: testCase.lines.count == 1 ? 4 : 0, width: labelWidth, height: lineCount * 16))
        #expect(layout.indicator == LayoutRect(x: 0, y: 0, width: 24, height: 24))
        #expect(layout.box == LayoutRect(x: 2, y: 2, width: 20, height: 20))
        #expect(layout.alignment == (testCase.lines.count == 1 ? .center : .top))
        #expect(layout.hitArea == LayoutRect(x: 0, y: 0, width: 32 + labelWidth, height: height))
        for line in label.lines { #expect(line.width <= available || line.text.count == 1) }
    }

    /// Every width from 60 to 343 against a plain word-by-word greedy fill (these
    /// English labels only break at spaces), measured with the same shaper.
    @Test(arguments: [acceptTerms, longLabel, "Remember me on this device", "Subscribe to the newsletter"])
    func everyWidthAgreesWithWordGreedy(text: String) throws {
        let font = try engine.resolveFont(Typography(), specFile: "spec.json")
        for width in stride(from: 60.0, through: 343, by: 1) {
            let available = width - 32
            var expected: [String] = []
            var current: [String] = []
            for word in text.split(separator: " ").map(String.init) {
                let candidate = (current + [word]).joined(separator: " ")
                if current.isEmpty || engine.textWidth(candidate, font: font, size: 14) <= available {
                    current.append(word)
                } else {
                    expected.append(current.joined(separator: " "))
                    current = [word]
                }
            }
            expected.append(current.joined(separator: " "))
            // Words wider than the line are split further; compare only when none is.
            guard expected.allSatisfy({ engine.textWidth($0, font: font, size: 14) <= available }) else { continue }
            let layout = try engine.layout(makeSpec(), makeVariant(text, width: width))
            #expect(layout.label?.lineTexts == expected, "width \(width)")
            #expect(layout.height == max(24, Double(expected.count) * 16), "width \(width)")
        }
    }

    @Test func overlongWordTakesAsManyGraphemesAsFitPerLine() throws {
        let layout = try engine.layout(makeSpec(), makeVariant(longWord, width: 100))
        let lines = try #require(layout.label).lines
        #expect(lines.map(\.text).joined() == longWord)
        let font = try engine.resolveFont(Typography(), specFile: "spec.json")
        var consumed = ""
        for line in lines.dropLast() {
            consumed += line.text
            let nextCharacter = longWord[longWord.index(longWord.startIndex, offsetBy: consumed.count)]
            #expect(line.width <= 68)
            #expect(engine.textWidth(line.text + String(nextCharacter), font: font, size: 14) > 68)
        }
    }

    /// A 32,000-character label: every line greedy-full (the next cluster would not fit),
    /// nothing lost, for an unbroken run and for words. Wrapping is linear in the label's
    /// length (it used to recompute the rest's grapheme boundaries, and shape the rest of an
    /// unbroken run, for every line).
    @Test(arguments: [String(repeating: "x", count: 32_000), String(repeating: "word ", count: 6_400)])
    func longLabelsWrapCompletelyAndGreedily(text: String) throws {
        let font = try engine.resolveFont(Typography(), specFile: "spec.json")
        let lines = engine.wrap(text, font: font, size: 14, maxWidth: 311)
        #expect(lines.map(\.text).joined().filter { $0 != " " } == text.filter { $0 != " " })
        #expect(lines.count > 600)
        for (line, next) in zip(lines, lines.dropFirst()) {
            #expect(line.width <= 311)
            let grown = line.text.contains(" ") || text.hasPrefix("word") ? line.text + " " + next.text.split(separator: " ")[0]
                : line.text + String(next.text.prefix(1))
            #expect(engine.textWidth(grown, font: font, size: 14) > 311, "line could have held more: \(line.text)")
        }
    }

    @Test func graphemeClustersAreNeverSplit() throws {
        // "é" as e + combining acute, and a family emoji joined with ZWJs.
        let word = String(repeating: "e\u{301}", count: 30) + "👨‍👩‍👧"
        let layout = try engine.layout(makeSpec(), makeVariant(word, width: 60))
        let lines = try #require(layout.label).lines
        #expect(lines.count > 1)
        #expect(lines.map(\.text).joined() == word)
        for line in lines { #expect(!line.text.unicodeScalars.first!.properties.isGraphemeExtend) }
        #expect(lines.last!.text.hasSuffix("👨‍👩‍👧"))
    }

    /// Thai has no spaces: ICU finds the word boundaries with its dictionary.
    /// Arabic is shaped right to left; its lines still keep every character once.
    @Test(arguments: ["ภาษาไทยไม่มีการเว้นวรรคระหว่างคำ", "أوافق على الشروط والأحكام وسياسة الخصوصية"])
    func scriptsWithoutLatinSpacingWrapWithinTheWidth(text: String) throws {
        let layout = try engine.layout(makeSpec(), makeVariant(text, width: 120))
        let label = try #require(layout.label)
        #expect(label.lines.count > 1)
        #expect(label.lines.map(\.text).joined().filter { $0 != " " } == text.filter { $0 != " " })
        for line in label.lines { #expect(line.width <= 88 && line.width > 0) }
    }

    @Test func mandatoryBreaksEndLinesAndTrailingSpacesHang() throws {
        let layout = try engine.layout(makeSpec(), makeVariant("Yes   \nNo"))
        let label = try #require(layout.label)
        #expect(label.lineTexts == ["Yes", "No"])
        #expect(label.lineWidths[0] == (try engine.textWidth("Yes", fontFile: robotoRegular, size: 14)))
        #expect(layout.alignment == .top)
        #expect(label.frame == LayoutRect(x: 32, y: 0, width: 311, height: 32))
        #expect(layout.height == 32)

        let blankLine = try engine.layout(makeSpec(), makeVariant("A\n\nB"))
        #expect(blankLine.label?.lineTexts == ["A", "", "B"])
        let trailing = try engine.layout(makeSpec(), makeVariant("Accept terms   "))
        #expect(trailing.label?.lineWidths == [points(12197)])
        #expect(trailing.width == 32 + points(12197))
    }

    @Test func rightToLeftMirrorsEveryFrame() throws {
        var variant = makeVariant(acceptTerms)
        variant.direction = .rtl
        let layout = try engine.layout(makeSpec(), variant)
        let width = 32 + points(12197)
        #expect(layout.width == width)
        #expect(layout.indicator == LayoutRect(x: width - 24, y: 0, width: 24, height: 24))
        #expect(layout.box == LayoutRect(x: width - 22, y: 2, width: 20, height: 20))
        #expect(layout.label?.frame == LayoutRect(x: 0, y: 4, width: points(12197), height: 16))
        #expect(layout.hitArea == LayoutRect(x: 0, y: 0, width: width, height: 24))
        #expect(layout.direction == .rtl)
    }

    @Test func reversedPutsTheIndicatorAfterTheLabel() throws {
        var variant = makeVariant(acceptTerms)
        variant.layout = .reversed
        let layout = try engine.layout(makeSpec(), variant)
        #expect(layout.label?.frame == LayoutRect(x: 0, y: 4, width: points(12197), height: 16))
        #expect(layout.indicator == LayoutRect(x: points(12197) + 8, y: 0, width: 24, height: 24))
        #expect(layout.box?.x == points(12197) + 10)

        variant.direction = .rtl // reversed and mirrored: back to indicator first
        let mirrored = try engine.layout(makeSpec(), variant)
        #expect(mirrored.indicator == LayoutRect(x: 0, y: 0, width: 24, height: 24))
        #expect(mirrored.label?.frame == LayoutRect(x: 32, y: 4, width: points(12197), height: 16))
    }

    @Test func reversedMultiLineLabelUsesTheAvailableWidth() throws {
        var variant = makeVariant(longLabel, width: 200)
        variant.layout = .reversed
        let layout = try engine.layout(makeSpec(), variant)
        #expect(layout.label?.frame == LayoutRect(x: 0, y: 0, width: 168, height: 48))
        #expect(layout.indicator == LayoutRect(x: 176, y: 0, width: 24, height: 24))
        #expect(layout.width == 200)
    }

    @Test func dynamicTypeScalesTextButNotTheIndicator() throws {
        let large = try engine.layout(makeSpec(), makeVariant(acceptTerms))
        #expect(large.fontSize == 14 && large.lineHeight == 16 && large.contentSize == .L)

        let size = 14.0 * (40.0 / 17) // size × scale, scale = body / 17
        let lineHeight = 16.0 * (40.0 / 17)
        let ax3 = try engine.layout(makeSpec(), makeVariant(acceptTerms), contentSize: .AX3)
        #expect(ax3.contentSize == .AX3)
        #expect(ax3.fontSize == size && ax3.lineHeight == lineHeight)
        let textWidth = points(12197, size: size)
        #expect(ax3.label?.lineWidths == [textWidth])
        #expect(ax3.height == lineHeight)
        #expect(ax3.indicator == LayoutRect(x: 0, y: (lineHeight - 24) / 2, width: 24, height: 24))
        #expect(ax3.label?.frame == LayoutRect(x: 32, y: 0, width: textWidth, height: lineHeight))
        #expect(ax3.alignment == .center)

        var variant = makeVariant(longLabel)
        variant.contentSize = .AX3 // the variant's own category applies without an override
        let wrapped = try engine.layout(makeSpec(), variant)
        #expect(wrapped.fontSize == size)
        #expect(wrapped.lineCount == 3)
        #expect(wrapped.height == 3 * lineHeight)
        #expect(wrapped.indicator?.y == 0 && wrapped.label?.frame.y == 0)
    }

    @Test func walkingTheSizesLaysOutAsEachSizeAlone() throws {
        for kind in [ComponentKind.checkbox, .radio, .switch, .button, .generic] {
            var spec = makeSpec()
            spec.kind = kind
            var variant = makeVariant(longLabel, width: 200)
            variant.contentSize = .xxL
            var walked: [ComponentLayout] = []
            try engine.layouts(spec, variant, from: .xL) { layout in
                walked.append(copy layout)
                return layout.contentSize == .AX4
            }
            let sizes = ContentSize.allCases.filter { $0 >= .xL && $0 <= .AX4 }
            #expect(walked.map(\.contentSize) == sizes)
            for (layout, size) in zip(walked, sizes) {
                #expect(try layout == engine.layout(spec, variant, contentSize: size))
            }
        }
    }

    @Test func firstLayoutPastMaxLinesIsTheWalksFirst() throws {
        for kind in [ComponentKind.checkbox, .radio, .switch, .button, .generic] {
            var spec = makeSpec()
            spec.kind = kind
            for text in [acceptTerms, longLabel, ""] {
                for maxLines in [1, 2, 3, 8] {
                    var variant = makeVariant(text, width: 200)
                    variant.contentSize = .L
                    var walked: ComponentLayout?
                    try engine.layouts(spec, variant, from: .L) { layout in
                        guard layout.lineCount > maxLines else { return false }
                        walked = copy layout
                        return true
                    }
                    #expect(try engine.firstLayout(spec, variant, from: .L, moreLinesThan: maxLines) == walked)
                    let input = LayoutInput(spec: spec, variant: variant, contentSize: .AX5, engine: engine)
                    let kindLayout = KindLayouts.layout(for: kind)
                    #expect(try kindLayout.lineCount(spec, variant, input) == kindLayout.layout(spec, variant, input).lineCount)
                }
            }
        }
    }

    @Test func contentSizesCompareInTheirListedOrder() {
        let all = ContentSize.allCases
        for (i, a) in all.enumerated() {
            for (j, b) in all.enumerated() { #expect((a < b) == (i < j)) }
        }
    }

    @Test func circleShapeRoundsTheBoxFully() throws {
        var variant = makeVariant(acceptTerms)
        variant.shape = .circle
        #expect(try engine.layout(makeSpec(), variant).cornerRadius == 10)
        var spec = makeSpec()
        spec.geometry.innerSize = 16
        spec.geometry.cornerRadius = 3
        let layout = try engine.layout(spec, variant)
        #expect(layout.cornerRadius == 8)
        #expect(layout.box == LayoutRect(x: 4, y: 4, width: 16, height: 16))
        variant.shape = .square
        #expect(try engine.layout(spec, variant).cornerRadius == 3)
    }

    @Test func hitAreas() throws {
        var spec = makeSpec()
        let width = 32 + points(12197)
        spec.geometry.hitArea = .indicator
        var variant = makeVariant(acceptTerms)
        variant.direction = .rtl
        #expect(try engine.layout(spec, variant).hitArea == LayoutRect(x: width - 24, y: 0, width: 24, height: 24))

        spec.geometry.hitArea = .minimum(width: 44, height: 44)
        #expect(try engine.layout(spec, makeVariant(acceptTerms)).hitArea
            == LayoutRect(x: 0, y: -10, width: width, height: 44))
        #expect(try engine.layout(spec, makeVariant(nil)).hitArea == LayoutRect(x: -10, y: -10, width: 44, height: 44))
        #expect(try engine.layout(spec, makeVariant(longLabel, width: 200)).hitArea
            == LayoutRect(x: 0, y: 0, width: 200, height: 48))
    }

    @Test func noVisibleTextLeavesTheIndicatorAlone() throws {
        for text in [nil, "", "   "] as [String?] {
            let layout = try engine.layout(makeSpec(), makeVariant(text))
            #expect(layout.label == nil)
            #expect(layout.width == 24 && layout.height == 24)
            #expect(layout.hitArea == LayoutRect(x: 0, y: 0, width: 24, height: 24))
            #expect(layout.fontFile == robotoRegular)
        }
    }

    @Test func jsonHasTheContractKeysInOrder() throws {
        let layout = try engine.layout(makeSpec(), makeVariant(acceptTerms))
        let expected = #"{"component":"CheckboxView","variant":"accept-terms","direction":"ltr","layout":"default","#
            + #""contentSize":"L","font":{"file":"\#(robotoRegular)","size":14,"lineHeight":16},"#
            + #""size":{"width":115.3779296875,"height":24},"alignment":"center","#
            + #""indicator":{"x":0,"y":0,"width":24,"height":24},"#
            + #""box":{"x":2,"y":2,"width":20,"height":20,"cornerRadius":6,"borderWidth":2},"#
            + #""label":{"x":32,"y":4,"width":83.3779296875,"height":16,"lines":1,"lineWidths":[83.3779296875]},"#
            + #""hitArea":{"x":0,"y":0,"width":115.3779296875,"height":24}}"#
        #expect(layout.json.serialized(pretty: false) == expected)

        let textless = try engine.layout(makeSpec(), makeVariant(nil))
        #expect(textless.json.serialized(pretty: false).contains(#""alignment":"center","indicator":{"x":0,"y":0,"width":24,"height":24},"box":{"x":2,"y":2,"width":20,"height":20,"cornerRadius":6,"borderWidth":2},"label":null,"hitArea""#))
    }

    @Test func baselinesSitInsideTheirLines() throws {
        let layout = try engine.layout(makeSpec(), makeVariant(longLabel, width: 200))
        // Roboto's hhea ascender 1900 and descender 500 (units), scaled to 14 pt.
        #expect(layout.ascent == points(1900) && layout.descent == points(500))
        for index in 0..<layout.lineCount {
            let baseline = layout.baseline(ofLine: index)
            #expect(baseline > Double(index) * 16 + 8 && baseline < Double(index + 1) * 16)
        }
    }

    @Test func concurrentLayoutsAgree() async throws {
        let engine = LayoutEngine()
        let widths = Array(stride(from: 60.0, through: 343, by: 7))
        let reference = try widths.map { try LayoutEngine().layout(makeSpec(), makeVariant(longLabel, width: $0)) }
        try await withThrowingTaskGroup(of: (Int, ComponentLayout).self) { group in
            for _ in 0..<3 {
                for (index, width) in widths.enumerated() {
                    group.addTask { (index, try engine.layout(makeSpec(), makeVariant(longLabel, width: width))) }
                }
            }
            for try await (index, layout) in group { #expect(layout == reference[index]) }
        }
    }
}

/// A word split between grapheme clusters keeps its trailing space on its last
/// piece: no empty line after it.
@Test func splitWordDoesNotLeaveAnEmptyLineForItsSpace() throws {
    var spec = ComponentSpec(file: "Spec.json", name: "CheckboxView",
                             location: A11yModel.SourceLocation(file: "Spec.json", line: 1, column: 1))
    spec.kind = .checkbox
    var variant = Variant(name: "v", location: spec.location, origin: .declared)
    variant.text = "Um ok"
    variant.width = 40
    let layout = try LayoutEngine.shared.layout(spec, variant)
    #expect(layout.label?.lineTexts == ["U", "m", "o", "k"])
    #expect(layout.height == 64)
}
