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
        // The grid: themes as columns, failing cells in words with the suggestion beside them.
        #expect(page.contains("<caption id=\"component-1-grid-caption\">Contrast of BrandCheckbox: colour roles per state (rows) in each theme (columns)</caption>"))
        #expect(page.contains("<th scope=\"col\">frisbee/light</th><th scope=\"col\">frisbee/dark</th>"))
        #expect(page.contains("<span class=\"verdict fail\"><span aria-hidden=\"true\">✗</span> Fail</span> <span class=\"ratio\">3.94:1, needs 4.5:1</span>"
            + "<span class=\"suggestion\">Try <span class=\"chip\" style=\"background-color:#707070\" aria-hidden=\"true\"></span> <code>#707070</code> (4.54:1), or opacity 55%</span>"))
        // The colour as written (translucent) and as composited.
        #expect(page.contains("<code>#00000080</code> → <span class=\"chip\" style=\"background-color:#7A7A7A\" aria-hidden=\"true\"></span> <code>#7A7A7A</code> on"))
        // Identical findings across themes are one line.
        #expect(page.contains("<p class=\"context\">Themes: <code>frisbee/light</code>, <code>kchat/light</code>, <code>sens/light</code>, <code>sover/light</code>, <code>tdm/light</code></p>"))
        // Drawings at 2× with the legend, one per theme, a family's light and dark side by side.
        #expect(page.components(separatedBy: "<p class=\"legend-title\">How to read the drawings</p>").count - 1 >= 5)
        #expect(page.contains("Touch-target minimum, 44 × 44 pt centred on the hit area"))
        let drawing = try #require(page.range(of: #"<svg xmlns="http://www.w3.org/2000/svg" viewBox="[-\d.]+ [-\d.]+ ([\d.]+) ([\d.]+)" width="([\d.]+)" height="([\d.]+)" role="img" aria-label="BrandCheckbox, variant unchecked, theme frisbee/light"#,
                                                   options: .regularExpression))
        let numbers = matches(#"([\d.]+)"#, in: String(page[drawing])).compactMap(Double.init)
        let (viewWidth, viewHeight, width, height) = (numbers[numbers.count - 4], numbers[numbers.count - 3], numbers[numbers.count - 2], numbers[numbers.count - 1])
        #expect(abs(width - 2 * viewWidth) < 0.01 && abs(height - 2 * viewHeight) < 0.01)
        let family = try #require(page.range(of: "aria-label=\"BrandCheckbox, variant unchecked, theme frisbee/dark"))
        let nextFamily = try #require(page.range(of: "aria-label=\"BrandCheckbox, variant unchecked, theme tdm/light"))
        let between = page[drawing.upperBound..<family.lowerBound]
        #expect(!between.contains("<div class=\"drawings\">"))
        #expect(page[family.upperBound..<nextFamily.lowerBound].contains("<div class=\"drawings\">"))
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

    private func matches(_ pattern: String, in text: String) -> [String] {
        let regex = try! NSRegularExpression(pattern: pattern)
        return regex.matches(in: text, range: NSRange(text.startIndex..., in: text)).compactMap { match in
            Range(match.range(at: 1), in: text).map { String(text[$0]) }
        }
    }
}
