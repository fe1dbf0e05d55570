import Foundation
import Testing

/// The HTML report of the Samples (all five kinds), read as a page: what it shows and that
/// it meets the standard it checks. The browser check (Tests/Browser/run) renders it in
/// Chromium and runs axe-core on it.
struct HTMLReportPageTests {
    static let page: String = CLI.run(["Samples/specs", "Samples/swift", "--reporter", "html"]).stdout

    @Test func headingsInOrderAndOneH1() {
        let levels = matches(#"<h([1-6])[ >]"#, in: Self.page).compactMap { Int($0) }
        #expect(levels.first == 1)
        #expect(levels.filter { $0 == 1 }.count == 1)
        for (previous, next) in zip(levels, levels.dropFirst()) {
            #expect(next <= previous + 1, "h\(previous) followed by h\(next)")
        }
    }

    @Test func tablesHaveCaptionsAndScopedHeaders() {
        let tables = Self.page.components(separatedBy: "<table").dropFirst()
        #expect(tables.count > 5)
        for table in tables {
            #expect(table.contains("<caption"), "a table without caption")
        }
        let headers = Self.page.components(separatedBy: "<th").dropFirst().filter { $0.first == " " || $0.first == ">" }
        #expect(headers.allSatisfy { $0.hasPrefix(" scope=\"col\"") || $0.hasPrefix(" scope=\"row\"") })
    }

    @Test func everyPictureIsNamedOrHidden() {
        let svgs = Self.page.components(separatedBy: "<svg ").dropFirst()
        #expect(svgs.count > 100)
        for svg in svgs {
            let tag = svg.prefix { $0 != ">" }
            #expect((tag.contains("role=\"img\"") && tag.contains("aria-label=\"")) || tag.contains("aria-hidden=\"true\""), "\(tag)")
        }
    }

    @Test func idsAreUnique() {
        let ids = matches(#" id="([^"]+)""#, in: Self.page)
        #expect(Set(ids).count == ids.count)
        // Every in-page link lands on an id.
        for target in matches(##"href="#([^"]+)""##, in: Self.page) { #expect(ids.contains(target), "#\(target)") }
    }

    @Test func noLongFiguresInTheText() {
        // Text outside the drawings (whose coordinates keep three decimals) and outside tags.
        var text = Self.page.replacingOccurrences(of: #"<svg[\s\S]*?</svg>"#, with: "", options: .regularExpression)
        text = text.replacingOccurrences(of: #"<[^>]*>"#, with: " ", options: .regularExpression)
        #expect(matches(#"(\d+\.\d{3,})"#, in: text).isEmpty, "\(matches(#"(\d+\.\d{3,})"#, in: text).prefix(5))")
    }

    @Test func gridSwatchesSuggestionsDrawingsAndStrip() throws {
        let page = Self.page
        // The grid: themes as columns, failing cells in words with the theme's fix beside them.
        #expect(page.contains("<caption id=\"component-1-grid-caption\">Contrast of BrandCheckbox: colour roles per state (rows) in each theme (columns)</caption>"))
        #expect(page.contains("<th scope=\"col\">frisbee/light</th><th scope=\"col\">frisbee/dark</th>"))
        #expect(page.contains("<span class=\"verdict fail\"><span aria-hidden=\"true\">✗</span> Fail</span> <span class=\"ratio\">3.94:1, needs 4.5:1</span>"
            + "<span class=\"suggestion\">Fix for this theme: <code>textEnabled</code> <span class=\"chip\""))
        #expect(page.contains("<code>#00000080</code> → <span class=\"chip\" style=\"background:linear-gradient(#0000008A,#0000008A),"))
        // The colour as written (translucent) and as composited.
        #expect(page.contains("<code>#00000080</code> → <span class=\"chip\" style=\"background-color:#7A7A7A\" aria-hidden=\"true\"></span> <code>#7A7A7A</code> on"))
        // Identical findings across themes and variants are one card.
        #expect(page.contains("<p class=\"context\">Themes: <code>frisbee/light</code>, <code>kchat/light</code>, <code>sens/light</code>, <code>sover/light</code>, <code>tdm/light</code></p>"))
        // Drawings at 2× with the legend.
        #expect(page.components(separatedBy: "<p class=\"legend-title\">How to read the drawings</p>").count - 1 >= 5)
        #expect(page.contains("Touch-target minimum, 44 × 44 pt centred on the hit area"))
        let drawing = try #require(page.range(of: #"<svg xmlns="http://www.w3.org/2000/svg" viewBox="[-\d.]+ [-\d.]+ ([\d.]+) ([\d.]+)" width="([\d.]+)" height="([\d.]+)" role="img" aria-label="BrandCheckbox, variant unchecked, theme picked above"#,
                                                   options: .regularExpression))
        let numbers = matches(#"([\d.]+)"#, in: String(page[drawing])).compactMap(Double.init)
        let (viewWidth, viewHeight, width, height) = (numbers[numbers.count - 4], numbers[numbers.count - 3], numbers[numbers.count - 2], numbers[numbers.count - 1])
        #expect(abs(width - 2 * viewWidth) < 0.01 && abs(height - 2 * viewHeight) < 0.01)
        // The Dynamic Type strip: twelve sizes, the first clipping one marked (AX4 for the
        // newsletter label, maxLines 2), later ones clip too.
        let newsletter = try #require(page.range(of: "<h4 id=\"component-6-v2\">Variant <code>newsletter</code></h4>"))
        let strip = page[newsletter.upperBound...].prefix { _ in true }
        let stripText = String(strip[..<(strip.range(of: "</ol>")?.upperBound ?? strip.endIndex)])
        #expect(stripText.contains("clipped from AX4 on (more than 2 lines)"))
        #expect(stripText.components(separatedBy: "<li class=\"size").count - 1 == 12)
        #expect(stripText.contains("<span class=\"size-name\">AX4</span> <span class=\"size-figures\">38.71 pt · 3 lines</span> "
            + "<strong class=\"tag clip\"><span aria-hidden=\"true\">⚠</span> first size that clips</strong>"))
        #expect(stripText.components(separatedBy: "first size that clips").count - 1 == 1)
        #expect(stripText.contains("<li class=\"size clips\">"))
        // Every kind is drawn.
        for component in ["BrandCheckbox", "DeliveryRadio", "WifiSwitch", "SubmitButton", "FilterChip"] {
            #expect(page.contains("aria-label=\"\(component), variant "), "\(component)")
        }
    }

