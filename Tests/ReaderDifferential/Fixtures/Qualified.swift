import SwiftUI

struct Qualified: View {
    let images: [String: SwiftUI.Image]
    let fallback = SwiftUI.Image(decorative: "bg")
    var title: String?

    var body: some View {
        SwiftUI.Image("x").resizable()
        (title.map { Text($0) } ?? Text("Untitled"))
            .font(.body)
        Text("a") + Text("b").bold() + Text(verbatim: "c")
        images["k"]?
            .resizable()
        ForEach(0..<3) { index in
            Text("\(index)")
                .tag(index)
        }
        Group { Image("grouped") }.padding()
    }
}
