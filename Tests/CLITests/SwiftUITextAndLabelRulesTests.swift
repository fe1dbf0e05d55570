import Foundation
import Testing

/// `fixed-font-size`, `unhelpful-label` (Swift and specs) and `hidden-interactive`
/// (issue 23, items 2, 3 and 4), through the binary on realistic code.
@Suite struct SwiftUITextAndLabelRulesTests {
    func lint(_ files: [String: String], _ extra: [String] = []) -> CLI.Result {
        let dir = TempDir()
        defer { dir.cleanUp() }
        dir.write(".git/HEAD", "ref: refs/heads/main\n")
        for (name, text) in files { dir.write(name, text) }
        return CLI.run(files.keys.sorted() + extra, in: dir.url)
    }

    func lines(_ result: CLI.Result, _ rule: String) -> [String] {
        result.stdout.split(separator: "\n").map(String.init).filter { $0.hasSuffix("[\(rule)]") }
    }

    /// Where each finding of `rule` points (`File.swift:line:column`).
    func places(_ result: CLI.Result, _ rule: String) -> [String] {
        lines(result, rule).map { $0.components(separatedBy: ": ")[0] }
    }

    @Test func fixedFontSize() {
        let code = """
            import SwiftUI

            enum Typography {
                static let caption = Font.system(size: 11, weight: .medium)
                static let display = Font.system(size: 56, weight: .black)
            }

            struct PriceTag: View {
                @ScaledMetric(relativeTo: .body) private var badgeSize = 15
                let price: String
                var body: some View {
                    VStack {
                        Text(price)
                            .font(
                                .system(size: 28, weight: .bold, design: .rounded)
                            )
                        Image(systemName: "tag.fill")
                            .font(.system(size: 20))
                        Text("Sale").font(.system(size: badgeSize))
                        Text("Terms").font(.custom("Avenir", size: 12))
                        Text("Legal").font(.custom("Avenir", fixedSize: 9))
                        Text("Old").font(Font(UIFont.systemFont(ofSize: 13)))
                    }
                }
            }

            #Preview {
                Text("Preview").font(.system(size: 12))
            }

            """
        let result = lint(["PriceTag.swift": code])
        let found = lines(result, "fixed-font-size")
        #expect(found.map { $0.components(separatedBy: ": warning:")[0] } == [
            "PriceTag.swift:4:30", "PriceTag.swift:15:21", "PriceTag.swift:21:32", "PriceTag.swift:22:35",
        ], "\(result.stdout)")
        #expect(found.first?.contains("never grows with Dynamic Type; use a text style (.font(.body)") == true)
        #expect(result.status == 0)
    }

    /// Shapes from real apps that are not text, and test or screenshot files: silent; a fixed
    /// 17 pt `Text` font and a stack with text in it still fire.
    @Test func fixedFontSizeSkipsSymbolsAndTests() {
        let code = """
            import SwiftUI

            struct GameButton: View {
                let icon: Image
                let title: String
                var body: some View {
                    VStack {
                        self.icon
                            .font(.system(size: 40))
                        HStack {
                            Image(systemName: "cube.fill")
                            Button { close() } label: {
                                Image(systemName: "xmark")
                            }
                        }
                        .font(.system(size: 24))
                        HStack {
                            Text(verbatim: title)
                            Image(systemName: "mic.fill")
                        }
                        .font(.system(size: 11))
                        Text(title).font(.system(size: 17))
                        Text("A").font(.system(size: UIDevice.isTV ? 128 : 64))
                        Text("B").font(UIDevice.isTV ? .system(size: 22) : .footnote)
                    }
                }
            }

            struct Toast {
                init(symbol: String, symbolFont: Font = .system(size: 35), title: String) {}
            }

            """
        let shot = "import SwiftUI\nstruct Shot: View {\n    var body: some View { Text(\"1\").font(.system(size: 12)) }\n}\n"
        let result = lint(["App/GameButton.swift": code, "Tests/AppStoreSnapshotTests/Shot.swift": shot,
                           "Tests/WatchTests/Inline.test.swift": shot, "AppUITests/Shot.swift": shot])
        let found = lines(result, "fixed-font-size")
        #expect(found.map { $0.components(separatedBy: ": warning:")[0] } == [
            "App/GameButton.swift:21:19", "App/GameButton.swift:22:30",
        ], "\(result.stdout)")
        #expect(result.status == 0)
    }

    @Test func unhelpfulLabelInSwift() throws {
        let code = """
            import SwiftUI

            struct Toolbar: View {
                @Binding var isOn: Bool
                var body: some View {
                    HStack {
                        Button {
                            submit()
                        } label: {
                            Text("Send")
                        }
                        .accessibilityLabel("Send button")
                        Image(systemName: isOn ? "checkmark.square.fill" : "square")
                            .accessibility(label: Text("checkmark.square.fill"))
                        Image("hero").accessibilityLabel("Hero image")
                        Button(action: share) { Image(systemName: "photo") }
                            .accessibilityLabel("Share image")
                        Rectangle().accessibilityLabel(" ")
                        Image("avatar").accessibilityLabel("GitHub")
                    }
                }
            }

            """
        let result = lint(["Toolbar.swift": code], ["--reporter", "json"])
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let findings = (json["findings"] as? [[String: Any]] ?? []).filter { $0["rule"] as? String == "unhelpful-label" }
        let got = findings.map { finding -> String in
            let reason = (finding["measured"] as? [String: Any])?["reason"] as? String ?? "-"
            return "\(finding["line"] ?? 0):\(finding["column"] ?? 0) \(reason)"
        }
        #expect(got == ["12:33 role-word", "14:44 identifier", "15:46 role-word", "18:44 empty"], "\(result.stdout)")
    }

    @Test func unhelpfulLabelInSpecs() {
        let spec = """
            {
              "name": "CloseButton",
              "a11y": {
                "kind": "button",
                "themes": { "light": { "background": "#FFFFFF", "colors": { "fill": "#000000", "text": "#FFFFFF" } } },
                "variants": [
                  { "name": "icon", "text": null, "accessibility": { "label": "ic_close" } },
                  { "name": "named", "text": null, "accessibility": { "label": "Close button" } },
                  { "name": "good", "text": null, "accessibility": { "label": "Close" } }
                ]
              }
            }

            """
        let result = lint(["CloseButton.json": spec])
        let found = lines(result, "unhelpful-label")
        #expect(found.count == 2, "\(result.stdout)")
        #expect(found.first?.contains("looks like an identifier") == true, "\(found)")
        #expect(found.last?.contains("ends with a role VoiceOver already announces") == true, "\(found)")
        #expect(found.allSatisfy { !$0.contains("'good'") })
    }

    @Test func hiddenInteractive() {
        let code = """
            import SwiftUI

            struct Header: View {
                @Binding var isChecked: Bool
                var body: some View {
                    HStack {
                        Button(action: compose) {
                            Image(systemName: "square.and.pencil")
                        }
                        .accessibilityHidden(true)
                        Image(systemName: isChecked ? "checkmark.square.fill" : "square")
                            .onTapGesture {
                                isChecked.toggle()
                            }
                            #if os(iOS)
                            .accessibility(hidden: true)
                            #endif
                        Image("flourish").accessibilityHidden(true)
                        Button("Delete", action: delete).disabled(true).accessibilityHidden(true)
                    }
                }
            }

            """
        let result = lint(["Header.swift": code])
        #expect(places(result, "hidden-interactive") == ["Header.swift:7:13", "Header.swift:11:13"], "\(result.stdout)")
        #expect(result.status == 1)
    }

    /// A hidden control whose action a visible control of the same view code also performs
    /// (the row's button, a toolbar duplicate, an `.accessibilityAction`) is silent; one whose
    /// action is lost (a row whose tap does something else) fires.
    @Test func hiddenInteractiveRepeatedAction() {
        let code = """
            import SwiftUI

            struct InboxRow: View {
                let message: Message
                var body: some View {
                    Button {
                        self.open(message)
                    } label: {
                        HStack {
                            Text(message.subject)
                            Image(systemName: "chevron.right")
                                .onTapGesture { open(message) }
                                .accessibilityHidden(true)
                        }
                    }
                    HStack {
                        Text(message.sender)
                        Button { archive(message) } label: { Image(systemName: "archivebox") }
                            .accessibilityHidden(true)
                    }
                    .onTapGesture { open(message) }
                }
            }

            struct Composer: View {
                var body: some View {
                    VStack {
                        Button(action: compose) { Image(systemName: "square.and.pencil") }
                            .accessibilityHidden(true)
                        Button(action: share) { Image(systemName: "square.and.arrow.up") }
                            .accessibilityHidden(true)
                        Button(action: share) { Image(systemName: "square.and.arrow.up") }
                            .accessibilityHidden(true)
                    }
                    .toolbar {
                        ToolbarItem {
                            Button("Compose", action: { compose() })
                        }
                    }
                }
            }

            struct PhotoCell: View {
                let photo: Photo
                var body: some View {
                    ZStack {
                        Image(photo.name)
                        Button(action: { favorite(photo) }) { Image(systemName: "heart") }
                            .accessibilityHidden(true)
                    }
                    .accessibilityElement(children: .combine)
                    .accessibilityAction(named: Text("Favorite")) { favorite(photo) }
                }
            }

            """
        // The archive button (its row opens the message instead) and both share buttons (each
        // hidden: neither is the visible one).
        let result = lint(["Inbox.swift": code])
        #expect(places(result, "hidden-interactive") == ["Inbox.swift:18:13", "Inbox.swift:30:13", "Inbox.swift:32:13"],
                "\(result.stdout)")
    }

    /// A fixed size compiled only for tvOS or macOS (no Dynamic Type there) is silent, in a
    /// chain's `#if` branch or around declarations; the iOS branch of the same chain fires.
    @Test func fixedFontSizePlatformBranches() {
        let code = """
            import SwiftUI

            struct PosterTitle: View {
                let title: String
                var body: some View {
                    Text(title)
                        #if os(tvOS)
                        .font(.system(size: 38, weight: .semibold))
                        #else
                        .font(.system(size: 15, weight: .semibold))
                        #endif
                    Text(title)
                        #if !os(tvOS)
                        .font(.headline)
                        #else
                        .font(.system(size: 29))
                        #endif
                }
            }

            enum Typography {
                #if os(macOS)
                static let sidebar = Font.system(size: 13)
                #elseif os(tvOS) || os(watchOS)
                static let sidebar = Font.system(size: 20)
                #else
                static let sidebar = Font.system(size: 17)
                #endif
            }

            """
        let result = lint(["Poster.swift": code])
        #expect(places(result, "fixed-font-size") == ["Poster.swift:10:19", "Poster.swift:25:30", "Poster.swift:27:30"],
                "\(result.stdout)")
    }

    /// The `#if` branches and the visible actions of a file are read once: 20,000 nested `#if`
    /// lines around a fixed font, and a chain of 4,000 tap gestures (the last one unfinished:
    /// broken code) beside a hidden button, end well within 5 s with their findings.
    @Test func platformAndActionReadsStayLinear() {
        let dir = TempDir()
        defer { dir.cleanUp() }
        dir.write("Ifs.swift", "struct V: View {\n    var body: some View {\n"
                  + String(repeating: "#if os(tvOS)\n", count: 20_000) + "Text(\"x\").font(.system(size: 12))\n"
                  + String(repeating: "#endif\n", count: 20_000) + "    }\n}\n")
        dir.write("Taps.swift", "struct V: View {\n    var body: some View {\n        Text(\"x\")"
                  + String(repeating: "\n.onTapGesture { open() }", count: 4_000) + "\n.onTapGesture"
                  + "\n        Button(action: close) { Image(systemName: \"xmark\") }.accessibilityHidden(true)\n    }\n}\n")
        let start = Date()
        let result = CLI.run(["Ifs.swift", "Taps.swift", "--only-rule", "fixed-font-size", "--only-rule", "hidden-interactive"],
                             in: dir.url, timeout: 5)
        #expect(Date().timeIntervalSince(start) < 5)
        #expect(lines(result, "fixed-font-size").isEmpty, "\(result.stdout)")
        #expect(lines(result, "hidden-interactive").count == 1, "\(result.stdout)")
    }
}
