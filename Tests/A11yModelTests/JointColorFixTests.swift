import XCTest
@testable import A11yModel

/// The joint solver on its own: roles, pairs and thresholds in, one consistent set out.
final class JointColorFixTests: XCTestCase {
    func hex(_ s: String) -> RGBA { RGBA(hex: s)! }
    typealias Pair = ColorFixProblem.Pair

    func applied(_ problem: ColorFixProblem, _ changes: [ColorFixChange]) -> [String: RGBA] {
        var colors = problem.colors
        for change in changes { colors[change.role] = change.to }
        return colors
    }

    /// The sample checkbox: the fill fails against the background and under its white
    /// checkmark; darkening the fill alone fixes both, and the checkmark stays.
    func testSharedFillChangesOnce() throws {
        let problem = ColorFixProblem(
            colors: ["background": hex("#FFFFFF"), "checkedFill": hex("#40B259"), "checkmark": hex("#FFFFFF")],
            backdrop: .white,
            checks: [[Pair(foreground: "checkedFill", background: "background", required: 3)],
                     [Pair(foreground: "checkmark", background: "checkedFill", required: 3)]])
        let changes = try XCTUnwrap(JointColorFix.solve(problem))
        XCTAssertEqual(changes.map(\.role), ["checkedFill"])
        let colors = applied(problem, changes)
        XCTAssertTrue(problem.checks.allSatisfy { problem.meets($0, in: colors) })
        // Lightness moved, hue kept.
        XCTAssertEqual(OKLCH(changes[0].to).hue, OKLCH(hex("#40B259")).hue, accuracy: 2)
    }

    /// Black text at 50 % on near-white: keeping the alpha, only a dark background under
    /// lighter text passes (a huge change); raising the text's alpha a little is far cheaper
    /// as rendered, and wins.
    func testTranslucentTextRaisesItsAlphaRatherThanInvertingTheTheme() throws {
        let problem = ColorFixProblem(
            colors: ["background": hex("#F5F5F5"), "textEnabled": hex("#00000080")],
            backdrop: .white,
            checks: [[Pair(foreground: "textEnabled", background: "background", required: 4.5)]])
        let changes = try XCTUnwrap(JointColorFix.solve(problem))
        XCTAssertEqual(changes.map(\.role), ["textEnabled"])
        XCTAssertEqual(changes[0].to.hexString, "#0000008A")
        XCTAssertTrue(problem.checks.allSatisfy { problem.meets($0, in: applied(problem, changes)) })
    }

    /// A switch thumb on both tracks: whatever changes, both thumb pairs pass.
    func testThumbOnBothTracks() throws {
        let problem = ColorFixProblem(
            colors: ["background": hex("#FFFFFF"), "trackOn": hex("#34C759"), "trackOff": hex("#8E8E93"),
                     "thumb": hex("#C8C8C8")],
            backdrop: .white,
            checks: [[Pair(foreground: "trackOn", background: "background", required: 3)],
                     [Pair(foreground: "trackOff", background: "background", required: 3)],
                     [Pair(foreground: "thumb", background: "trackOn", required: 3)],
                     [Pair(foreground: "thumb", background: "trackOff", required: 3)]])
        let changes = try XCTUnwrap(JointColorFix.solve(problem))
        XCTAssertFalse(changes.isEmpty)
        let colors = applied(problem, changes)
        XCTAssertTrue(problem.checks.allSatisfy { problem.meets($0, in: colors) }, "\(changes)")
    }

    /// A translucent colour keeps its alpha when moving its colour can pass.
    func testTranslucentKeepsAlpha() throws {
        let problem = ColorFixProblem(
            colors: ["background": hex("#FFFFFF"), "text": hex("#80808099")], backdrop: .white,
            checks: [[Pair(foreground: "text", background: "background", required: 4.5)]])
        let change = try XCTUnwrap(JointColorFix.solve(problem)?.first)
        XCTAssertEqual(change.to.alpha, change.from.alpha)
        XCTAssertTrue(problem.passes(problem.checks[0][0], in: applied(problem, [change])))
    }

    /// Nothing failing: no change; an impossible ratio: no set.
    func testNothingToDoAndNoSet() {
        let fine = ColorFixProblem(colors: ["background": .white, "text": .black], backdrop: .white,
                                   checks: [[Pair(foreground: "text", background: "background", required: 4.5)]])
        XCTAssertEqual(JointColorFix.solve(fine), [])
        let impossible = ColorFixProblem(colors: ["background": .white, "text": hex("#777777")], backdrop: .white,
                                         checks: [[Pair(foreground: "text", background: "background", required: 22)]])
        XCTAssertNil(JointColorFix.solve(impossible))
    }

    /// The set is no larger than the best single-colour fix: changing the cheaper of two
    /// colours of one failing pair wins.
    func testCheapestSetWins() throws {
        let problem = ColorFixProblem(
            colors: ["background": hex("#FFFFFF"), "fill": hex("#FF9A4D"), "text": hex("#FFFFFF")], backdrop: .white,
            checks: [[Pair(foreground: "fill", background: "background", required: 3)],
                     [Pair(foreground: "text", background: "fill", required: 3)]])
        let changes = try XCTUnwrap(JointColorFix.solve(problem))
        XCTAssertEqual(changes.map(\.role), ["fill"], "white text on a failing fill darkens the fill")
    }
}
