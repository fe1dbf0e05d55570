import CPCRE2
import A11yPattern

/// A PCRE2 pattern of a source rule, compiled (and JIT-compiled) once.
///
/// A11yPattern's `Pattern` sets up match data, a match context and a JIT stack on every
/// call, which costs more than scanning a small file; source rules run thousands of short
/// matches per second (every link of every chain), so they reuse one `MatchScratch` per
/// file instead. The JIT runs on its default 32 KiB machine stack; a match that needs more
/// is retried once on a 4 MiB JIT stack made for that file, and only then reported as a
/// limit.
final class SourcePattern: @unchecked Sendable {
    let source: String
    let isJITCompiled: Bool
    /// The literal text every match must start with when the pattern is anchored with
    /// `^` (`^\.accessibilityHidden\(` → `.accessibilityHidden(`): conditions test it
    /// before calling PCRE2, which costs more than the whole comparison.
    let anchoredPrefix: [UInt8]
    /// For a pattern anchored at the start: the bytes a match may start with (from PCRE2's
    /// own analysis), as a 256-bit set; nil when unknown. Another cheap rejection.
    private let anchoredFirstBytes: [UInt64]?
    private let code: OpaquePointer

    /// Compiles `source` (UTF-8, Unicode properties). On failure returns the byte
    /// offset in the pattern and PCRE2's message.
    init(_ source: String) throws(SourcePatternError) {
        self.source = source
        var errorCode: Int32 = 0
        var errorOffset = 0
        let length = source.utf8.count
        let compiled: OpaquePointer? = source.withCString { cString in
            cString.withMemoryRebound(to: UInt8.self, capacity: length) { pointer in
                pcre2_compile_8(pointer, length, PCRE2_UTF | PCRE2_UCP, &errorCode, &errorOffset, nil)
            }
        }
        guard let compiled else {
            throw SourcePatternError(offset: errorOffset, message: SourcePattern.message(for: errorCode))
        }
        code = compiled
        isJITCompiled = pcre2_jit_compile_8(compiled, PCRE2_JIT_COMPLETE) == 0
        anchoredPrefix = SourcePattern.literalPrefix(ofAnchored: Array(source.utf8))
        anchoredFirstBytes = SourcePattern.firstBytes(ofAnchored: compiled, caseless: source.contains("(?i"))
    }

    private static func firstBytes(ofAnchored code: OpaquePointer, caseless: Bool) -> [UInt64]? {
        var options: UInt32 = 0
        pcre2_pattern_info_8(code, UInt32(PCRE2_INFO_ALLOPTIONS), &options)
        guard options & PCRE2_ANCHORED != 0, !caseless else { return nil }
        var type: UInt32 = 0
        pcre2_pattern_info_8(code, UInt32(PCRE2_INFO_FIRSTCODETYPE), &type)
        var set = [UInt64](repeating: 0, count: 4)
        if type == 1 {
            var unit: UInt32 = 0
            pcre2_pattern_info_8(code, UInt32(PCRE2_INFO_FIRSTCODEUNIT), &unit)
            guard unit < 256 else { return nil }
            set[Int(unit) / 64] |= 1 << UInt64(unit % 64)
            return set
        }
        var bitmap: UnsafePointer<UInt8>? = nil
        pcre2_pattern_info_8(code, UInt32(PCRE2_INFO_FIRSTBITMAP), &bitmap)
        guard let bitmap else { return nil }
        for byte in 0..<256 where bitmap[byte / 8] & (1 << UInt8(byte % 8)) != 0 {
            set[byte / 64] |= 1 << UInt64(byte % 64)
        }
        return set
    }

    /// True when `subject` cannot match: its first byte cannot start a match, or it does
    /// not start with `anchoredPrefix`.
    @inline(__always)
    func cannotMatch(_ subject: UnsafeBufferPointer<UInt8>) -> Bool {
        if let firstBytes = anchoredFirstBytes {
            // A first code unit or start bitmap means a match has at least one byte.
            guard let first = subject.first else { return true }
            if firstBytes[Int(first) / 64] & (1 << UInt64(first % 64)) == 0 { return true }
        }
        let prefix = anchoredPrefix
        guard !prefix.isEmpty else { return false }
        guard subject.count >= prefix.count else { return true }
        for index in 0..<prefix.count where subject[index] != prefix[index] { return true }
        return false
    }

