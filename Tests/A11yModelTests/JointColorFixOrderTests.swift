import Testing
@testable import A11yModel

/// A theme's problem lists its checks in the order the spec's variants first draw them
/// (`JointFixes.problem`, no longer sorted by their printed text): the solver's answer must
/// not depend on that order, nor on a check listed twice.
@Suite struct JointColorFixOrderTests {
    typealias Pair = ColorFixProblem.Pair

    static func hex(_ s: String) -> RGBA { RGBA(hex: s)! }

    /// Every order of `checks` (and the first check repeated at the end).
    static func orders(_ checks: [[Pair]]) -> [[[Pair]]] {
        guard checks.count > 1 else { return [checks] }
        var result: [[[Pair]]] = []
        for (index, check) in checks.enumerated() {
            var rest = checks
            rest.remove(at: index)
            result += orders(rest).map { [check] + $0 }
        }
        return result + [checks + [checks[0]]]
    }

    @Test(arguments: [
        // A switch: the thumb on both tracks, both tracks on the background.
        ColorFixProblem(colors: ["background": hex("#FFFFFF"), "trackOn": hex("#34C759"), "trackOff": hex("#8E8E93"),
                                 "thumb": hex("#C8C8C8")], backdrop: .white,
                        checks: [[Pair(foreground: "trackOn", background: "background", required: 3)],
                                 [Pair(foreground: "trackOff", background: "background", required: 3)],
                                 [Pair(foreground: "thumb", background: "trackOn", required: 3)],
                                 [Pair(foreground: "thumb", background: "trackOff", required: 3)]]),
        // A button: its fill or its border, its label on the fill, a translucent disabled label.
        ColorFixProblem(colors: ["background": hex("#313131"), "fill": hex("#C7964F"), "border": hex("#FFFFFF8C"),
                                 "text": hex("#FFFFFF"), "textDisabled": hex("#00000040")], backdrop: .white,
                        checks: [[Pair(foreground: "fill", background: "background", required: 3),
                                  Pair(foreground: "border", background: "background", required: 3)],
                                 [Pair(foreground: "text", background: "fill", required: 4.5)],
                                 [Pair(foreground: "text", background: "fill", required: 3)],
                                 [Pair(foreground: "textDisabled", background: "fill", required: 4.5)]]),
    ])
    func answerIsTheSameInEveryOrder(_ problem: ColorFixProblem) {
        let expected = JointColorFix.solve(problem)
        #expect(expected != nil && expected != [])
        for checks in Self.orders(problem.checks).dropFirst() {
            var reordered = problem
            reordered.checks = checks
            #expect(JointColorFix.solve(reordered) == expected, "\(checks)")
        }
    }
}
