import A11yJSON

public enum Severity: String, Sendable, Hashable, CaseIterable, Comparable, Codable {
    case note, warning, error

    private var rank: Int { switch self { case .note: 0; case .warning: 1; case .error: 2 } }
    public static func < (a: Severity, b: Severity) -> Bool { a.rank < b.rank }
}

/// Where a finding or an input error points: the path as given on the command line
/// and a 1-based line and column (column in Unicode scalars).
public struct SourceLocation: Sendable, Hashable, Comparable {
    public var file: String
    public var line: Int
    public var column: Int

    public init(file: String, line: Int, column: Int) {
        self.file = file
        self.line = line
        self.column = column
    }

    public init(file: String, _ position: JSONPosition) {
        self.init(file: file, line: position.line, column: position.column)
    }

    public static func < (a: SourceLocation, b: SourceLocation) -> Bool {
        (a.file, a.line, a.column) < (b.file, b.line, b.column)
    }

    /// `file:line:column`, the form editors jump to.
    public var description: String { "\(file):\(line):\(column)" }
}

/// The numbers behind a finding, in a fixed key order (so reports are stable).
public struct Measured: Sendable, Hashable {
    public enum Value: Sendable, Hashable {
        case number(Double)
        case string(String)
        case bool(Bool)
        case numbers([Double])
        /// A nested object (`measured.foregroundSource: {"preset": "default"}`), keys in order.
        indirect case object(Measured)
        /// A list of objects (`fix`: one `{role, from, to}` per change).
        case objects([Measured])
    }

    public private(set) var entries: [(key: String, value: Value)]

    public init(_ entries: [(String, Value)] = []) {
        self.entries = entries.map { (key: $0.0, value: $0.1) }
    }

    public var isEmpty: Bool { entries.isEmpty }

    public subscript(key: String) -> Value? {
        get { entries.first(where: { $0.key == key })?.value }
        set {
            if let i = entries.firstIndex(where: { $0.key == key }) {
                if let newValue { entries[i].value = newValue } else { entries.remove(at: i) }
            } else if let newValue {
                entries.append((key: key, value: newValue))
            }
        }
    }

    public func number(_ key: String) -> Double? {
        if case .number(let d)? = self[key] { return d }
        return nil
    }

    public func objects(_ key: String) -> [Measured]? {
        if case .objects(let list)? = self[key] { return list }
        return nil
    }

    public func object(_ key: String) -> Measured? {
        if case .object(let m)? = self[key] { return m }
        return nil
    }

    public func string(_ key: String) -> String? {
        if case .string(let s)? = self[key] { return s }
        return nil
    }

    public static func == (a: Measured, b: Measured) -> Bool {
        a.entries.count == b.entries.count
            && zip(a.entries, b.entries).allSatisfy { $0.key == $1.key && $0.value == $1.value }
    }

    public func hash(into hasher: inout Hasher) {
        for (key, value) in entries { hasher.combine(key); hasher.combine(value) }
    }

    /// The bytes `json.write(to:indent:)` writes (pretty), written straight to `out`
    /// without building the `JSONOutput` tree: reports write one per finding.
    public func write(to out: inout [UInt8], indent: Int) {
        guard !entries.isEmpty else { out.append(UInt8(ascii: "{")); out.append(UInt8(ascii: "}")); return }
        out.append(UInt8(ascii: "{"))
        entries.withUnsafeBufferPointer { entries in
            for index in entries.indices {
                if index > 0 { out.append(UInt8(ascii: ",")) }
                JSONOutput.newline(indent + 1, to: &out)
                JSONOutput.writeString(entries[index].key, to: &out)
                out.append(UInt8(ascii: ":"))
                out.append(UInt8(ascii: " "))
                entries[index].value.write(to: &out, indent: indent + 1)
            }
        }
        JSONOutput.newline(indent, to: &out)
        out.append(UInt8(ascii: "}"))
    }

    public var json: JSONOutput {
        .object(entries.map { entry in
            switch entry.value {
            case .number(let d): return (entry.key, .number(d))
            case .string(let s): return (entry.key, .string(s))
            case .bool(let b): return (entry.key, .bool(b))
            case .numbers(let ds): return (entry.key, .array(ds.map { .number($0) }))
            case .object(let fields): return (entry.key, fields.json)
            case .objects(let list): return (entry.key, .array(list.map(\.json)))
            }
        })
    }
}

