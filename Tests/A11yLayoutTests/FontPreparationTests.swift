import A11yModel
import Dispatch
import Testing
@testable import A11yLayout

/// `LayoutEngine.prepareFonts` loads fontconfig's configuration ahead on a thread of its own;
/// look-ups that come meanwhile wait for that load, and the results are the ones a run without
/// it gets.
@Suite struct FontPreparationTests {
    /// A label with characters Roboto lacks (a system fallback font draws them), in Roboto
    /// with a declared fallback family.
    func spec(font: String) -> ComponentSpec {
        var spec = makeSpec()
        spec.typography.font = font
        spec.typography.fallback = ["DejaVu Sans"]
        return spec
    }

    let text = "同意する Accept the terms ✓ and the conditions of use"

    @Test func preparingIsIdempotentAndSafeWhileLayingOut() throws {
        let expected = try LayoutEngine().layout(spec(font: "Roboto"), makeVariant(text))
        let results = Locked<[Int: Result<ComponentLayout, LayoutError>]>([:])
        DispatchQueue.concurrentPerform(iterations: 24) { index in
            // Every other thread prepares (some several times) while the others lay out with
            // engines of their own, whose empty caches send every font to fontconfig.
            if index % 2 == 0 {
                for _ in 0..<(index % 3 + 1) { LayoutEngine.prepareFonts() }
            }
            let engine = LayoutEngine()
            let font = index % 4 == 1 ? "No Such Family Xyz" : "Roboto"
            let result = Result { () throws(LayoutError) in try engine.layout(spec(font: font), makeVariant(text)) }
            results.withLock { $0[index] = result }
        }
        let all = results.withLock { $0 }
        #expect(all.count == 24)
        for (index, result) in all {
            if index % 4 == 1 {
                guard case .failure(.fontMissing(let requested, let searched)) = result else {
                    Issue.record("expected fontMissing, got \(result)")
                    continue
                }
                #expect(requested == "No Such Family Xyz")
                #expect(searched == Fontconfig.fontDirectories())
            } else {
                #expect(try result.get() == expected)
            }
        }
        #expect(expected.label?.lineWidths.count == 2)
    }
}
