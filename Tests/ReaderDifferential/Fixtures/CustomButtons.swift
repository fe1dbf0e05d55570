import SwiftUI

struct PillButtonStyle: ButtonStyle {
    var tint: Color = .accentColor

    func makeBody(configuration: Configuration) -> some View {
        configuration.label
            .padding(.horizontal, 16)
            .background(Capsule().fill(tint.opacity(configuration.isPressed ? 0.6 : 1)))
            .scaleEffect(configuration.isPressed ? 0.97 : 1)
    }
}

struct Toolbar: View {
    @State private var liked = false
    var onShare: () -> Void = {}

    var body: some View {
        HStack(spacing: 20) {
            Button {
                liked.toggle()
            } label: {
                Image(systemName: liked ? "heart.fill" : "heart")
                    .foregroundColor(liked ? .pink : .primary)
            }
            .accessibilityLabel(liked ? "Unlike" : "Like")

            Button(action: onShare) {
                Label {
                    Text("Share")
                } icon: {
                    Image(systemName: "square.and.arrow.up")
                }
            }
            .buttonStyle(PillButtonStyle(tint: .blue))

            Button("Delete", role: .destructive) { }
                .disabled(!liked)

            Menu {
                Button("Copy") { } ; Button("Paste") { }
            } label: {
                Image("more")
            }
        }
    }
}
