import A11yLayout
import A11yModel
import Dispatch

/// Layout throughput on one core with warm caches, and the cost of the first font load.
enum LayoutBenchmark {
    static func run() {
        let file = "specs/components/CheckboxView.json"
        let spec = ComponentSpec(file: file, name: "CheckboxView", location: SourceLocation(file: file, line: 1, column: 1))
        var variant = Variant(name: "accept-terms", location: SourceLocation(file: file, line: 1, column: 1), origin: .declared)
        variant.text = "Accept terms"

        // Cold, HarfBuzz only: load a font file by path and shape once.
        let fileStart = DispatchTime.now().uptimeNanoseconds
        let fontFile = "/usr/share/fonts/truetype/roboto/unhinted/RobotoTTF/Roboto-Regular.ttf"
        _ = try? LayoutEngine().textWidth("Accept terms", fontFile: fontFile, size: 14)
        let fileMilliseconds = Double(DispatchTime.now().uptimeNanoseconds - fileStart) / 1e6

        // Cold: a fresh engine resolves Roboto through fontconfig, loads it, shapes once.
        let engine = LayoutEngine()
        let coldStart = DispatchTime.now().uptimeNanoseconds
        guard let first = try? engine.layout(spec, variant) else {
            print("layout: font unavailable, benchmark skipped")
            return
        }
        let coldMilliseconds = Double(DispatchTime.now().uptimeNanoseconds - coldStart) / 1e6

        // A wrapped label too, so both the one-line and the multi-line paths are warm.
        var long = variant
        long.text = "I agree to the terms and conditions and the privacy policy"
        long.width = 200

        let iterations = 400_000
        var checksum = first.width
        let start = DispatchTime.now().uptimeNanoseconds
        for index in 0..<iterations {
            let layout = try? engine.layout(spec, index & 3 == 0 ? long : variant)
            checksum += layout?.height ?? 0
        }
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        let perSecond = Double(iterations) / seconds
        print("layout: \(Int(perSecond)) layouts/s warm on one core (\(String(format: "%.2f", seconds * 1e9 / Double(iterations))) ns each, 1 in 4 wrapped), first font load \(String(format: "%.1f", coldMilliseconds)) ms through fontconfig, \(String(format: "%.1f", fileMilliseconds)) ms from a file path [checksum \(Int(checksum))]")
    }
}