    /// The literal characters right after a leading `^`, up to the first construct that
    /// is not a plain character; empty when the pattern is not anchored that way or has a
    /// top-level alternative (`^a|b`).
    static func literalPrefix(ofAnchored pattern: [UInt8]) -> [UInt8] {
        guard pattern.first == UInt8(ascii: "^") else { return [] }
        // A `|` outside groups and classes makes `^` bind to one branch only.
        var depth = 0, inClass = false, index = 0
        while index < pattern.count {
            let byte = pattern[index]
            if byte == UInt8(ascii: "\\") { index += 2; continue }
            if inClass {
                if byte == UInt8(ascii: "]") { inClass = false }
            } else if byte == UInt8(ascii: "[") {
                inClass = true
            } else if byte == UInt8(ascii: "(") {
                depth += 1
            } else if byte == UInt8(ascii: ")") {
                depth -= 1
            } else if byte == UInt8(ascii: "|"), depth == 0 {
                return []
            }
            index += 1
        }
        var prefix: [UInt8] = []
        index = 1
        while index < pattern.count {
            let byte = pattern[index]
            let literal: UInt8
            var width = 1
            if byte == UInt8(ascii: "\\") {
                guard index + 1 < pattern.count else { break }
                let escaped = pattern[index + 1]
                // `\.` is a dot; `\s`, `\b`, `\w`, `\1`… are not literals.
                guard escaped < 0x80, !isIdentifierByte(escaped) else { break }
                literal = escaped
                width = 2
            } else if isIdentifierByte(byte) && byte < 0x80 && byte != UInt8(ascii: "$") || byte == UInt8(ascii: ":")
                        || byte == UInt8(ascii: ",") || byte == UInt8(ascii: "@") || byte == UInt8(ascii: "#") {
                literal = byte
            } else {
                break
            }
            // A quantifier after it makes it optional (or repeated: keep it once for `+`).
            let next = index + width < pattern.count ? pattern[index + width] : 0
            if next == UInt8(ascii: "?") || next == UInt8(ascii: "*") || next == UInt8(ascii: "{") { break }
            prefix.append(literal)
            if next == UInt8(ascii: "+") { break }
            index += width
        }
        return prefix
    }

    deinit { pcre2_code_free_8(code) }

    /// The first match in `subject` at or after `start`. Subjects come from Swift strings,
    /// so they are valid UTF-8 and the per-call UTF check (linear in the subject) is skipped.
    func firstMatch(in subject: UnsafeBufferPointer<UInt8>, from start: Int = 0,
                    scratch: MatchScratch) -> MatchOutcome {
        guard let base = subject.baseAddress else {
            // PCRE2 wants a pointer even for an empty subject.
            let empty: [UInt8] = [0]
            return empty.withUnsafeBufferPointer { firstMatch(in: UnsafeBufferPointer(rebasing: $0[0..<0]), scratch: scratch) }
        }
        var rc = pcre2_match_8(code, base, subject.count, start, PCRE2_NO_UTF_CHECK,
                               scratch.matchData, scratch.context)
        if rc == PCRE2_ERROR_JIT_STACKLIMIT, scratch.growJITStack() {
            // Deep but legitimate (a long argument list): retry once on a larger stack.
            rc = pcre2_match_8(code, base, subject.count, start, PCRE2_NO_UTF_CHECK,
                               scratch.matchData, scratch.context)
        }
        if rc == PCRE2_ERROR_NOMATCH { return .none }
        if rc < 0 { return .limit(SourcePattern.message(for: rc)) }
        let ovector = pcre2_get_ovector_pointer_8(scratch.matchData)!
        return .match(Int(ovector[0])..<Int(ovector[1]))
    }

    static func message(for code: Int32) -> String {
        var buffer = [UInt8](repeating: 0, count: 256)
        let count = pcre2_get_error_message_8(code, &buffer, buffer.count)
        return count > 0 ? String(decoding: buffer[0..<Int(count)], as: UTF8.self) : "PCRE2 error \(code)"
    }
}

enum MatchOutcome {
    case match(Range<Int>)
    case none
    /// The match or depth limit (or the JIT stack) ran out.
    case limit(String)
}

struct SourcePatternError: Error {
    var offset: Int
    var message: String
}

/// Match data and a match context carrying the limits, made once per linted file and
/// used by one thread at a time.
final class MatchScratch {
    let matchData: OpaquePointer
    let context: OpaquePointer
    init(limits: MatchLimits) {
        // Only the whole match is read; a short ovector keeps the data small.
        matchData = pcre2_match_data_create_8(1, nil)!
        context = pcre2_match_context_create_8(nil)!
        pcre2_set_match_limit_8(context, limits.matchLimit)
        pcre2_set_depth_limit_8(context, limits.depthLimit)
    }

    private var jitStack: OpaquePointer?

    /// Gives the context a large JIT stack; false when it already has one.
    func growJITStack() -> Bool {
        guard jitStack == nil, let stack = pcre2_jit_stack_create_8(64 * 1024, 4 * 1024 * 1024, nil) else { return false }
        jitStack = stack
        pcre2_jit_stack_assign_8(context, nil, UnsafeMutableRawPointer(stack))
        return true
    }

    deinit {
        pcre2_match_data_free_8(matchData)
        pcre2_match_context_free_8(context)
        if let jitStack { pcre2_jit_stack_free_8(jitStack) }
    }
}
