import A11yJSON

/// Throughput of the position-keeping JSON reader on a large generated file shaped like
/// component specs (pretty-printed objects with strings, escapes, numbers, nested arrays).
enum JSONBenchmark {
    static func run() {
        let bytes = makeSpecLikeJSON(targetBytes: 20_000_000)
        let runs = 8
        var best = Duration.seconds(1_000_000)
        var componentCount = 0
        let clock = ContinuousClock()
        for _ in 0..<runs {
            let start = clock.now
            do {
                let document = try JSONDocument(bytes: bytes)
                best = min(best, clock.now - start)
                componentCount = document.root["components"]?.arrayValue?.count ?? 0
            } catch {
                print("json-reader: the generated file failed to parse: \(error)")
                return
            }
        }
        let seconds = Double(best.components.seconds) + Double(best.components.attoseconds) / 1e18
        let megabytes = Double(bytes.count) / 1_000_000
        let throughput = Int((megabytes / seconds).rounded())
        let size = (megabytes * 10).rounded() / 10
        guard componentCount > 0 else {
            print("json-reader: the generated file parsed to an unexpected shape")
            return
        }
        print("json-reader: \(throughput) MB/s (size \(size) MB, best of \(runs))")
    }

    /// A deterministic document of roughly `targetBytes`: an index of components, each
    /// with properties, a usage string with escapes, tags, an a11y block and variants.
    static func makeSpecLikeJSON(targetBytes: Int) -> [UInt8] {
        var out = "{\n  \"version\": \"1.0.0\",\n  \"components\": [\n"
        out.reserveCapacity(targetBytes + 4096)
        var index = 0
        while out.utf8.count < targetBytes {
            if index > 0 { out += ",\n" }
            out += component(index)
            index += 1
        }
        out += "\n  ]\n}\n"
        return Array(out.utf8)
    }

    private static func component(_ index: Int) -> String {
        let name = "CheckboxView\(index)"
        let size = 20 + index % 9
        return """
            {
              "name": "\(name)",
              "description": "A checkbox with a label, used in forms — café menu \(index).",
              "import": "import Components",
              "properties": [
                { "name": "isChecked", "type": "Bool", "description": "Whether the box is checked." },
                { "name": "text", "type": "String?", "description": "The label shown next to the box." },
                { "name": "isEnabled", "type": "Bool", "description": "Disabled boxes are \\"greyed out\\"." }
              ],
              "usage": "let box = \(name)()\\nbox.configure(text: \\"Accept terms \(index)\\", isChecked: true)\\n\\tbox.disabled(true)",
              "tags": ["checkbox", "toggle", "form", "\\u00e9l\\u00e9ment"],
              "a11y": {
                "kind": "checkbox",
                "geometry": { "outerSize": \(size), "innerSize": \(size - 4), "borderWidth": 2, "cornerRadius": 6.5, "gap": 8 },
                "typography": { "font": "Roboto", "size": 14, "lineHeight": 16.25, "maxLines": 0 },
                "themes": {
                  "frisbee/light": { "background": "#FFFFFF", "colors": { "borderEnabled": "#0000008C", "checkedFill": "#40B259", "alpha": 0.55 } },
                  "frisbee/dark": { "background": "#313131", "colors": { "borderEnabled": "#FFFFFF8C", "checkedFill": "#40B259", "alpha": -1.5e-3 } }
                },
                "variants": [
                  { "name": "accept-terms", "text": "Accept terms", "checked": false, "enabled": true, "sizes": [[24, 24], [44, 44], [48, 48]] },
                  { "name": "long", "text": "Recevoir les actualités par e-mail", "checked": true, "enabled": null, "sizes": [[320, 16], [1024, 32]] }
                ]
              }
            }
        """
    }
}
