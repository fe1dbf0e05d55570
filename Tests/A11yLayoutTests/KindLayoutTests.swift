import A11yModel
import Testing
@testable import A11yLayout

/// The geometry of the kinds beyond the checkbox (docs/spec-format.md: component kinds), against
/// the formulas of the contract applied to the independent line-breaking fixture
/// (`wrappingCases`: lines and widths from a greedy fill outside a11ylint), to 0.01 pt.
@Suite struct KindLayoutTests {
    let engine = LayoutEngine()

    func spec(_ kind: ComponentKind) -> ComponentSpec {
        var spec = makeSpec()
        spec.kind = kind
        spec.geometry = Kinds.definition(kind).defaultGeometry
        return spec
    }

    func close(_ a: Double, _ b: Double) -> Bool { abs(a - b) <= 0.01 }

    func close(_ a: LayoutRect?, _ x: Double, _ y: Double, _ w: Double, _ h: Double) -> Bool {
        guard let a else { return false }
        return close(a.x, x) && close(a.y, y) && close(a.width, w) && close(a.height, h)
    }

    /// The label width the contract gives: the text's width on one line, else all of the
    /// available width; and its height. The fixture's widths are a checkbox row's, whose
    /// label has `width − 24 − 8`.
    func expectedLabel(_ index: Int) -> (width: Double, height: Double, available: Double) {
        let testCase = wrappingCases[index]
        let available = testCase.width - 32
        let oneLine = testCase.lines.count == 1
        return (oneLine ? points(testCase.lines[0].1) : available, Double(testCase.lines.count) * 16, available)
    }

    @Test(arguments: wrappingCases.indices)
    func switchRow(index: Int) throws {
        let (labelWidth, labelHeight, available) = expectedLabel(index)
        for direction in LayoutDirection.allCases {
            for order in LayoutOrder.allCases {
                for isOn in [false, true] {
                    var variant = makeVariant(wrappingCases[index].text, width: available + 51 + 8)
                    variant.direction = direction
                    variant.layout = order
                    variant.checkState = isOn ? .checked : .unchecked
                    let layout = try engine.layout(spec(.switch), variant)
                    let rowWidth = order == .reversed ? 51 + 8 + labelWidth : variant.width
                    let height = max(31, labelHeight)
                    var trackX: Double = order == .reversed ? 0 : rowWidth - 51
                    var labelX: Double = order == .reversed ? 51 + 8 : 0
                    var thumbX = isOn ? trackX + 51 - 2 - 27 : trackX + 2
                    if direction == .rtl {
                        trackX = rowWidth - trackX - 51
                        labelX = rowWidth - labelX - labelWidth
                        thumbX = rowWidth - thumbX - 27
                    }
                    let context = "\(direction) \(order) on=\(isOn) case \(index)"
                    #expect(close(layout.width, rowWidth) && close(layout.height, height), "\(context)")
                    #expect(close(layout.track, trackX, (height - 31) / 2, 51, 31), "\(context)")
                    #expect(close(layout.thumb, thumbX, (height - 31) / 2 + 2, 27, 27), "\(context)")
                    #expect(close(layout.label?.frame, labelX, (height - labelHeight) / 2, labelWidth, labelHeight),
                            "\(context)")
                    #expect(layout.box == nil && layout.indicator == layout.track)
                    let keys = layout.json.serialized(pretty: false)
                    #expect(keys.contains("\"box\":null") && keys.contains("\"track\":{") && keys.contains("\"thumb\":{"))
                }
            }
        }
    }

    @Test(arguments: wrappingCases.indices)
    func buttonHugsOrFills(index: Int) throws {
        let (labelWidth, labelHeight, available) = expectedLabel(index)
        for iconSize in [0.0, 20] {
            for sizing in ButtonSizing.allCases {
                for direction in LayoutDirection.allCases {
                    var spec = spec(.button)
                    spec.geometry.iconSize = iconSize
                    spec.geometry.sizing = sizing
                    let iconSpace = iconSize > 0 ? iconSize + 8 : 0
                    var variant = makeVariant(wrappingCases[index].text, width: available + 32 + iconSpace)
                    variant.direction = direction
                    let layout = try engine.layout(spec, variant)
                    let contentWidth = iconSpace + labelWidth
                    let width = sizing == .fill ? variant.width : min(contentWidth + 32, variant.width)
                    let height = max(44, max(labelHeight, iconSize) + 24)
                    let contentX = (width - contentWidth) / 2
                    var labelX = contentX + iconSpace
                    var iconX = contentX
                    if direction == .rtl {
                        labelX = width - labelX - labelWidth
                        iconX = width - iconX - iconSize
                    }
                    let context = "icon \(iconSize) \(sizing) \(direction) case \(index)"
                    #expect(close(layout.width, width) && close(layout.height, height), "\(context)")
                    #expect(close(layout.label?.frame, labelX, (height - labelHeight) / 2, labelWidth, labelHeight),
                            "\(context)")
                    if iconSize > 0 {
                        #expect(close(layout.icon, iconX, (height - iconSize) / 2, iconSize, iconSize), "\(context)")
                    } else {
                        #expect(layout.icon == nil)
                    }
                    #expect(layout.box == nil)
                }
            }
        }
    }

    @Test func iconOnlyButtonIsItsPaddedIcon() throws {
        var spec = spec(.button)
        spec.geometry.iconSize = 24
        let layout = try engine.layout(spec, makeVariant(nil))
        #expect(layout.width == 24 + 32 && layout.height == 48)
        #expect(layout.icon == LayoutRect(x: 16, y: 12, width: 24, height: 24))
        #expect(layout.label == nil)
    }

    @Test(arguments: [false, true])
    func radioRingAndDot(selected: Bool) throws {
        var variant = makeVariant(acceptTerms)
        variant.checkState = selected ? .checked : .unchecked
        variant.direction = .rtl
        let layout = try engine.layout(spec(.radio), variant)
        let width = 24 + 8 + points(12197)
        #expect(close(layout.width, width))
        #expect(close(layout.indicator, width - 24, 0, 24, 24))
        #expect(close(layout.box, width - 22, 2, 20, 20) && layout.cornerRadius == 10)
        if selected {
            #expect(close(layout.dot, width - 24 + 7, 7, 10, 10))
        } else {
            #expect(layout.dot == nil)
        }
        #expect(layout.json.serialized(pretty: false).contains(selected ? "\"dot\":{" : "\"dot\":null"))
    }

    @Test func genericIsItsDeclaredSize() throws {
        var spec = spec(.generic)
        spec.size = ComponentSize(width: 120, height: 32)
        spec.geometry.hitArea = .minimum(width: 44, height: 44)
        var variant = makeVariant("Open now")
        var layout = try engine.layout(spec, variant)
        #expect(layout.width == 120 && layout.height == 32 && layout.label == nil && layout.indicator == nil)
        #expect(layout.hitArea == LayoutRect(x: 0, y: -6, width: 120, height: 44))
        variant.size = ComponentSize(width: 56, height: 24)
        layout = try engine.layout(spec, variant)
        #expect(layout.width == 56 && layout.height == 24)
    }

    @Test func checkboxLayoutJSONKeepsTheContractsKeys() throws {
        let json = try engine.layout(makeSpec(), makeVariant(acceptTerms)).json.serialized(pretty: false)
        for absent in ["dot", "track", "thumb", "icon"] { #expect(!json.contains("\"\(absent)\"")) }
    }
}

