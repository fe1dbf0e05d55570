import Testing
import A11ySwiftReader

/// Reading suppression comments out of Swift source (what they silence is tested with
/// the linter, in A11yLintTests' SuppressionTests).
struct SuppressionCommentTests {
    private func read(_ code: String) -> [String] {
        SwiftSource(code).suppressionComments().map { comment in
            let rules = comment.rules.map { "\($0.text)@\($0.line):\($0.column)" }.joined(separator: " ")
            return "\(comment.isSwiftLint ? "swiftlint" : "a11ylint") \(comment.command) [\(rules)] \(comment.line):\(comment.column)"
        }
    }

    @Test func commandsRulesAndPositions() {
        #expect(read("let a = 1 // a11ylint:disable:this image-label, touch-target -- decorative\n")
                == ["a11ylint disable:this [image-label@1:36 touch-target@1:49] 1:11"])
        #expect(read("/* a11ylint:disable all */\nlet b = 2\n/* a11ylint:enable all */")
                == ["a11ylint disable [all@1:21] 1:1", "a11ylint enable [all@3:20] 3:1"])
        #expect(read("/// swiftlint:disable:next accessibility_label_for_image\n")
                == ["swiftlint disable:next [accessibility_label_for_image@1:28] 1:1"])
    }

    @Test func proseStringsAndEmptyCommentsAreNotDirectives() {
        #expect(read("// a11ylint: checks accessibility\n").isEmpty)
        #expect(read("let s = \"// a11ylint:disable all\"\n").isEmpty)
        #expect(read("// a11ylint:\n// other\n").isEmpty)
        #expect(read("// a11ylint:disable\n") == ["a11ylint disable [] 1:1"])
    }
}
