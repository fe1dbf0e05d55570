import SwiftSyntax

/// What SwiftSyntax says about one file, in the terms of a11ylint's reader
/// (`SwiftSource`, `SwiftStructure`): byte ranges in the file's UTF-8.
struct SyntaxFacts {
    /// Comments (`//`, `///`, `/* */`, `/** */`) from token trivia, outside string
    /// interpolations: the reader does not list comments inside interpolations.
    var comments: [Range<Int>] = []
    /// Top-level string literals (`StringLiteralExprSyntax`, and the
    /// `SimpleStringLiteralExprSyntax` of attributes such as `@available(message:)`),
    /// from the first `#` or quote to the end of the closing delimiter, trivia excluded.
    /// Literals inside another literal's interpolation are part of the outer one.
    var stringLiterals: [Range<Int>] = []
    /// Regex literals (`RegexLiteralExprSyntax`) outside string interpolations, from the
    /// first `#` or `/` to the end of the closing delimiter.
    var regexLiterals: [Range<Int>] = []
    /// The anchors of modifier chains and, for each, the chain's range (see `ChainRule`).
    var chains: [(anchor: Int, chain: Range<Int>)] = []
}

/// The view names whose chains are compared: each identifier token naming one of these in
/// an expression and followed by `(` or `{` is an anchor.
let chainHeads: Set<String> = ["Image", "Text", "Button", "HStack"]

/// Collects `SyntaxFacts` in one walk of the tree.
final class FactCollector: SyntaxVisitor {
    private(set) var facts = SyntaxFacts()
    /// How many string-literal interpolations (`\( … )`) enclose the current node.
    private var interpolationDepth = 0

    init() { super.init(viewMode: .sourceAccurate) }

    static func collect(_ tree: SourceFileSyntax) -> SyntaxFacts {
        let collector = FactCollector()
        collector.walk(tree)
        return collector.facts
    }

    override func visit(_ node: ExpressionSegmentSyntax) -> SyntaxVisitorContinueKind {
        interpolationDepth += 1
        return .visitChildren
    }

    override func visitPost(_ node: ExpressionSegmentSyntax) {
        interpolationDepth -= 1
    }

    override func visit(_ node: StringLiteralExprSyntax) -> SyntaxVisitorContinueKind {
        if interpolationDepth == 0 { facts.stringLiterals.append(Self.range(of: node)) }
        return .visitChildren
    }

    override func visit(_ node: SimpleStringLiteralExprSyntax) -> SyntaxVisitorContinueKind {
        if interpolationDepth == 0 { facts.stringLiterals.append(Self.range(of: node)) }
        return .visitChildren
    }

    override func visit(_ node: RegexLiteralExprSyntax) -> SyntaxVisitorContinueKind {
        if interpolationDepth == 0 { facts.regexLiterals.append(Self.range(of: node)) }
        return .visitChildren
    }

    override func visit(_ token: TokenSyntax) -> SyntaxVisitorContinueKind {
        guard interpolationDepth == 0 else { return .skipChildren }
        collectComments(in: token.leadingTrivia, from: token.position.utf8Offset)
        collectComments(in: token.trailingTrivia, from: token.endPositionBeforeTrailingTrivia.utf8Offset)
        if let chain = ChainRule.chain(anchoredAt: token) {
            facts.chains.append((token.positionAfterSkippingLeadingTrivia.utf8Offset, chain))
        }
        return .skipChildren
    }

    private func collectComments(in trivia: Trivia, from start: Int) {
        var offset = start
        for piece in trivia {
            let length = piece.sourceLength.utf8Length
            switch piece {
            case .lineComment, .blockComment, .docLineComment, .docBlockComment:
                facts.comments.append(offset..<(offset + length))
            default:
                break
            }
            offset += length
        }
    }

    static func range(of node: some SyntaxProtocol) -> Range<Int> {
        node.positionAfterSkippingLeadingTrivia.utf8Offset..<node.endPositionBeforeTrailingTrivia.utf8Offset
    }
}

/// The modifier chain of an anchor, in SwiftSyntax's terms. Both sides must mean the
/// same thing by "chain", so here is the definition this test holds the reader to:
///
/// - An anchor is an identifier token `Image`, `Text`, `Button` or `HStack` that is an
///   expression (its parent is a `DeclReferenceExprSyntax`), outside string
///   interpolations, whose next token is `(` or `{` (a call or a trailing closure).
///   Anchors inside interpolations are left out: the reader blanks literals, their
///   interpolations included, in the text its structure is read from.
/// - From the anchor's `DeclReferenceExprSyntax`, climb to the parent as long as the
///   node is
///   - the called expression of a `FunctionCallExprSyntax` (whose range holds its
///     arguments and all trailing closures, labeled ones included),
///   - the base of a `MemberAccessExprSyntax` (`.modifier`), or its member name when the
///     anchor is qualified (`SwiftUI.Image(…)`: the reader starts a chain at the qualifier,
///     and so does the expression),
///   - the called expression of a `SubscriptCallExprSyntax`,
///   - the base of a `PostfixIfConfigExprSyntax` (a `#if … #endif` block of modifiers
///     inside the chain),
///   - the operand of a postfix `?` or `!` (`OptionalChainingExprSyntax`,
///     `ForceUnwrapExprSyntax`), which the reader also steps over.
/// - The chain is the topmost node reached, from its first to its last byte (leading and
///   trailing trivia excluded): the head, every modifier and every `#endif`.
enum ChainRule {
    static func chain(anchoredAt token: TokenSyntax) -> Range<Int>? {
        guard case .identifier(let name) = token.tokenKind, chainHeads.contains(name),
              let reference = token.parent?.as(DeclReferenceExprSyntax.self),
              let next = token.nextToken(viewMode: .sourceAccurate),
              next.tokenKind == .leftParen || next.tokenKind == .leftBrace else { return nil }
        var node = Syntax(reference)
        while let parent = node.parent, continuesChain(parent, from: node) {
            node = parent
        }
        return FactCollector.range(of: node)
    }

    /// True when `parent` extends the chain whose topmost node so far is `child`.
    private static func continuesChain(_ parent: Syntax, from child: Syntax) -> Bool {
        switch parent.as(SyntaxEnum.self) {
        case .functionCallExpr(let call):
            return call.calledExpression.id == child.id
        case .memberAccessExpr(let access):
            return access.base?.id == child.id || access.declName.id == child.id
        case .subscriptCallExpr(let subscriptCall):
            return subscriptCall.calledExpression.id == child.id
        case .postfixIfConfigExpr(let postfixIf):
            return postfixIf.base?.id == child.id
        case .optionalChainingExpr(let optional):
            return optional.expression.id == child.id
        case .forceUnwrapExpr(let unwrap):
            return unwrap.expression.id == child.id
        default:
            return false
        }
    }
}
