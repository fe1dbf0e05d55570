import A11yJSON
import A11yLayout
import A11yModel
import Foundation
import FoundationXML
import Testing
@testable import A11yReporters

/// The three renderings of a `ComponentLayout` (JSON, SVG, text table), checked against
/// the layouts the engine computes for variants built here in code.
@Suite struct LayoutRenderingTests {
    // MARK: Building layouts

    static let acceptTerms = "Accept terms"
    /// "Accept terms" in Roboto Regular: 12197 font units (2048 per em), from the
    /// independent HarfBuzz check in TextWidthTests.
    static let acceptTermsWidth = 12197.0 * 14 / 2048

    static func spec(name: String = "CheckboxView", geometry: Geometry = Geometry()) -> ComponentSpec {
        var spec = ComponentSpec(file: "specs/components/\(name).json", name: name,
                                 location: SourceLocation(file: "spec.json", line: 1, column: 1))
        spec.kind = .checkbox
        spec.geometry = geometry
        return spec
    }

    static func variant(_ text: String?, width: Double = 343, shape: CheckboxShape = .square,
                        state: CheckState = .unchecked, direction: LayoutDirection = .ltr,
                        layout: LayoutOrder = .default, contentSize: ContentSize = .L) -> Variant {
        var variant = Variant(name: "accept-terms", location: SourceLocation(file: "spec.json", line: 1, column: 1),
                              origin: .declared)
        variant.text = text
        variant.width = width
        variant.shape = shape
        variant.checkState = state
        variant.direction = direction
        variant.layout = layout
        variant.contentSize = contentSize
        return variant
    }

    /// A JSON number read from its literal with Swift's correctly rounded `Double(_:)`.
    static func literal(_ node: JSONNode?) -> Double? {
        guard case .number(_, let literal)? = node?.value else { return nil }
        return Double(literal)
    }

    static func layout(_ spec: ComponentSpec, _ variant: Variant) throws -> ComponentLayout {
        try LayoutEngine.shared.layout(spec, variant)
    }

    // MARK: JSON

    static let contractKeys: [String] = ["component", "variant", "direction", "layout", "contentSize", "font", "size",
                                         "alignment", "indicator", "box", "label", "hitArea"]
    static let nestedContractKeys: [String: [String]] = [
        "font": ["file", "size", "lineHeight"],
        "size": ["width", "height"],
        "indicator": ["x", "y", "width", "height"],
        "box": ["x", "y", "width", "height", "cornerRadius", "borderWidth"],
        "label": ["x", "y", "width", "height", "lines", "lineWidths"],
        "hitArea": ["x", "y", "width", "height"],
    ]

    @Test(arguments: [(acceptTerms, 343.0), ("I agree to the terms and conditions and the privacy policy", 150.0)])
    func jsonHasExactlyTheContractKeysInOrder(text: String, width: Double) throws {
        let json = LayoutRendering.json(try Self.layout(Self.spec(), Self.variant(text, width: width)))
        // Valid for a standard parser too, not only for our own.
        #expect(try JSONSerialization.jsonObject(with: Data(json.utf8)) is [String: Any])
        let root = try JSONDocument(text: json).root
        let members = try #require(root.objectMembers)
        #expect(members.map(\.key) == Self.contractKeys)
        for (key, expected) in Self.nestedContractKeys {
            let nested = try #require(root[key]?.objectMembers, "\(key) is not an object")
            #expect(nested.map(\.key) == expected, "keys of \(key)")
        }
    }

    @Test func jsonNumbersAreUnrounded() throws {
        let layout = try Self.layout(Self.spec(), Self.variant(Self.acceptTerms))
        let json = LayoutRendering.json(layout)
        let root = try JSONDocument(text: json).root

        #expect(Self.literal(root["size"]?["width"]) == 115.3779296875)
        #expect(Self.literal(root["size"]?["height"]) == 24)
        #expect(json.contains("\"width\": 115.3779296875,"))

        let label = try #require(root["label"])
        #expect(Self.literal(label["x"]) == 32)
        #expect(Self.literal(label["y"]) == 4)
        #expect(Self.literal(label["width"]) == Self.acceptTermsWidth)
        #expect(Self.literal(label["height"]) == 16)
        #expect(Self.literal(label["lines"]) == 1)
        #expect(label["lineWidths"]?.arrayValue?.map { Self.literal($0) } == [Self.acceptTermsWidth])
        #expect(json.contains("\"width\": 83.3779296875,"))

        let font = try #require(root["font"])
        #expect(font["file"]?.stringValue?.hasSuffix("/Roboto-Regular.ttf") == true)
        #expect(Self.literal(font["size"]) == 14)
        #expect(Self.literal(font["lineHeight"]) == 16)

        #expect(Self.literal(root["hitArea"]?["width"]) == 115.3779296875)
        #expect(root["alignment"]?.stringValue == "center")
        #expect(root["direction"]?.stringValue == "ltr")
        #expect(root["layout"]?.stringValue == "default")
        #expect(root["contentSize"]?.stringValue == "L")
        #expect(root["component"]?.stringValue == "CheckboxView")
        #expect(root["variant"]?.stringValue == "accept-terms")
    }

