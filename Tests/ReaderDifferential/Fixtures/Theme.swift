import SwiftUI

/// A design system: images and texts kept as values, and looked up by name.
enum AppTheme {
    /// The logo everywhere it appears. /* not a nested block in a doc line */
    static let logo = Image("brand/logo")
        .resizable()
        .accessibilityLabel("Acme")

    static let placeholder: Image = Image(systemName: "photo") // a fallback
    static let headline = Text("Welcome back, \(User.current?.name ?? "friend")!")
        .font(.largeTitle)

    /**
     Icons by state. The keys are "raw": #"like this"#.
     */
    static let icons: [String: Image] = [
        "ok": Image(systemName: "checkmark.circle"),
        "warn": Image(systemName: "exclamationmark.triangle")
            .symbolRenderingMode(.multicolor),
        "error": Image("state/error"),
    ]

    static func badge(_ count: Int) -> some View {
        Text(count > 99 ? "99+" : "\(count)")
            .padding(4 /* points */)
            .background(Circle().fill(Color.red))
    }

    static let ratio = 16.0 / 9.0 / 2
}
