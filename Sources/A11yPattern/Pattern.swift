import CPCRE2

/// A compiled PCRE2 pattern (UTF-8, UCP), JIT-compiled once where the platform
/// supports it. Matching is thread-safe: each call uses its own match data.
public final class Pattern: @unchecked Sendable {
    public struct Options: OptionSet, Sendable, Hashable {
        public let rawValue: UInt32
        public init(rawValue: UInt32) { self.rawValue = rawValue }
        public static let caseless = Options(rawValue: PCRE2_CASELESS)
        public static let multiline = Options(rawValue: PCRE2_MULTILINE)
        public static let dotAll = Options(rawValue: PCRE2_DOTALL)
        public static let extended = Options(rawValue: PCRE2_EXTENDED)
    }

    public let source: String
    public let options: Options
    /// Named capture groups and their numbers.
    public let groupNames: [String: Int]
    public let groupCount: Int
    public let isJITCompiled: Bool

    private let code: OpaquePointer

    public init(_ source: String, options: Options = []) throws(PatternError) {
        self.source = source
        self.options = options
        var errorCode: Int32 = 0
        var errorOffset = 0
        let flags = options.rawValue | PCRE2_UTF | PCRE2_UCP
        let compiled: OpaquePointer? = source.withCString { cString in
            cString.withMemoryRebound(to: UInt8.self, capacity: source.utf8.count) { ptr in
                pcre2_compile_8(ptr, source.utf8.count, flags, &errorCode, &errorOffset, nil)
            }
        }
        guard let compiled else {
            throw PatternError(pattern: source, offset: errorOffset,
                               message: Pattern.errorMessage(errorCode))
        }
        code = compiled
        isJITCompiled = pcre2_jit_compile_8(compiled, PCRE2_JIT_COMPLETE) == 0

        var count: UInt32 = 0
        pcre2_pattern_info_8(compiled, UInt32(PCRE2_INFO_CAPTURECOUNT), &count)
        groupCount = Int(count)
        groupNames = Pattern.readGroupNames(compiled)
    }

    deinit { pcre2_code_free_8(code) }

    /// Every non-overlapping match in `subject`, in order. Offsets are UTF-8 byte
    /// offsets. Throws `PatternLimitError` when the match or depth limit is hit.
    public func matches(in subject: String, limits: MatchLimits = .default) throws(PatternLimitError) -> [PatternMatch] {
        var copy = subject
        return try copy.withUTF8 { buffer in Result { () throws(PatternLimitError) in try matches(in: buffer, limits: limits) } }.get()
    }

    public func matches(in bytes: [UInt8], limits: MatchLimits = .default) throws(PatternLimitError) -> [PatternMatch] {
        try bytes.withUnsafeBufferPointer { buffer in Result { () throws(PatternLimitError) in try matches(in: buffer, limits: limits) } }.get()
    }

    public func firstMatch(in subject: String, limits: MatchLimits = .default) throws(PatternLimitError) -> PatternMatch? {
        var copy = subject
        return try copy.withUTF8 { buffer in
            Result { () throws(PatternLimitError) in try matches(in: buffer, from: 0, limits: limits, maxCount: 1).first }
        }.get()
    }

    /// True when the pattern matches anywhere in `subject`.
    public func isMatch(_ subject: String, limits: MatchLimits = .default) throws(PatternLimitError) -> Bool {
        try firstMatch(in: subject, limits: limits) != nil
    }

