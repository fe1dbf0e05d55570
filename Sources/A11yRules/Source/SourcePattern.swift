import CPCRE2
import A11yPattern

/// A PCRE2 pattern of a source rule, compiled (and JIT-compiled) once.
///
/// A11yPattern's `Pattern` sets up match data, a match context and a JIT stack on every
/// call, which costs more than scanning a small file; source rules run thousands of short
/// matches per second (every link of every chain), so they reuse one `MatchScratch` per
/// file instead. The JIT then runs on its default 32 KiB machine stack: a pattern that
/// needs more fails with a limit error, which the rule set reports like any other limit.
final class SourcePattern: @unchecked Sendable {
    let source: String
    let isJITCompiled: Bool
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
        let rc = pcre2_match_8(code, base, subject.count, start, PCRE2_NO_UTF_CHECK,
                               scratch.matchData, scratch.context)
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

    deinit {
        pcre2_match_data_free_8(matchData)
        pcre2_match_context_free_8(context)
    }
}