    /// The text of component section `number` (its `h2` to the next section).
    private func section(_ number: Int) throws -> String {
        let start = try #require(Self.page.range(of: "<h2 id=\"component-\(number)\">"))
        let rest = Self.page[start.upperBound...]
        return String(rest[..<(rest.range(of: "<section class=\"component\"")?.lowerBound ?? rest.endIndex)])
    }

    private func count(_ needle: String, in text: String) -> Int { text.components(separatedBy: needle).count - 1 }

    /// One card per defect: BrandCheckbox's label fails at 3.94:1 in five light themes and in
    /// both variants that draw it enabled: one card listing the variants and the themes.
    @Test func oneCardPerDefectListingItsVariants() throws {
        let brand = try section(1)
        let cards = brand.components(separatedBy: "<li class=\"finding ").dropFirst()
        let label = cards.filter { $0.contains("Label text contrast 3.94:1 is below 4.5:1") }
        #expect(label.count == 1)
        let card = try #require(label.first)
        #expect(card.contains("<code class=\"rule\">text-contrast</code> · 2 variants <span class=\"location\">Samples/specs/components/BrandCheckbox.json</span>"))
        #expect(card.contains("<p class=\"context variants\">Variants: <a href=\"#component-1-v1\"><code>unchecked</code></a> <span class=\"location\">(137:7)</span>, "
            + "<a href=\"#component-1-v2\"><code>checked</code></a> <span class=\"location\">(142:7)</span></p>"))
        #expect(card.contains("Themes: <code>frisbee/light</code>, <code>kchat/light</code>"))
        // The touch target is one defect of all three variants.
        #expect(cards.filter { $0.contains("<code class=\"rule\">touch-target</code>") }.count == 1)
        // No card repeats another's rule, role and theme.
        var seen: Set<String> = []
        for card in cards {
            let head = card.prefix { $0 != "\n" }
            let rule = matches(#"<code class="rule">([^<]+)</code>"#, in: String(head)).first ?? ""
            let role = matches(#"<dt>role</dt><dd>([^<]+)</dd>"#, in: card).first ?? ""
            for theme in matches(#"<code>([^<]+)</code>"#, in: card.components(separatedBy: "Theme").dropFirst().first.map { String($0.prefix { $0 != "\n" }) } ?? "") {
                #expect(seen.insert("\(rule) \(role) \(theme)").inserted, "\(rule) \(role) \(theme) in two cards")
            }
        }
    }

    /// Each variant is drawn once, whatever the number of themes; a radio button per theme
    /// (CSS alone, no script) picks the colours of every drawing of the component.
    @Test func eachVariantDrawnOnceWithAThemeSwitcher() throws {
        let brand = try section(1)
        #expect(count("<figure class=\"drawing\">", in: brand) == 3)
        #expect(count("<section class=\"variant\"", in: brand) == 3)
        #expect(count("<input type=\"radio\" name=\"component-1-theme\"", in: brand) == 10)
        #expect(count(" checked>", in: brand) == 1)
        #expect(brand.contains("<legend>Theme of the drawings below</legend>"))
        #expect(brand.contains("<label for=\"component-1-pick2\"><span class=\"swatches\" aria-hidden=\"true\">"))
        // The drawings' colours are variables with the first theme's colour as fallback,
        // each other theme's on the part, switched by the head's rules.
        #expect(brand.contains("style=\"fill:var(--tc"))
        #expect(brand.contains("--t10-c0:"))
        #expect(Self.page.contains(".themed:has(.pick-10:checked) .variant { --tc0: var(--t10-c0);"))
        #expect(!Self.page.contains("<script"))
        // Over the whole page: one drawing per variant laid out.
        let variants = Self.page.components(separatedBy: "<section class=\"variant\"").count - 1
        #expect(count("<figure class=\"drawing\">", in: Self.page) == variants)
        // A one-theme spec has no switcher and keeps plain colours.
        let terms = try section(6)
        #expect(!terms.contains("<fieldset"))
        #expect(!terms.contains("var(--tc"))
    }

    /// The touch-target square is drawn behind the component and never over the label: it
    /// comes before the label's text, and none of its segments crosses the label's frame.
    @Test func touchTargetOutlineDoesNotCoverTheLabel() throws {
        let brand = try section(1)
        let svg = try #require(brand.range(of: #"<svg [^>]*aria-label="BrandCheckbox, variant unchecked[\s\S]*?</svg>"#, options: .regularExpression))
        let drawing = String(brand[svg])
        let outline = try #require(drawing.range(of: "stroke=\"#B35C00\""))
        let text = try #require(drawing.range(of: "<text "))
        #expect(outline.lowerBound < text.lowerBound)
        let frame = matches(##"<rect x="([-\d.]+)" y="([-\d.]+)" width="([\d.]+)" height="([\d.]+)" fill="#1A73E8""##, in: drawing, groups: 4)
        let path = try #require(matches(##"<path d="([^"]+)" fill="none" stroke="#B35C00""##, in: drawing).first)
        let (x, y, w, h) = (frame[0], frame[1], frame[2], frame[3])
        // Each segment "Mx yHx2" or "Mx yVy2".
        for segment in matches(#"(M[-\d.]+ [-\d.]+[HV][-\d.]+)"#, in: path) {
            let values = matches(#"([-\d.]+)"#, in: segment).compactMap(Double.init)
            if segment.contains("H") {
                let crosses = values[1] > y && values[1] < y + h && min(values[0], values[2]) < x + w && max(values[0], values[2]) > x
                #expect(!crosses, "\(segment)")
            } else {
                let crosses = values[0] > x && values[0] < x + w && min(values[1], values[2]) < y + h && max(values[1], values[2]) > y
                #expect(!crosses, "\(segment)")
            }
        }
        #expect(path.contains("H") && path.contains("V"))
    }

    private func matches(_ pattern: String, in text: String, groups: Int) -> [Double] {
        let regex = try! NSRegularExpression(pattern: pattern)
        guard let match = regex.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) else { return [] }
        return (1...groups).compactMap { Range(match.range(at: $0), in: text).flatMap { Double(text[$0]) } }
    }

    private func matches(_ pattern: String, in text: String) -> [String] {
        let regex = try! NSRegularExpression(pattern: pattern)
        return regex.matches(in: text, range: NSRange(text.startIndex..., in: text)).compactMap { match in
            Range(match.range(at: 1), in: text).map { String(text[$0]) }
        }
    }
}