/// Text in every script: characters the main font lacks are measured in the first font
/// that has them (the spec's fallbacks, then fontconfig's order for the language).
@Suite struct FontFallbackTests {
    let engine = LayoutEngine()

    func layout(_ text: String, width: Double = 343, lang: String? = nil) throws -> ComponentLayout {
        var spec = makeSpec()
        spec.lang = lang
        return try engine.layout(spec, makeVariant(text, width: width))
    }

    @Test func japaneseIsMeasuredInACJKFontAndWraps() throws {
        // Each ideograph and kana of Noto Sans CJK is one em wide: 14 pt at 14 pt.
        let one = try layout("利用規約に同意します", lang: "ja")
        #expect(one.label?.lineWidths == [140])
        let two = try layout("利用規約に同意します。利用規約に同意します。", width: 200, lang: "ja")
        #expect(two.lineCount == 2)
        #expect(two.label!.lineWidths.allSatisfy { $0 <= 168 })
    }

    @Test func latinStaysInTheMainFontAndMixedTextAddsRuns() throws {
        let latin = try layout("Accept terms")
        #expect(latin.label?.lineWidths == [points(12197)])
        // "OK " in Roboto plus two ideographs of 14 pt each.
        let mixed = try layout("OK 同意", lang: "ja")
        let ok = try engine.textWidth("OK ", fontFile: latin.fontFile!, size: 14)
        #expect(abs(mixed.label!.lineWidths[0] - (ok + 28)) < 0.01)
    }

    @Test func arabicAndEmojiHaveGlyphsAndNothingIsMissing() throws {
        let font = try engine.resolveFont(Typography(), specFile: "x.json")
        #expect(engine.missingCharacters(in: "أوافق على الشروط", font: font, lang: "ar").isEmpty)
        #expect(engine.missingCharacters(in: "Done ✅ 👍🏽", font: font).isEmpty)
        #expect(engine.missingCharacters(in: "Accept \u{0378} terms", font: font).map(\.value) == [0x378])
        // Arabic is wider than Roboto's boxes would make it, and shaped (joined) as a whole.
        let arabic = try layout("أوافق على الشروط", lang: "ar")
        #expect(arabic.label!.lineWidths[0] > 60)
    }

    @Test func digitsInArabicStayInTheMainFontAndEmojiGoToTheEmojiFont() throws {
        // As Pango itemizes (Tests/PangoComparison): the digit is the main font's, in a run
        // of its own (another bidi level); the space before it is the Arabic run's.
        let arabic = try layout("لديك 3 رسائل", lang: "ar")
        let runs = arabic.lineRuns[0]
        #expect(runs.map(\.text) == ["لديك ", "3", " رسائل"])
        #expect(runs[1].file == arabic.fontFile)
        #expect(runs[0].file != arabic.fontFile && runs[2].file == runs[0].file)
        #expect(runs.map(\.direction) == [.rtl, .ltr, .rtl])
        // U+2764 with VS16 is an emoji presentation sequence: the colour emoji font draws it,
        // not a font that merely has the character; the space joins the Latin run after it.
        let heart = try layout("\u{2764}\u{FE0F} Favourite")
        #expect(heart.lineRuns[0].count == 2)
        #expect(heart.lineRuns[0][0].file.contains("Emoji"))
        #expect(heart.lineRuns[0][1].text == " Favourite")
    }
}
