import Yams

/// The rule files' YAML trees as `a11ylint-embed-rules` wrote them at build time (its
/// `TreeWriter` describes the form; keep the two in step). A run reads them without a YAML
/// parser, the duplicate-key check or Yams' resolver: `EmbeddedTree` indexes a file's tree in
/// one pass (no Yams node is made), the catalogue reads the rules' descriptions from that
/// index (`EmbeddedNode`), and a rule's Yams node (the same texts, tags and positions Yams'
/// `compose` gave at build time) is made from its part of the tree only when asked: compiling
/// a source rule, reading its examples. Reading the catalogue through Yams nodes was a fifth
/// of a one-spec run.
enum EmbeddedYAML {
    /// The Yams node whose compact form starts `offset` bytes into `tree`.
    static func node(_ tree: String, at offset: Int = 0) -> Yams.Node {
        EmbeddedTree.withBytes(tree) { bytes in
            var reader = Reader(bytes: bytes, at: offset)
            return reader.node()
        }
    }

    /// Yams makes its `Mark`s itself (the initializer is internal): a mark is its line and
    /// column, two `Int`s, which `EmbeddedCatalogueTests` holds equal to the parser's.
    static func mark(line: Int, column: Int) -> Mark {
        precondition(MemoryLayout<Mark>.size == MemoryLayout<(Int, Int)>.size)
        return unsafeBitCast((line, column), to: Mark.self)
    }

    /// The tag codes of the compact form (`i`, `s`, `t`).
    static let implicitTag = UInt8(ascii: "i"), strTag = UInt8(ascii: "s"), namedTag = UInt8(ascii: "t")

    struct Reader {
        let bytes: UnsafeBufferPointer<UInt8>
        var at: Int

        init(bytes: UnsafeBufferPointer<UInt8>, at: Int = 0) {
            self.bytes = bytes
            self.at = at
        }

        /// A decimal number and the byte after it (`,` or `:`).
        mutating func number() -> Int {
            var value = 0
            while at < bytes.count, case let byte = bytes[at], byte >= 0x30, byte <= 0x39 {
                value = value * 10 + Int(byte - 0x30)
                at += 1
            }
            at += 1
            return value
        }

        /// The byte range of the next `count` bytes, skipped.
        mutating func skip(_ count: Int) -> Range<Int> {
            let end = min(at + count, bytes.count)
            defer { at = end }
            return at..<end
        }

        mutating func text(_ count: Int) -> String {
            String(decoding: UnsafeBufferPointer(rebasing: bytes[skip(count)]), as: UTF8.self)
        }

        /// A tag's code, and the range of its name (`t` only).
        mutating func tagCode() -> (code: UInt8, name: Range<Int>) {
            let code = at < bytes.count ? bytes[at] : EmbeddedYAML.implicitTag
            at += 1
            return (code, code == EmbeddedYAML.namedTag ? skip(number()) : at..<at)
        }

        mutating func tag() -> Tag {
            let (code, nameRange) = tagCode()
            let name: Tag.Name
            switch code {
            case EmbeddedYAML.strTag: name = .str
            case EmbeddedYAML.namedTag:
                name = Tag.Name(rawValue: String(decoding: UnsafeBufferPointer(rebasing: bytes[nameRange]), as: UTF8.self))
            default: name = .implicit
            }
            return Tag(name, .basic, Constructor.default)
        }

        mutating func node() -> Yams.Node {
            guard at < bytes.count else { return Node("", Tag(.implicit, .basic, Constructor.default)) }
            let kind = bytes[at]
            at += 1
            let tag = tag()
            let mark = EmbeddedYAML.mark(line: number(), column: number())
            let count = number()
            switch kind {
            case UInt8(ascii: "m"):
                var pairs: [(Node, Node)] = []
                pairs.reserveCapacity(count)
                for _ in 0..<count {
                    let key = node()
                    pairs.append((key, node()))
                }
                return .mapping(Node.Mapping(pairs, tag, .any, mark))
            case UInt8(ascii: "q"):
                var items: [Node] = []
                items.reserveCapacity(count)
                for _ in 0..<count { items.append(node()) }
                return .sequence(Node.Sequence(items, tag, .any, mark))
            default:
                return .scalar(Node.Scalar(text(count), tag, .any, mark))
            }
        }
    }
}

/// One rule file's compact tree, indexed: a record per node, in document order.
final class EmbeddedTree: @unchecked Sendable {
    struct Record {
        /// `s` scalar, `m` mapping, `q` sequence.
        var kind: UInt8
        /// How the catalogue reads the node's tag (Yams' basic resolver).
        var tag: TagReading
        var line: Int32
        var column: Int32
        /// Where the node's compact form starts in the tree.
        var start: Int32
        /// A scalar's text (a byte range of the tree); a mapping's pairs or a sequence's items.
        var textStart: Int32
        var count: Int32
        /// The record after the node and everything in it.
        var end: Int32
    }

    /// What Yams makes of a tag: `str` (a scalar never read as a Bool), a tag a key compares
    /// equal to a string with (implicit or `!`: resolved as `str`), or another.
    enum TagReading { case str, resolvedAsStr, other }

    let text: String
    /// A constant once indexed: read without the access checks a variable of a class costs.
    let records: [Record]

    init(_ text: String) {
        self.text = text
        var records: [Record] = []
        records.reserveCapacity(text.utf8.count / 24)
        Self.withBytes(text) { bytes in
            var reader = EmbeddedYAML.Reader(bytes: bytes)
            while reader.at < bytes.count { Self.index(&reader, bytes, into: &records) }
        }
        self.records = records
    }