    /// Dynamic Type sizes are not short binary fractions: the JSON must still round-trip them exactly.
    @Test func jsonRoundTripsScaledSizes() throws {
        let layout = try Self.layout(Self.spec(), Self.variant("Hi", contentSize: .AX3))
        let root = try JSONDocument(text: LayoutRendering.json(layout)).root
        let fontSize: Double = 14 * (40 / 17)
        let lineHeight: Double = 16 * (40 / 17)
        #expect(Self.literal(root["font"]?["size"]) == fontSize)
        #expect(Self.literal(root["font"]?["lineHeight"]) == lineHeight)
        #expect(Self.literal(root["label"]?["width"]) == layout.label?.frame.width)
        // One line taller than the indicator: the label fills the height, the indicator is centered.
        let indicatorY: Double = (lineHeight - 24) / 2
        #expect(Self.literal(root["size"]?["height"]) == lineHeight)
        #expect(Self.literal(root["label"]?["y"]) == 0)
        #expect(Self.literal(root["indicator"]?["y"]) == indicatorY)
    }

    @Test(arguments: [nil, "", "  \t "] as [String?])
    func jsonLabelIsNullWithoutText(text: String?) throws {
        let layout = try Self.layout(Self.spec(), Self.variant(text))
        let json = LayoutRendering.json(layout)
        let root = try JSONDocument(text: json).root
        #expect(root["label"]?.isNull == true)
        #expect(json.contains("\"label\": null"))
        #expect(root.objectMembers?.map(\.key) == Self.contractKeys)
        #expect(Self.literal(root["size"]?["width"]) == 24)
        #expect(Self.literal(root["size"]?["height"]) == 24)
        #expect(Self.literal(root["hitArea"]?["width"]) == 24)
    }

    // MARK: SVG

    /// One SVG parsed as XML, with helpers to find elements whatever their namespace prefix.
    struct SVG {
        let text: String
        let root: XMLElement

        init(_ text: String) throws {
            self.text = text
            let document = try XMLDocument(xmlString: text, options: [])
            root = try #require(document.rootElement())
        }

        func elements(_ name: String) -> [XMLElement] {
            var found: [XMLElement] = []
            func walk(_ element: XMLElement) {
                if element.localName == name { found.append(element) }
                for child in element.children ?? [] {
                    if let child = child as? XMLElement { walk(child) }
                }
            }
            walk(root)
            return found
        }

        /// The numbers of the root's viewBox.
        var viewBox: [Double] {
            (root.value("viewBox") ?? "").split(separator: " ").compactMap { Double($0) }
        }
    }

    /// SVG coordinates carry three decimals.
    static func close(_ a: Double?, _ b: Double) -> Bool {
        guard let a else { return false }
        return abs(a - b) <= 0.0005 + 1e-9
    }

    static func number(_ element: XMLElement, _ attribute: String) -> Double? {
        element.value(attribute).flatMap { Double($0) }
    }

    static func rect(_ element: XMLElement) -> LayoutRect? {
        guard let x = number(element, "x"), let y = number(element, "y"),
              let width = number(element, "width"), let height = number(element, "height") else { return nil }
        return LayoutRect(x: x, y: y, width: width, height: height)
    }

    static func sameRect(_ a: LayoutRect?, _ b: LayoutRect) -> Bool {
        guard let a else { return false }
        return close(a.x, b.x) && close(a.y, b.y) && close(a.width, b.width) && close(a.height, b.height)
    }

