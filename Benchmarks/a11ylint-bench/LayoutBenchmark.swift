import A11yLayout
import A11yModel
import Dispatch
import Foundation

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
        let cpuStart = threadCPUNanoseconds()
        let start = DispatchTime.now().uptimeNanoseconds
        for index in 0..<iterations {
            let layout = try? engine.layout(spec, index & 3 == 0 ? long : variant)
            checksum += layout?.height ?? 0
        }
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        let cpuSeconds = Double(threadCPUNanoseconds() - cpuStart) / 1e9
        let perSecond = Double(iterations) / seconds
        print("layout: \(Int(perSecond)) layouts/s warm on one core (\(String(format: "%.2f", seconds * 1e9 / Double(iterations))) ns each, 1 in 4 wrapped), first font load \(String(format: "%.1f", coldMilliseconds)) ms through fontconfig, \(String(format: "%.1f", fileMilliseconds)) ms from a file path [checksum \(Int(checksum))]")

        // On a shared machine the wall clock counts the time other processes had the core;
        // the thread's CPU time does not.
        print("layout: \(Int(Double(iterations) / cpuSeconds)) layouts per CPU-second on one core (\(String(format: "%.2f", cpuSeconds * 1e9 / Double(iterations))) ns of CPU time each)")
        // 32,000-character labels (issue 9's aim: under 0.1 s): an unbroken run, words, and
        // words with Japanese. A new width each time, so no cached paragraph is reused.
        if let font = try? engine.resolveFont(Typography(), specFile: file) {
            for (name, text, lang) in [("unbroken", String(repeating: "x", count: 32_000), "en"),
                                       ("words", String(repeating: "word ", count: 6_400), "en"),
                                       ("words and Japanese", String(repeating: "word 利用規約 ", count: 3_200), "ja")] {
                var times: [Double] = []
                var lines = 0
                for round in 0..<5 {
                    let start = DispatchTime.now().uptimeNanoseconds
                    lines = engine.wrap(text, font: font, size: 14, maxWidth: 311 - Double(round), lang: lang).count
                    times.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
                }
                print("layout, 32,000-character label (\(name), \(text.count) characters, \(lines) lines at 311 pt): \(String(format: "%.1f", times.min()!)) ms best, \(String(format: "%.1f", times.max()!)) ms worst of 5 wraps")
            }
        }

        // A11YLINT_BENCH_LATIN_ONLY=1: the Latin figure only (the same work as older builds'
        // benchmark, to compare whole processes under `perf stat`).
        if ProcessInfo.processInfo.environment["A11YLINT_BENCH_LATIN_ONLY"] == "1" { return }

        // Labels that need fallback fonts: Latin with Japanese, Arabic with digits.
        var japanese = variant
        japanese.text = "Accept 利用規約 and continue"
        japanese.lang = "ja"
        var arabic = variant
        arabic.text = "لديك 3 رسائل جديدة"
        arabic.lang = "ar"
        arabic.direction = .rtl
        var mixedChecksum = 0.0
        for warm in [japanese, arabic] { mixedChecksum += (try? engine.layout(spec, warm))?.width ?? 0 }
        let mixedIterations = 200_000
        let mixedStart = DispatchTime.now().uptimeNanoseconds
        for index in 0..<mixedIterations {
            let layout = try? engine.layout(spec, index & 1 == 0 ? japanese : arabic)
            mixedChecksum += layout?.height ?? 0
        }
        let mixedSeconds = Double(DispatchTime.now().uptimeNanoseconds - mixedStart) / 1e9
        print("layout, mixed scripts: \(Int(Double(mixedIterations) / mixedSeconds)) layouts/s warm on one core (\(String(format: "%.2f", mixedSeconds * 1e9 / Double(mixedIterations))) ns each; \"Accept 利用規約 and continue\" ja and \"لديك 3 رسائل جديدة\" ar, alternately) [checksum \(Int(mixedChecksum))]")

        // First use with fallback: a fresh process whose first layout needs a fallback font
        // (fontconfig's set-up, the main font, the fallback look-up and the CJK/Arabic font).
        for (text, lang) in [("Accept terms", "en"), ("Accept 利用規約 and continue", "ja"), ("لديك 3 رسائل جديدة", "ar")] {
            var times: [Double] = []
            for _ in 0..<3 {
                if let ms = firstLayoutInFreshProcess(text: text, lang: lang) { times.append(ms) }
            }
            guard !times.isEmpty else { print("layout, first use: could not run a fresh process"); break }
            print("layout, first use in a fresh process, \(lang) \"\(text)\": \(times.map { String(format: "%.1f", $0) }.joined(separator: ", ")) ms to the first layout")
        }
    }

    static func threadCPUNanoseconds() -> UInt64 {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
    }

    /// Runs this benchmark binary again with `--first-layout TEXT LANG`: the milliseconds from
    /// a new engine to its first layout, in a process that has done nothing else.
    static func firstLayoutInFreshProcess(text: String, lang: String) -> Double? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        process.arguments = ["--first-layout", text, lang]
        let pipe = Pipe()
        process.standardOutput = pipe
        do { try process.run() } catch { return nil }
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Double(String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines))
    }

    /// The child's side: lay out one label with a fresh engine and print the milliseconds.
    static func firstLayout(text: String, lang: String) {
        let file = "specs/components/CheckboxView.json"
        let spec = ComponentSpec(file: file, name: "CheckboxView", location: SourceLocation(file: file, line: 1, column: 1))
        var variant = Variant(name: "first", location: SourceLocation(file: file, line: 1, column: 1), origin: .declared)
        variant.text = text
        variant.lang = lang
        let start = DispatchTime.now().uptimeNanoseconds
        let layout = try? LayoutEngine().layout(spec, variant)
        let milliseconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
        print(layout == nil ? "nan" : String(format: "%.3f", milliseconds))
    }
}