    /// The bytes of a string, without a copy when they are contiguous (a literal's are).
    static func withBytes<R>(_ text: String, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        if let result = text.utf8.withContiguousStorageIfAvailable(body) { return result }
        return Array(text.utf8).withUnsafeBufferPointer(body)
    }

    /// Reads one node and everything in it into `records`.
    private static func index(_ reader: inout EmbeddedYAML.Reader, _ bytes: UnsafeBufferPointer<UInt8>,
                              into records: inout [Record]) {
        let start = reader.at
        let kind = bytes[reader.at]
        reader.at += 1
        let (code, name) = reader.tagCode()
        let tag: TagReading
        switch code {
        case EmbeddedYAML.strTag: tag = .str
        case EmbeddedYAML.namedTag: tag = name.count == 1 && bytes[name.lowerBound] == UInt8(ascii: "!") ? .resolvedAsStr : .other
        default: tag = .resolvedAsStr
        }
        let line = reader.number(), column = reader.number(), count = reader.number()
        let slot = records.count
        records.append(Record(kind: kind, tag: tag, line: Int32(line), column: Int32(column), start: Int32(start),
                              textStart: Int32(reader.at), count: Int32(count), end: 0))
        switch kind {
        case UInt8(ascii: "m"): for _ in 0..<(2 * count) { index(&reader, bytes, into: &records) }
        case UInt8(ascii: "q"): for _ in 0..<count { index(&reader, bytes, into: &records) }
        default: _ = reader.skip(count)
        }
        records[slot].end = Int32(records.count)
    }

    /// A scalar's text.
    func string(_ record: Record) -> String {
        Self.withBytes(text) { bytes in
            let start = Int(record.textStart)
            return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<min(start + Int(record.count), bytes.count)]),
                          as: UTF8.self)
        }
    }

    /// Whether a scalar's text is `key`.
    func scalar(_ record: Record, is key: String) -> Bool {
        guard Int(record.count) == key.utf8.count else { return false }
        return Self.withBytes(text) { bytes in
            let start = Int(record.textStart)
            return bytes[start..<start + Int(record.count)].elementsEqual(key.utf8)
        }
    }

    /// The records of a mapping's or a sequence's children (a mapping's keys and values alternate).
    func children(of index: Int) -> [Int] {
        var result: [Int] = []
        var child = index + 1
        let end = Int(records[index].end)
        while child < end {
            result.append(child)
            child = Int(records[child].end)
        }
        return result
    }
}

/// A node of an `EmbeddedTree`, read as the catalogue reads a Yams node (`RuleTreeNode`).
struct EmbeddedNode: RuleTreeNode {
    let tree: EmbeddedTree
    let index: Int

    private var record: EmbeddedTree.Record { tree.records[index] }

    var string: String? { record.kind == UInt8(ascii: "s") ? tree.string(record) : nil }

    /// As Yams reads a Bool: not from a `str`-tagged scalar; YAML 1.1's words, in any case.
    var bool: Bool? {
        guard record.kind == UInt8(ascii: "s"), record.tag != .str, let text = string else { return nil }
        switch text.lowercased() {
        case "true", "yes", "on": return true
        case "false", "no", "off": return false
        default: return nil
        }
    }

    /// As Yams reads a number from the node made from this one (its style is `.any`, so any
    /// scalar may be one): `Double(text)`, or Yams' own reading for the texts it treats apart
    /// (`_` separators, sexagesimal `:`, `.inf` and `.nan`).
    var float: Double? {
        guard let text = string else { return nil }
        let special = text.utf8.contains { $0 == UInt8(ascii: "_") || $0 == UInt8(ascii: ":") }
            || (text.utf8.count <= 5 && text.utf8.contains(UInt8(ascii: "."))
                && [".inf", "+.inf", "-.inf", ".nan"].contains(text.lowercased()))
        return special ? yamsNode.float : Double(text)
    }

    /// Never: Yams reads null only from a plain scalar, and the nodes made from the tree have
    /// the style `.any`.
    var isNull: Bool { false }

    var isMapping: Bool { record.kind == UInt8(ascii: "m") }

    var items: [EmbeddedNode]? {
        guard record.kind == UInt8(ascii: "q") else { return nil }
        return tree.children(of: index).map { EmbeddedNode(tree: tree, index: $0) }
    }

    var members: [(key: EmbeddedNode, value: EmbeddedNode)]? {
        guard isMapping else { return nil }
        let children = tree.children(of: index)
        return stride(from: 0, to: children.count - 1, by: 2).map {
            (EmbeddedNode(tree: tree, index: children[$0]), EmbeddedNode(tree: tree, index: children[$0 + 1]))
        }
    }

    /// As Yams looks a string key up: the last key with that text that resolves as a string.
    /// (The pairs are walked in order, keeping the last match, without listing the children.)
    func member(_ key: String) -> EmbeddedNode? {
        guard isMapping else { return nil }
        let records = tree.records
        var found: Int?
        var child = index + 1
        let end = Int(records[index].end)
        while child < end {
            let keyRecord = records[child]
            let value = Int(keyRecord.end)
            guard value < end else { break }
            if keyRecord.kind == UInt8(ascii: "s"), keyRecord.tag == .resolvedAsStr || keyRecord.tag == .str,
               tree.scalar(keyRecord, is: key) {
                found = value
            }
            child = Int(records[value].end)
        }
        return found.map { EmbeddedNode(tree: tree, index: $0) }
    }

    var position: (line: Int, column: Int) { (Int(record.line), Int(record.column)) }

    var yamsNode: Yams.Node { EmbeddedYAML.node(tree.text, at: Int(record.start)) }

    var entryNode: RuleEntry.NodeSource { .embedded(tree, index) }
}