    static func render(_ spec: ComponentSpec, _ variant: Variant) throws -> (ComponentLayout, SVG) {
        let layout = try Self.layout(spec, variant)
        return (layout, try SVG(LayoutRendering.svg(layout, variant: variant, spec: spec)))
    }

    struct DrawingCase: CustomTestStringConvertible, Sendable {
        var name: String
        var spec: ComponentSpec
        var variant: Variant
        var testDescription: String { name }
    }

    static let drawingCases: [DrawingCase] = {
        var minimumHit = Geometry()
        minimumHit.hitArea = .minimum(width: 44, height: 44)
        var indicatorHit = Geometry()
        indicatorHit.hitArea = .indicator
        return [
            DrawingCase(name: "ltr single line", spec: spec(), variant: variant(acceptTerms)),
            DrawingCase(name: "rtl reversed checked circle", spec: spec(),
                        variant: variant(acceptTerms, shape: .circle, state: .checked, direction: .rtl, layout: .reversed)),
            DrawingCase(name: "several lines", spec: spec(),
                        variant: variant("I agree to the terms and conditions and the privacy policy", width: 150)),
            DrawingCase(name: "no text, indeterminate", spec: spec(), variant: variant(nil, state: .indeterminate)),
            DrawingCase(name: "minimum hit area", spec: spec(geometry: minimumHit), variant: variant("OK")),
            DrawingCase(name: "indicator hit area", spec: spec(geometry: indicatorHit), variant: variant(acceptTerms)),
            DrawingCase(name: "markup in names", spec: spec(name: "Check<&>\"box'"), variant: variant("a <b> & \"c\"")),
        ]
    }()

    @Test(arguments: drawingCases)
    func svgIsWellFormedWithNamespaceAndViewBox(_ c: DrawingCase) throws {
        let (layout, svg) = try Self.render(c.spec, c.variant)
        #expect(svg.root.localName == "svg")
        #expect(svg.root.uri == "http://www.w3.org/2000/svg")
        #expect(svg.text.contains("<svg xmlns=\"http://www.w3.org/2000/svg\""))
        let viewBox = svg.viewBox
        try #require(viewBox.count == 4, "viewBox \(viewBox)")
        let (minX, minY, width, height) = (viewBox[0], viewBox[1], viewBox[2], viewBox[3])
        #expect(width > 0 && height > 0)
        #expect(Self.close(Self.number(svg.root, "width"), width))
        #expect(Self.close(Self.number(svg.root, "height"), height))
        // The component and its hit area are inside the picture.
        let hit = layout.hitArea
        #expect(minX <= min(0, hit.x) && minY <= min(0, hit.y))
        #expect(minX + width >= max(layout.width, hit.maxX) && minY + height >= max(layout.height, hit.maxY))
        // No ids: several drawings share one HTML page.
        #expect(!svg.text.contains(" id=\""))
        // The component frame is drawn.
        #expect(svg.elements("rect").contains { Self.sameRect(Self.rect($0), layout.frame) })
    }

    /// The rect that draws the inner box is the one with rounded corners (`rx`).
    static func boxRect(_ svg: SVG) throws -> XMLElement {
        let rounded = svg.elements("rect").filter { $0.value("rx") != nil }
        try #require(rounded.count == 1, "expected one rounded rect, found \(rounded.count)")
        return rounded[0]
    }

