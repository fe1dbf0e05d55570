import Testing
import A11yModel
@testable import A11yRules

/// A theme's fix problem lists its checks in the order of the text Swift prints for each list
/// of pairs; `JointFixes.orderKey` writes that text without reflection. If the two ever differ,
/// the checks (and so the fix a tie picks) would come out in another order.
@Suite struct JointFixOrderTests {
    @Test(arguments: [
        [ColorFixProblem.Pair(foreground: "textEnabled", background: "background", required: 4.5)],
        [ColorFixProblem.Pair(foreground: "fill", background: "background", required: 3),
         ColorFixProblem.Pair(foreground: "icon\"s", background: "fill\\n", required: 7.0)],
        [ColorFixProblem.Pair(foreground: "läbel ✓", background: "tab\t", required: 4.499999),
         ColorFixProblem.Pair(foreground: "", background: "x", required: 1e-7)],
        [],
    ])
    func orderKeyIsTheDescription(_ pairs: [ColorFixProblem.Pair]) {
        #expect(JointFixes.orderKey(pairs) == pairs.description)
    }
}
