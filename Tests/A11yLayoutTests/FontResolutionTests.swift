import A11yModel
import Foundation
import Testing
@testable import A11yLayout

@Suite struct FontResolutionTests {
    let engine = LayoutEngine()

    func typography(_ font: String?, weight: String = "regular") -> Typography {
        var typography = Typography()
        typography.font = font
        typography.weight = weight
        return typography
    }

    /// A fresh folder with `specs/components/` and `specs/fonts/Brand.ttf` (Roboto Bold).
    func makeSpecFolder() throws -> URL {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("a11ylayout-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root.appendingPathComponent("specs/components"),
                                                withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: root.appendingPathComponent("specs/fonts"),
                                                withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: robotoBold, toPath: root.appendingPathComponent("specs/fonts/Brand.ttf").path)
        return root
    }

    @Test func defaultFamilyIsRobotoRegular() throws {
        let font = try engine.resolveFont(typography(nil), specFile: "specs/components/X.json")
        #expect(font.file == robotoRegular)
        #expect(font.family == "Roboto")
        #expect(font.unitsPerEm == 2048)
    }

    @Test func familyMatchIsCaseInsensitiveAndHonoursWeight() throws {
        #expect(try engine.resolveFont(typography("roboto"), specFile: "x.json").file == robotoRegular)
        #expect(try engine.resolveFont(typography("Roboto", weight: "bold"), specFile: "x.json").file == robotoBold)
        #expect(try engine.resolveFont(typography("Roboto", weight: "700"), specFile: "x.json").file == robotoBold)
        let dejaVu = try engine.resolveFont(typography("DejaVu Sans"), specFile: "x.json")
        #expect(dejaVu.file.hasSuffix("DejaVuSans.ttf"))
    }

    @Test func boldWeightChangesLayoutWidth() throws {
        var spec = makeSpec()
        spec.typography.weight = "bold"
        let layout = try engine.layout(spec, makeVariant(acceptTerms))
        #expect(layout.fontFile == robotoBold)
        #expect(layout.label?.lineWidths == [points(12353)])
    }

    @Test func unknownFamilyIsMissingWithTheSearchedDirectories() throws {
        var spec = makeSpec()
        spec.typography.font = "No Such Family"
        do {
            _ = try engine.layout(spec, makeVariant(acceptTerms))
            Issue.record("expected fontMissing")
        } catch {
            guard case .fontMissing(let requested, let searched) = error else {
                Issue.record("unexpected \(error)")
                return
            }
            #expect(requested == "No Such Family")
            #expect(searched.contains("/usr/share/fonts"))
            #expect(error.description.contains("No Such Family"))
            #expect(error.description.contains("/usr/share/fonts"))
        }
    }

    @Test func textlessVariantDoesNotNeedTheFont() throws {
        var spec = makeSpec()
        spec.typography.font = "No Such Family"
        let layout = try engine.layout(spec, makeVariant(nil))
        #expect(layout.fontFile == nil)
        #expect(layout.width == 24)
    }

    @Test func fontPathIsRelativeToTheSpecFile() throws {
        let root = try makeSpecFolder()
        defer { try? FileManager.default.removeItem(at: root) }
        var spec = makeSpec(file: root.appendingPathComponent("specs/components/CheckboxView.json").path)
        spec.typography.font = "../fonts/Brand.ttf"
        let layout = try engine.layout(spec, makeVariant(acceptTerms))
        #expect(layout.fontFile == root.appendingPathComponent("specs/components/../fonts/Brand.ttf").path)
        #expect(layout.label?.lineWidths == [points(12353)])
        let resolved = try engine.resolveFont(spec.typography, specFile: spec.file)
        #expect(resolved.family == nil)

        // Relative spec paths (as typed on the command line) join the same way.
        var request = FontRequest(spec.typography, specFile: "specs/components/CheckboxView.json")
        #expect(request.fontPath == "specs/components/../fonts/Brand.ttf")
        request = FontRequest(spec.typography, specFile: "CheckboxView.json")
        #expect(request.fontPath == "../fonts/Brand.ttf")
    }

    @Test func missingFontPathNamesTheJoinedPath() throws {
        let root = try makeSpecFolder()
        defer { try? FileManager.default.removeItem(at: root) }
        let specFile = root.appendingPathComponent("specs/components/CheckboxView.json").path
        let expectedPath = root.appendingPathComponent("specs/components/Missing.otf").path
        #expect(throws: LayoutError.fontMissing(requested: "Missing.otf", searched: [expectedPath])) {
            try engine.resolveFont(typography("Missing.otf"), specFile: specFile)
        }
    }

    @Test func unreadableFontFileIsReported() throws {
        let root = try makeSpecFolder()
        defer { try? FileManager.default.removeItem(at: root) }
        let bad = root.appendingPathComponent("specs/fonts/Broken.ttf")
        try Data("not a font".utf8).write(to: bad)
        let specFile = root.appendingPathComponent("specs/components/CheckboxView.json").path
        do {
            _ = try engine.resolveFont(typography("../fonts/Broken.ttf"), specFile: specFile)
            Issue.record("expected fontUnreadable")
        } catch {
            guard case .fontUnreadable(let path, _) = error else {
                Issue.record("unexpected \(error)")
                return
            }
            #expect(path.hasSuffix("specs/components/../fonts/Broken.ttf"))
        }
    }

    @Test func pathDetection() {
        #expect(FontRequest.isPath("Brand.TTF"))
        #expect(FontRequest.isPath("fonts/Brand"))
        #expect(FontRequest.isPath("a.otf"))
        #expect(!FontRequest.isPath("Roboto"))
        #expect(!FontRequest.isPath("ttf"))
        #expect(Fontconfig.openTypeWeight("Semi-Bold") == 600)
        #expect(Fontconfig.openTypeWeight("regular") == 400)
    }

    /// Weight names compare in lower case without hyphens and spaces; numbers are clamped.
    @Test func weightNames() {
        #expect(Fontconfig.openTypeWeight("Extra Light") == 200)
        #expect(Fontconfig.openTypeWeight("ULTRA-bold") == 800)
        #expect(Fontconfig.openTypeWeight("7 0 0") == 700)
        #expect(Fontconfig.openTypeWeight("1200") == 1000)
        #expect(Fontconfig.openTypeWeight("-5") == 5) // the hyphen is dropped like any other
        #expect(Fontconfig.openTypeWeight("Blac\u{212A}") == 900) // Kelvin sign: Unicode's lower case is k
        #expect(Fontconfig.openTypeWeight("Mittelgewichtig") == 400)
    }
}
