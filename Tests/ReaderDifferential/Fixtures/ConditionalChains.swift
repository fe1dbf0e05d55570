import SwiftUI

struct ShareButton: View {
    let url: URL

    var body: some View {
        Image(systemName: "square.and.arrow.up")
            .font(.title2)
#if os(iOS)
            .accessibilityLabel("Share")
            .hoverEffect(.lift)
#elseif os(macOS)
            .help("Share this page")
#else
            .focusable()
#endif
            .padding(8)

        Text("Saved")
        #if DEBUG
            .border(Color.red)
        #endif

        HStack {
            Image("dot")
#if os(watchOS)
                .frame(width: 4, height: 4)
#if DEBUG
                .overlay(Text("w"))
#endif
#endif
        }
        .accessibilityElement(children: .combine)

#if os(iOS)
        Image("ios-only")
#else
        Text("Elsewhere")
#endif
    }
}
