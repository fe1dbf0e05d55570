import SwiftUI

struct Item: Identifiable { let id: Int; let title: String; let icon: String? }

struct ItemList: View {
    let items: [Item]
    @State private var selection: Set<Int> = []

    var body: some View {
        List(items) { item in
            HStack {
                Image(item.icon ?? "placeholder")
                    .resizable()
                    .frame(width: 32, height: 32)
                Text(item.title)
                Spacer()
                if selection.contains(item.id) {
                    Image(systemName: "checkmark")
                } else {
                    EmptyView()
                }
            }
            .contentShape(Rectangle())
            .onTapGesture { selection.formSymmetricDifference([item.id]) }
        }
        .toolbar {
            ToolbarItem(placement: .primaryAction) {
                Button { selection.removeAll() } label: { Text("Clear \(selection.count)") }
            }
        }
        .overlay(alignment: .bottom) {
            Text(selection.isEmpty ? "Nothing selected" : "\(selection.count) selected")
                .padding()
        }
    }
}
