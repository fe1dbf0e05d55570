/// A position in a source file. `line` and `column` are 1-based; `column` counts
/// Unicode scalars from the start of the line; `offset` is the 0-based UTF-8 byte
/// offset in the file.
public struct JSONPosition: Hashable, Sendable, Comparable {
    public var line: Int
    public var column: Int
    public var offset: Int

    public init(line: Int, column: Int, offset: Int) {
        self.line = line
        self.column = column
        self.offset = offset
    }

    public static func < (a: JSONPosition, b: JSONPosition) -> Bool { a.offset < b.offset }
}

/// A parsed JSON value that remembers where it stands in the source text.
public struct JSONNode: Sendable {
    public enum Value: Sendable {
        case null
        case bool(Bool)
        /// The number as a Double plus its literal text (for exact echoing).
        case number(Double, literal: String)
        case string(String)
        case array([JSONNode])
        case object([JSONMember])
    }

    public var value: Value
    /// Position of the value's first character (the `"`, `{`, `[`, digit, …).
    public var position: JSONPosition
    /// Byte offset just past the value's last character.
    public var endOffset: Int

    public init(value: Value, position: JSONPosition, endOffset: Int) {
        self.value = value
        self.position = position
        self.endOffset = endOffset
    }
}

/// One `"key": value` member of an object, in source order (duplicates kept).
public struct JSONMember: Sendable {
    public var key: String
    public var keyPosition: JSONPosition
    public var value: JSONNode

    public init(key: String, keyPosition: JSONPosition, value: JSONNode) {
        self.key = key
        self.keyPosition = keyPosition
        self.value = value
    }
}

public extension JSONNode {
    var typeName: String {
        switch value {
        case .null: return "null"
        case .bool: return "boolean"
        case .number: return "number"
        case .string: return "string"
        case .array: return "array"
        case .object: return "object"
        }
    }

    var stringValue: String? { if case .string(let s) = value { return s }; return nil }
    var boolValue: Bool? { if case .bool(let b) = value { return b }; return nil }
    var doubleValue: Double? { if case .number(let d, _) = value { return d }; return nil }
    var arrayValue: [JSONNode]? { if case .array(let a) = value { return a }; return nil }
    var objectMembers: [JSONMember]? { if case .object(let m) = value { return m }; return nil }
    var isNull: Bool { if case .null = value { return true }; return false }

    /// The last member with this key (JSON's usual "last one wins").
    subscript(key: String) -> JSONNode? {
        guard case .object(let members) = value else { return nil }
        return members.last(where: { $0.key == key })?.value
    }
}
