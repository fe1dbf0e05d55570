import SwiftUI

struct ProfileHeader: View {
    let name: String
    let subtitle: String?

    var body: some View {
        HStack(alignment: .top, spacing: 12) {
            Image("avatar-\(name.lowercased())")
                .clipShape(Circle())
                // The avatar repeats the name next to it.
                .accessibilityHidden(true)
            VStack(alignment: .leading) {
                Text(name).font(.headline)
                Text(subtitle ?? "No subtitle")
                    .foregroundStyle(.secondary)
            }
        }
        .padding()
    }
}

#Preview("Long name") {
    ProfileHeader(name: "Maximilian Alexander", subtitle: """
        Works on "accessibility" \
        and #hashtags
        """)
}

#Preview {
    ProfileHeader(name: "Ana", subtitle: nil)
        .preferredColorScheme(.dark)
}