    public func matches(in subject: UnsafeBufferPointer<UInt8>, from start: Int = 0,
                        limits: MatchLimits = .default, maxCount: Int = .max) throws(PatternLimitError) -> [PatternMatch] {
        guard let matchData = pcre2_match_data_create_from_pattern_8(code, nil) else { return [] }
        defer { pcre2_match_data_free_8(matchData) }
        guard let context = pcre2_match_context_create_8(nil) else { return [] }
        defer { pcre2_match_context_free_8(context) }
        pcre2_set_match_limit_8(context, limits.matchLimit)
        pcre2_set_depth_limit_8(context, limits.depthLimit)
        // A JIT stack larger than the 32 KiB default, so that deep but legitimate
        // patterns do not fail; the limits above still bound the work.
        let jitStack = isJITCompiled ? pcre2_jit_stack_create_8(32 * 1024, 1024 * 1024, nil) : nil
        defer { if let jitStack { pcre2_jit_stack_free_8(jitStack) } }
        if let jitStack { pcre2_jit_stack_assign_8(context, nil, UnsafeMutableRawPointer(jitStack)) }

        let base = subject.baseAddress ?? UnsafePointer<UInt8>(bitPattern: 1)!
        let length = subject.count
        var results: [PatternMatch] = []
        var offset = start
        var options: UInt32 = 0
        while offset <= length, results.count < maxCount {
            let rc = pcre2_match_8(code, base, length, offset, options, matchData, context)
            if rc == PCRE2_ERROR_NOMATCH {
                if options == 0 { break }
                // An empty match at `offset` was found before: retry one character on.
                options = 0
                offset = Pattern.nextCharacter(after: offset, in: subject)
                continue
            }
            if rc < 0 {
                throw PatternLimitError(pattern: source, message: Pattern.errorMessage(rc))
            }
            let ovector = pcre2_get_ovector_pointer_8(matchData)!
            var groups: [Range<Int>?] = []
            groups.reserveCapacity(groupCount + 1)
            for i in 0...groupCount {
                let lower = ovector[2 * i], upper = ovector[2 * i + 1]
                if lower == size_t.max {
                    groups.append(nil)
                } else {
                    groups.append(Int(lower)..<Int(upper))
                }
            }
            let whole = groups[0]!
            results.append(PatternMatch(groups: groups, names: groupNames))
            if whole.isEmpty {
                // Avoid looping on an empty match: next try must be non-empty here.
                options = PCRE2_NOTEMPTY_ATSTART | PCRE2_ANCHORED
                offset = whole.upperBound
            } else {
                options = 0
                offset = whole.upperBound
            }
        }
        return results
    }

    private static func nextCharacter(after offset: Int, in subject: UnsafeBufferPointer<UInt8>) -> Int {
        var next = offset + 1
        while next < subject.count, subject[next] & 0xC0 == 0x80 { next += 1 }
        return next
    }

    private static func readGroupNames(_ code: OpaquePointer) -> [String: Int] {
        var count: UInt32 = 0
        var entrySize: UInt32 = 0
        var table: UnsafePointer<UInt8>? = nil
        pcre2_pattern_info_8(code, UInt32(PCRE2_INFO_NAMECOUNT), &count)
        guard count > 0 else { return [:] }
        pcre2_pattern_info_8(code, UInt32(PCRE2_INFO_NAMEENTRYSIZE), &entrySize)
        pcre2_pattern_info_8(code, UInt32(PCRE2_INFO_NAMETABLE), &table)
        guard let table else { return [:] }
        var names: [String: Int] = [:]
        for i in 0..<Int(count) {
            let entry = table + i * Int(entrySize)
            let number = Int(entry[0]) << 8 | Int(entry[1])
            let name = String(cString: entry + 2)
            names[name] = number
        }
        return names
    }

    static func errorMessage(_ code: Int32) -> String {
        var buffer = [UInt8](repeating: 0, count: 256)
        let n = pcre2_get_error_message_8(code, &buffer, buffer.count)
        return n > 0 ? String(decoding: buffer[0..<Int(n)], as: UTF8.self) : "PCRE2 error \(code)"
    }
}

/// Bounds on the work one match attempt may do, so that a catastrophic pattern
/// cannot hang a run (see SwiftLint #4215).
public struct MatchLimits: Sendable, Hashable {
    public var matchLimit: UInt32
    public var depthLimit: UInt32
    public init(matchLimit: UInt32, depthLimit: UInt32) {
        self.matchLimit = matchLimit
        self.depthLimit = depthLimit
    }
    /// About a million backtracking steps per attempt: milliseconds of work.
    public static let `default` = MatchLimits(matchLimit: 1_000_000, depthLimit: 10_000)
}

public struct PatternMatch: Sendable, Hashable {
    /// Byte ranges of the whole match (index 0) and of each group (nil if unset).
    public let groups: [Range<Int>?]
    let names: [String: Int]

    public var range: Range<Int> { groups[0]! }
    public subscript(group: Int) -> Range<Int>? { group < groups.count ? groups[group] : nil }
    public subscript(name: String) -> Range<Int>? { names[name].flatMap { self[$0] } }
}

public struct PatternError: Error, Sendable, CustomStringConvertible {
    public let pattern: String
    /// Byte offset in the pattern where PCRE2 stopped.
    public let offset: Int
    public let message: String
    public var description: String { "invalid pattern at offset \(offset): \(message)" }
}

/// A match that hit the match or depth limit (or another run-time error).
public struct PatternLimitError: Error, Sendable, CustomStringConvertible {
    public let pattern: String
    public let message: String
    public var description: String { message }
}
