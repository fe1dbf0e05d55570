import Foundation
import Testing

/// `toggle-without-state` and the SwiftUI changes that come with it (issue 23, items 1
/// and 7), through the binary: findings, positions, messages, `measured.reason`, exit codes.
@Suite struct ToggleStateTests {
    private static let seeds = CLI.root.appendingPathComponent("Tests/CLITests/Seeds")

    /// `file:line:column rule` of every finding of `rules` in the text report.
    private func findings(_ result: CLI.Result, rules: Set<String>) -> [String] {
        result.stdout.split(separator: "\n").compactMap { line -> String? in
            guard let open = line.lastIndex(of: "["), line.hasSuffix("]") else { return nil }
            let rule = String(line[line.index(after: open)..<line.index(before: line.endIndex)])
            guard rules.contains(rule) else { return nil }
            let place = line.split(separator: " ", maxSplits: 1)[0].dropLast()
            return "\(place.split(separator: "/").last!) \(rule)"
        }
    }

    private func lint(_ files: [String: String], _ extra: [String] = []) -> (CLI.Result, TempDir) {
        let dir = TempDir()
        for (name, text) in files { dir.write(name, text) }
        return (CLI.run(["."] + extra, in: dir.url), dir)
    }

    /// The seeds' SwiftUI code (the custom checkboxes this project exists for) gives
    /// `toggle-without-state` at the view carrying each tap action, and nowhere else.
    @Test func theSeedsCheckboxesAreReportedAtTheirLines() throws {
        let view = try String(contentsOf: Self.seeds.appendingPathComponent("CheckboxView.swift.txt"), encoding: .utf8)
        let style = try String(contentsOf: Self.seeds.appendingPathComponent("CheckboxToggleStyle.swift.txt"), encoding: .utf8)
        let (result, dir) = lint(["CheckboxView.swift": view, "CheckboxToggleStyle.swift": style])
        defer { dir.cleanUp() }
        #expect(result.status == 1)
        #expect(findings(result, rules: ["toggle-without-state"]) == [
            "CheckboxToggleStyle.swift:7:9 toggle-without-state",
            "CheckboxToggleStyle.swift:110:9 toggle-without-state",
            "CheckboxView.swift:10:13 toggle-without-state",
            "CheckboxView.swift:50:17 toggle-without-state",
            "CheckboxView.swift:89:17 toggle-without-state",
            "CheckboxView.swift:156:17 toggle-without-state",
        ])
        // Both rules name the Bool and the toggle trait with a value.
        let lines = result.stdout.split(separator: "\n")
        let toggle = try #require(lines.first { $0.contains("CheckboxView.swift:10:13") && $0.hasSuffix("[toggle-without-state]") })
        #expect(toggle.contains("toggles isChecked when tapped"))
        #expect(toggle.contains(#".accessibilityValue(isChecked ? "Checked" : "Unchecked")"#))
        let tap = try #require(lines.first { $0.contains("CheckboxView.swift:10:13") && $0.hasSuffix("[tap-gesture-without-trait]") })
        #expect(tap.contains(".accessibilityAddTraits(.isToggle)"))
        #expect(!tap.contains(".isButton"))
        let styleFinding = try #require(lines.first { $0.contains("CheckboxToggleStyle.swift:7:9") })
        #expect(styleFinding.contains("toggles configuration.isOn"))
    }

    /// The one fix both rules name clears both.
    @Test func theToggleTraitAndValueClearBothRules() {
        let code = """
        struct CheckboxView: View {
            @Binding var isChecked: Bool
            var body: some View {
                Image(systemName: isChecked ? "checkmark.square.fill" : "square")
                    .onTapGesture {
                        isChecked.toggle()
                    }
                    .accessibilityLabel("Accept the terms")
                    .accessibilityAddTraits(.isToggle)
                    .accessibilityValue(isChecked ? "Checked" : "Unchecked")
            }
        }
        """
        let (result, dir) = lint(["Fixed.swift": code])
        defer { dir.cleanUp() }
        #expect(result.status == 0, "\(result.stdout)")
        #expect(findings(result, rules: ["toggle-without-state", "tap-gesture-without-trait", "image-without-label"]).isEmpty)
    }

    /// Real code shapes: `@Binding`, `Button(action:label:)`, a multi-line chain with `#if`, a
    /// helper `@ViewBuilder` member, a style, and a preview that is not checked.
    @Test func realCodeShapes() {
        let code = """
        struct Filters: View {
            @Binding var onlyUnread: Bool
            @State private var starred = false

            var body: some View {
                VStack {
                    Button(action: { onlyUnread.toggle() }, label: {
                        Image(systemName: onlyUnread ? "envelope.badge.fill" : "envelope")
                    })
                    starButton
                }
            }

            @ViewBuilder
            private var starButton: some View {
                Image(systemName: "star")
                    .symbolVariant(starred ? .fill : .none)
                #if os(iOS)
                    .onTapGesture { starred = !starred }
                #endif
            }
        }

        struct Switch: ToggleStyle {
            func makeBody(configuration: Configuration) -> some View {
                Button { configuration.isOn.toggle() } label: { configuration.label }
            }
        }

        #Preview {
            Image(systemName: flag ? "a" : "b").onTapGesture { flag.toggle() }
        }
        """
        let (result, dir) = lint(["Filters.swift": code])
        defer { dir.cleanUp() }
        #expect(findings(result, rules: ["toggle-without-state"]) == [
            "Filters.swift:7:13 toggle-without-state",
            "Filters.swift:16:9 toggle-without-state",
            "Filters.swift:26:9 toggle-without-state",
        ])
    }

    /// `image-without-label`: an image beside visible text in the same control has its own
    /// message and `measured.reason: "beside-text"`; an icon-only control keeps the old one.
    @Test func besideTextIsTriagedApart() throws {
        let code = """
        struct Row: View {
            var body: some View {
                Button(action: favorite) {
                    HStack {
                        Image("ic_star")
                        Text("Favorite")
                    }
                }
                Button(action: close) {
                    Image.dismissIcon
                }
            }
        }
        """
        let (result, dir) = lint(["Row.swift": code], ["--reporter", "json"])
        defer { dir.cleanUp() }
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let all = try #require(json["findings"] as? [[String: Any]])
        let images = all.filter { $0["rule"] as? String == "image-without-label" }
        #expect(images.count == 2)
        let beside = try #require(images.first { ($0["line"] as? Int) == 5 })
        #expect((beside["measured"] as? [String: Any])?["reason"] as? String == "beside-text")
        #expect((beside["message"] as? String)?.contains("beside visible text") == true)
        let alone = try #require(images.first { ($0["line"] as? Int) == 10 })
        #expect((alone["measured"] as? [String: Any])?["reason"] == nil)
        #expect((alone["message"] as? String)?.hasPrefix("This Image has no accessibility label") == true)
    }

    /// Menu and Picker items and a tab item with text are not checked; a Menu's label is.
    @Test func menusPickersAndTabItems() {
        let code = """
        struct Toolbar: View {
            @Binding var sort: Sort
            var body: some View {
                Menu {
                    Button { share() } label: { Label { Text("Share") } icon: { Image("share") } }
                    Button(action: copy) { Image(systemName: "doc.on.doc"); Text("Copy") }
                    Picker("Sort", selection: $sort) {
                        Image(systemName: "textformat").tag(Sort.name)
                    }
                } label: {
                    Image(systemName: "ellipsis.circle")
                }
                TabView {
                    Inbox().tabItem { Image(systemName: "tray"); Text("Inbox") }
                }
            }
        }

        struct Tap: PrimitiveButtonStyle {
            func makeBody(configuration: Configuration) -> some View {
                configuration.label.onTapGesture { configuration.trigger() }
            }
        }
        """
        let (result, dir) = lint(["Toolbar.swift": code])
        defer { dir.cleanUp() }
        #expect(findings(result, rules: ["image-without-label", "tap-gesture-without-trait"]) == [
            "Toolbar.swift:11:13 image-without-label",
        ])
    }
}