/// One problem a rule found.
public struct Finding: Sendable, Hashable {
    public var rule: String
    public var severity: Severity
    public var message: String
    public var location: SourceLocation
    public var component: String?
    public var variant: String?
    public var theme: String?
    public var wcag: [String]
    public var measured: Measured
    /// What a baseline matches the finding's place on, so that edits elsewhere in the file
    /// do not resurrect old findings: in Swift, the trimmed text of its line (at most 200
    /// characters); in a spec, the JSON path and value it points at (`JSONLocator`).
    public var baselineKey: String?
    /// `--pseudo-locale`: the pseudo-locale the variant's label was checked in.
    public var pseudoLocale: String?
    /// The language of the String Catalog translation the variant's label was checked in.
    public var lang: String?
    /// The plural form (`one`, `few`, `other`, …) of that translation, when the label varies
    /// by number.
    public var plural: String?

    public init(rule: String, severity: Severity, message: String, location: SourceLocation,
                component: String? = nil, variant: String? = nil, theme: String? = nil,
                wcag: [String] = [], measured: Measured = Measured(), baselineKey: String? = nil) {
        self.rule = rule
        self.severity = severity
        self.message = message
        self.location = location
        self.component = component
        self.variant = variant
        self.theme = theme
        self.wcag = wcag
        self.measured = measured
        self.baselineKey = baselineKey
    }

    /// Report order: file, line, column, rule; then the remaining fields so that
    /// ties are broken the same way on every run.
    public static func reportOrder(_ a: Finding, _ b: Finding) -> Bool {
        if a.location != b.location { return a.location < b.location }
        if a.rule != b.rule { return a.rule < b.rule }
        let ka = (a.component ?? "", a.variant ?? "", a.theme ?? "", a.message)
        let kb = (b.component ?? "", b.variant ?? "", b.theme ?? "", b.message)
        return ka < kb
    }
}

/// An input that could not be read or parsed (exit code 2). The rest of the input
/// is still linted.
public struct InputError: Error, Sendable, Hashable, CustomStringConvertible {
    public var location: SourceLocation
    public var message: String

    public init(location: SourceLocation, message: String) {
        self.location = location
        self.message = message
    }

    public init(file: String, line: Int = 1, column: Int = 1, message: String) {
        self.init(location: SourceLocation(file: file, line: line, column: column), message: message)
    }

    public var description: String { "\(location.description): \(message)" }

    public static func order(_ a: InputError, _ b: InputError) -> Bool {
        a.location != b.location ? a.location < b.location : a.message < b.message
    }
}

extension Measured.Value {
    /// This value as `Measured.json` writes it, at nesting level `indent`.
    func write(to out: inout [UInt8], indent: Int) {
        switch self {
        case .number(let d): JSONOutput.writeNumber(d, to: &out)
        case .string(let s): JSONOutput.writeString(s, to: &out)
        case .bool(let b): (b ? "true" as StaticString : "false").withUTF8Buffer { out.append(contentsOf: $0) }
        case .object(let fields): fields.write(to: &out, indent: indent)
        case .numbers(let list): Self.writeArray(list.count, to: &out, indent: indent) { out, i in
            JSONOutput.writeNumber(list[i], to: &out)
        }
        case .objects(let list): Self.writeArray(list.count, to: &out, indent: indent) { out, i in
            list[i].write(to: &out, indent: indent + 1)
        }
        }
    }

    private static func writeArray(_ count: Int, to out: inout [UInt8], indent: Int,
                                   _ item: (inout [UInt8], Int) -> Void) {
        guard count > 0 else { out.append(contentsOf: "[]".utf8); return }
        out.append(UInt8(ascii: "["))
        for i in 0..<count {
            if i > 0 { out.append(UInt8(ascii: ",")) }
            JSONOutput.newline(indent + 1, to: &out)
            item(&out, i)
        }
        JSONOutput.newline(indent, to: &out)
        out.append(UInt8(ascii: "]"))
    }
}
