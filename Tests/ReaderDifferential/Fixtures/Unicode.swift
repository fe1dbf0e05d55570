import SwiftUI

// Non-ASCII text moves byte offsets away from character offsets: ✓ ünïcödé 🚀.
struct Greeting: View {
    let names = ["Zoë", "José", "李雷", "🙂"]

    var body: some View {
        VStack {
            Text("Grüß Gott, \(names[0])! 👋") /* 😀 */ .font(.title)
            Image("flag-🇩🇪")
                .accessibilityLabel("Deutschland 🇩🇪")
            Text(#"«Guillemets» and "quotes" — dash"#)
            Button("Ça va ?") { print("oui") }
                .padding()
        }
    }
}
