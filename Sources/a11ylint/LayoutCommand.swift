import ArgumentParser
struct LayoutCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "layout", abstract: "Compute a variant's geometry.")
}