    @Test(arguments: [(CheckboxShape.square, 6.0), (.circle, 10.0)], [CheckState.unchecked, .checked, .indeterminate])
    func svgDrawsTheBoxWithItsCornerRadius(shape: (CheckboxShape, Double), state: CheckState) throws {
        let (layout, svg) = try Self.render(Self.spec(), Self.variant(Self.acceptTerms, shape: shape.0, state: state))
        #expect(layout.cornerRadius == shape.1)
        let box = try Self.boxRect(svg)
        let drawn = try #require(Self.rect(box))
        let rx = try #require(Self.number(box, "rx"))
        if state == .unchecked {
            // Outlined: the stroke is centered on the path, so the path is inset by half the
            // border and its outer edge is exactly the box, with the box's radius.
            let half = try #require(Self.number(box, "stroke-width")) / 2
            #expect(half == layout.borderWidth / 2)
            #expect(box.value("fill") == "none")
            #expect(Self.sameRect(LayoutRect(x: drawn.x - half, y: drawn.y - half,
                                             width: drawn.width + 2 * half, height: drawn.height + 2 * half), layout.box!))
            #expect(Self.close(rx + half, shape.1))
        } else {
            #expect(Self.sameRect(drawn, layout.box!))
            #expect(Self.close(rx, shape.1))
        }
        #expect(layout.box == LayoutRect(x: 2, y: 2, width: 20, height: 20))
    }

    @Test(arguments: [CheckState.unchecked, .checked, .indeterminate])
    func svgMarksTheState(state: CheckState) throws {
        let (layout, svg) = try Self.render(Self.spec(), Self.variant(Self.acceptTerms, state: state))
        let box = layout.box!
        func inside(_ x: Double, _ y: Double) -> Bool {
            x > box.x && x < box.maxX && y > box.y && y < box.maxY
        }
        // The tick: a path or polyline whose points all lie inside the box.
        let ticks = svg.elements("polyline") + svg.elements("path")
        // The dash: a horizontal line across the middle of the box.
        let dashes = svg.elements("line").filter { line in
            guard let x1 = Self.number(line, "x1"), let y1 = Self.number(line, "y1"),
                  let x2 = Self.number(line, "x2"), let y2 = Self.number(line, "y2") else { return false }
            return inside(x1, y1) && inside(x2, y2) && y1 == y2 && Self.close(y1, box.y + box.height / 2) && x2 > x1
        }
        switch state {
        case .unchecked:
            #expect(ticks.isEmpty)
            #expect(dashes.isEmpty)
        case .checked:
            try #require(ticks.count == 1)
            #expect(dashes.isEmpty)
            let points = (ticks[0].value("points") ?? "")
                .split(separator: " ").map { $0.split(separator: ",").compactMap { Double($0) } }
            #expect(points.count >= 3)
            for point in points {
                try #require(point.count == 2)
                #expect(inside(point[0], point[1]), "tick point \(point) outside \(box)")
            }
        case .indeterminate:
            #expect(ticks.isEmpty)
            #expect(dashes.count == 1)
        }
    }

    /// The `<text>` elements standing inside the label frame: the label's lines.
    static func labelTexts(_ svg: SVG, _ layout: ComponentLayout) -> [XMLElement] {
        guard let frame = layout.label?.frame else { return [] }
        return svg.elements("text").filter { text in
            guard let x = number(text, "x"), let y = number(text, "y") else { return false }
            return x >= frame.x - 0.001 && x <= frame.maxX + 0.001 && y > frame.y && y <= frame.maxY
        }
    }

    @Test(arguments: [LayoutDirection.ltr, .rtl])
    func svgDrawsOneTextPerLabelLineEscaped(direction: LayoutDirection) throws {
        let label = "Read <these> & \"those\" terms & conditions before you <agree>"
        let (layout, svg) = try Self.render(Self.spec(), Self.variant(label, width: 160, direction: direction))
        let lines = try #require(layout.label).lines
        #expect(lines.count >= 3)
        // Escaped in the bytes, intact once parsed.
        #expect(svg.text.contains("&lt;these&gt; &amp;"))
        #expect(!svg.text.contains("<these>"))
        #expect(!svg.text.contains("<agree>"))

        let texts = Self.labelTexts(svg, layout)
        #expect(texts.map { $0.stringValue ?? "" } == lines.map(\.text))
        #expect(lines.map(\.text).joined(separator: " ") == label)
        let frame = try #require(layout.label).frame
        for (index, text) in texts.enumerated() {
            #expect(Self.close(Self.number(text, "y"), layout.baseline(ofLine: index)))
            // Baselines sit inside their own line box.
            let lineTop = frame.y + Double(index) * layout.lineHeight
            #expect(layout.baseline(ofLine: index) > lineTop && layout.baseline(ofLine: index) < lineTop + layout.lineHeight)
            // Lines start at the label's leading edge: left in LTR, right (anchored at the end) in RTL.
            let anchor = text.value("text-anchor")
                ?? (text.parent as? XMLElement)?.value("text-anchor") ?? "start"
            if direction == .ltr {
                #expect(anchor == "start")
                #expect(Self.close(Self.number(text, "x"), frame.x))
            } else {
                #expect(anchor == "end")
                #expect(Self.close(Self.number(text, "x"), frame.maxX))
            }
        }
        // Nothing else in the drawing carries the label's words.
        #expect(svg.elements("text").filter { ($0.stringValue ?? "").contains("<these>") }.count == 1)
    }

    @Test func svgEscapesTheComponentAndVariantNames() throws {
        var variant = Self.variant("OK")
        variant.name = "a&b<c>"
        let (_, svg) = try Self.render(Self.spec(name: "Box\"<&>'"), variant)
        let title = try #require(svg.elements("title").first?.stringValue)
        #expect(title.hasPrefix("Box\"<&>' · a&b<c>"))
    }

    @Test(arguments: drawingCases)
    func svgDashesTheHitArea(_ c: DrawingCase) throws {
        let (layout, svg) = try Self.render(c.spec, c.variant)
        let dashed = svg.elements("rect").filter {
            $0.value("stroke-dasharray") != nil && Self.sameRect(Self.rect($0), layout.hitArea)
        }
        #expect(dashed.count >= 1, "no dashed rect at \(layout.hitArea)")
        #expect(dashed.contains { $0.value("fill") == "none" })
    }

    @Test(arguments: [nil, "OK"] as [String?])
    func minimumHitAreaIsCenteredOnTheComponent(text: String?) throws {
        var geometry = Geometry()
        geometry.hitArea = .minimum(width: 44, height: 44)
        let (layout, svg) = try Self.render(Self.spec(geometry: geometry), Self.variant(text))
        // Expanded symmetrically, only in the directions where the component is smaller than 44.
        let hitWidth = max(layout.width, 44)
        let expected = LayoutRect(x: (layout.width - hitWidth) / 2, y: -10, width: hitWidth, height: 44)
        #expect(layout.hitArea == expected)
        if text == nil { #expect(expected == LayoutRect(x: -10, y: -10, width: 44, height: 44)) }
        #expect(svg.elements("rect").contains {
            $0.value("stroke-dasharray") == "4 2" && Self.sameRect(Self.rect($0), expected)
        })
    }

    /// Spec numbers are only checked to be positive: a huge one must draw, not trap.
    @Test func hugeHitAreaStillRenders() throws {
        var geometry = Geometry()
        geometry.hitArea = .minimum(width: 1e20, height: 44)
        let (layout, svg) = try Self.render(Self.spec(geometry: geometry), Self.variant(Self.acceptTerms))
        #expect(layout.hitArea == LayoutRect(x: (layout.width - 1e20) / 2, y: -10, width: 1e20, height: 44))
        let hit = try #require(svg.elements("rect").first { $0.value("stroke") == "#D93025" })
        let x = try #require(Self.number(hit, "x")), width = try #require(Self.number(hit, "width"))
        #expect(abs(x - layout.hitArea.x) <= 1e5 && abs(width - 1e20) <= 1e5)
        #expect(svg.viewBox.count == 4)
        let table = LayoutRendering.text(layout)
        let row = try Self.row("hitArea", in: table)
        #expect(row.count == 4 && abs(row[2] - 1e20) <= 1e5)
    }

    @Test(arguments: [LayoutDirection.ltr, .rtl], [LayoutOrder.default, .reversed])
    func boxAndLabelSitWhereDirectionAndLayoutPutThem(direction: LayoutDirection, order: LayoutOrder) throws {
        let (layout, svg) = try Self.render(Self.spec(),
                                            Self.variant(Self.acceptTerms, state: .checked, direction: direction, layout: order))
        let labelWidth = Self.acceptTermsWidth
        let width = 24 + 8 + labelWidth
        #expect(layout.width == width)
        // LTR default: indicator at 0, label at outerSize + gap; reversed swaps; RTL mirrors.
        var indicatorX: Double = order == .default ? 0 : labelWidth + 8
        var labelX: Double = order == .default ? 32 : 0
        if direction == .rtl {
            indicatorX = width - indicatorX - 24
            labelX = width - labelX - labelWidth
        }
        #expect(layout.indicator == LayoutRect(x: indicatorX, y: 0, width: 24, height: 24))
        #expect(layout.box == LayoutRect(x: indicatorX + 2, y: 2, width: 20, height: 20))
        #expect(layout.label?.frame == LayoutRect(x: labelX, y: 4, width: labelWidth, height: 16))

        let box = try #require(Self.rect(try Self.boxRect(svg)))
        #expect(Self.sameRect(box, layout.box!))
        // The indicator square (dotted) is drawn where the layout puts it.
        #expect(svg.elements("rect").contains {
            $0.value("stroke-dasharray") == "1 1" && Self.sameRect(Self.rect($0), layout.indicator!)
        })
        let texts = Self.labelTexts(svg, layout)
        #expect(texts.count == 1)
        let textX = texts.first.flatMap { Self.number($0, "x") }
        let leadingEdge = direction == .ltr ? labelX : labelX + labelWidth
        #expect(Self.close(textX, leadingEdge))
    }

    @Test(arguments: drawingCases)
    func svgFragmentIsTheSVGWithoutItsProlog(_ c: DrawingCase) throws {
        let layout = try Self.layout(c.spec, c.variant)
        let fragment = LayoutRendering.svgFragment(layout, variant: c.variant, spec: c.spec)
        let file = LayoutRendering.svg(layout, variant: c.variant, spec: c.spec)
        #expect(fragment.hasPrefix("<svg "))
        #expect(!fragment.contains("<?xml"))
        #expect(file.hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"))
        #expect(file.hasSuffix(fragment))
        #expect(file.components(separatedBy: "<?xml").count == 2)
        // The fragment alone is a well-formed document too (it is embedded in HTML as is).
        _ = try SVG(fragment)
    }

    // MARK: Text

    /// The numbers of the table row starting with `name`.
    static func row(_ name: String, in table: String) throws -> [Double] {
        let line = try #require(table.split(separator: "\n").first { $0.split(separator: " ").first == Substring(name) },
                                "no row \(name)")
        return line.split(separator: " ").dropFirst().prefix(4).compactMap { Double($0) }
    }

    static func matches(_ numbers: [Double], _ rect: LayoutRect) -> Bool {
        numbers.count == 4 && close(numbers[0], rect.x) && close(numbers[1], rect.y)
            && close(numbers[2], rect.width) && close(numbers[3], rect.height)
    }

    @Test(arguments: [LayoutDirection.ltr, .rtl])
    func textListsEveryFrame(direction: LayoutDirection) throws {
        let text = "I agree to the terms and conditions and the privacy policy"
        let layout = try Self.layout(Self.spec(), Self.variant(text, width: 200, direction: direction))
        let table = LayoutRendering.text(layout)
        #expect(table.hasSuffix("\n"))
        #expect(table.hasPrefix("CheckboxView / accept-terms  \(direction.rawValue) default  contentSize L\n"))
        #expect(table.contains(layout.fontFile ?? "?"))
        #expect(table.contains("alignment top"))
        #expect(Self.matches(try Self.row("indicator", in: table), layout.indicator!))
        #expect(Self.matches(try Self.row("box", in: table), layout.box!))
        #expect(table.contains("radius 6, border 2"))
        let label = try #require(layout.label)
        #expect(Self.matches(try Self.row("label", in: table), label.frame))
        #expect(table.contains("  \(label.lines.count) lines\n"))
        #expect(Self.matches(try Self.row("hitArea", in: table), layout.hitArea))
        // One row per line with its width and text.
        for (index, line) in label.lines.enumerated() {
            let row = try #require(table.split(separator: "\n").first { $0.hasPrefix("  line \(index + 1) ") })
            let fields = row.split(separator: " ")
            #expect(Self.close(Double(fields[2]), line.width))
            #expect(row.hasSuffix("  \"\(line.text)\""))
        }
        #expect(!table.contains("line \(label.lines.count + 1) "))
    }

    @Test func textSaysWhenThereIsNoLabel() throws {
        let layout = try Self.layout(Self.spec(), Self.variant(nil))
        let table = LayoutRendering.text(layout)
        let labelRow = try #require(table.split(separator: "\n").first { $0.hasPrefix("label ") })
        #expect(labelRow.hasSuffix("no visible text"))
        #expect(Self.matches(try Self.row("indicator", in: table), LayoutRect(x: 0, y: 0, width: 24, height: 24)))
        #expect(Self.matches(try Self.row("hitArea", in: table), LayoutRect(x: 0, y: 0, width: 24, height: 24)))
        #expect(!table.contains("line 1"))
    }
}

extension XMLElement {
    /// An attribute's value by name. (`attribute(forName:)` finds nothing in a document
    /// with a default namespace on swift-corelibs-foundation.)
    fileprivate func value(_ name: String) -> String? {
        attributes?.first { $0.name == name }?.stringValue
    }
}
