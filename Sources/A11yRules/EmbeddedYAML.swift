import Yams

/// The rule files' YAML trees as `a11ylint-embed-rules` wrote them at build time (its
/// `TreeWriter` describes the form; keep the two in step), read back into the nodes Yams'
/// `compose` gave there: the same texts, tags and positions, without a YAML parser, the
/// duplicate-key check or Yams' resolver at run time (reading the catalogue's YAML was a
/// fifth of a one-spec run).
enum EmbeddedYAML {
    static func node(_ tree: String) -> Yams.Node {
        var tree = tree
        return tree.withUTF8 { bytes in
            var reader = Reader(bytes: bytes)
            return reader.node()
        }
    }

    /// Yams makes its `Mark`s itself (the initializer is internal): a mark is its line and
    /// column, two `Int`s, which `EmbeddedCatalogueTests` holds equal to the parser's.
    static func mark(line: Int, column: Int) -> Mark {
        precondition(MemoryLayout<Mark>.size == MemoryLayout<(Int, Int)>.size)
        return unsafeBitCast((line, column), to: Mark.self)
    }

    private struct Reader {
        let bytes: UnsafeBufferPointer<UInt8>
        var at = 0
        let constructor = Constructor.default

        init(bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

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

        mutating func text(_ count: Int) -> String {
            let end = min(at + count, bytes.count)
            defer { at = end }
            return String(decoding: UnsafeBufferPointer(rebasing: bytes[at..<end]), as: UTF8.self)
        }

        mutating func tag() -> Tag {
            let code = at < bytes.count ? bytes[at] : UInt8(ascii: "i")
            at += 1
            let name: Tag.Name
            switch code {
            case UInt8(ascii: "s"): name = .str
            case UInt8(ascii: "t"): name = Tag.Name(rawValue: text(number()))
            default: name = .implicit
            }
            return Tag(name, .basic, constructor)
        }

        mutating func node() -> Yams.Node {
            guard at < bytes.count else { return Node("", Tag(.implicit, .basic, constructor)) }
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
