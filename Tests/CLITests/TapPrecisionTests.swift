import Foundation
import Testing

/// `tap-gesture-without-trait` and `toggle-without-state` on the shapes real apps gave them
/// wrongly (issue 23's open items), through the binary: what stays silent, and the real
/// findings next to them that still fire, at their lines.
@Suite struct TapPrecisionTests {
    /// `line:column rule` of every finding of `rules` in the text report of one file.
    private func findings(_ code: String, rules: Set<String>) -> (status: Int32, found: [String]) {
        let dir = TempDir()
        defer { dir.cleanUp() }
        dir.write("Screen.swift", code)
        let result = CLI.run(["Screen.swift"], in: dir.url)
        let found = result.stdout.split(separator: "\n").compactMap { line -> String? in
            guard let open = line.lastIndex(of: "["), line.hasSuffix("]") else { return nil }
            let rule = String(line[line.index(after: open)..<line.index(before: line.endIndex)])
            guard rules.contains(rule) else { return nil }
            let place = line.split(separator: " ", maxSplits: 1)[0].dropLast().split(separator: ":")
            return "\(place[1]):\(place[2]) \(rule)"
        }
        return (result.status, found)
    }

    @Test func backdropsAndVideoSurfacesAreSilentButRealTapsFire() {
        let code = """
        import SwiftUI

        struct Sheet: View {
            @State private var item: Item?
            @Binding var controlsVisible: Bool
            let store: StoreOf<Feature>

            var body: some View {
                ZStack {
                    Color.black.opacity(0.4)
                        .ignoresSafeArea()
                        .onTapGesture { item = nil }
                    Rectangle()
                        .fill(Color.black.opacity(0.4))
                        .onTapGesture {
                            withAnimation {
                                self.item = nil
                            }
                        }
                    Color.black.opacity(0.4)
                        .onTapGesture {
                            store.send(.dismissMenu, animation: .default)
                        }
                    VideoPlayer(player: player)
                        .onTapGesture {
                            withAnimation(.easeInOut(duration: 0.2)) {
                                controlsVisible.toggle()
                            }
                        }
                    Color.clear
                        .contentShape(Rectangle())
                        .onTapGesture {
                            store.send(.openDetail)
                        }
                    Color.black
                        .onTapGesture {
                            item = nil
                            store.send(.purchase)
                        }
                }
                .onTapGesture { store.send(.backgroundTapped) }
            }
        }
        """
        let (status, found) = findings(code, rules: ["tap-gesture-without-trait", "toggle-without-state"])
        #expect(status == 1)
        #expect(found == ["30:13 tap-gesture-without-trait", "35:13 tap-gesture-without-trait"], "\(found)")
    }

    @Test func tapsThatRepeatAButtonOrForwardToAControlAreSilent() {
        let code = """
        import SwiftUI

        struct Row: View {
            @Binding var isExpanded: Bool
            @FocusState private var isFocused: Bool

            var body: some View {
                VStack {
                    HStack {
                        Text("Show more")
                        Button {
                            withAnimation { isExpanded.toggle() }
                        } label: {
                            Image(systemName: "chevron.down")
                        }
                        .accessibilityLabel(isExpanded ? "Collapse" : "Expand")
                    }
                    .contentShape(Rectangle())
                    .onTapGesture {
                        withAnimation { isExpanded.toggle() }
                    }
                    HStack {
                        TextField("Name", text: $name)
                            .focused($isFocused)
                    }
                    .onTapGesture {
                        isFocused = true
                    }
                    HStack {
                        Text("Show invisible characters")
                        Button { isShowingSettings = true } label: { Text("Configure…") }
                            .disabled(!enabled)
                    }
                    .onTapGesture {
                        if enabled {
                            isShowingSettings = true
                        }
                    }
                    TextField("Option", text: $option)
                        .onTapGesture { focusIndex = 1 }
                    NSPopUpButtonView(selection: $selection) { NSPopUpButton() }
                        .onTapGesture { button?.performClick(nil) }
                    HStack { Text("Swallow") }
                        .onTapGesture { }
                    Text("Open")
                        .onTapGesture { open() }
                    Text("Again")
                        .onTapGesture { open() }
                }
            }
        }
        """
        let (status, found) = findings(code, rules: ["tap-gesture-without-trait", "toggle-without-state"])
        #expect(status == 1)
        // An empty tap is a single-tap gesture like any other (the contract reads them all), and
        // two bare taps with the same action do not excuse each other: neither is a Button.
        #expect(found == ["43:13 tap-gesture-without-trait", "45:13 tap-gesture-without-trait",
                          "47:13 tap-gesture-without-trait"], "\(found)")
    }

    @Test func aLabelThatSaysTheStateInLocalizedWordsIsNotAToggleWithoutState() {
        let code = """
        import SwiftUI

        struct Deeplink: View {
            @State private var isExpanded = false
            @Binding var isOn: Bool

            var body: some View {
                Button {
                    withAnimation { isExpanded.toggle() }
                } label: {
                    Image(systemName: isExpanded ? "chevron.up" : "chevron.down")
                }
                .accessibilityLabel(isExpanded ? L10n.collapse : L10n.expand)
                Button {
                    isOn.toggle()
                } label: {
                    Image(systemName: "star")
                        .foregroundColor(isOn ? .yellow : .gray)
                }
                .accessibilityLabel("Favourite")
            }
        }
        """
        let (status, found) = findings(code, rules: ["toggle-without-state"])
        #expect(status == 1)
        #expect(found == ["14:9 toggle-without-state"], "\(found)")
    }
}
