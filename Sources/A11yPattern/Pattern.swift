#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import CPCRE2

/// A compiled PCRE2 pattern (UTF-8, UCP), JIT-compiled once where the platform
/// supports it, by the first match that uses it: a run compiles many patterns it never
/// matches with (the conditions of rules whose anchors a file lacks, rules left out by
/// `--only-rule`), and the JIT compile costs several times the compile itself. The
/// compiled code is shared and read-only once JIT-compiled, so one `Pattern` may be used
/// by many threads at once; the per-match state lives in a `MatchScratch`.
///
/// Two ways to match:
/// - `matches(in:)`, `firstMatch(in:)`, `isMatch(_:)`: convenient, each call sets up its
///   own scratch;
/// - `firstMatch(in:from:scratch:subjectIsValidUTF8:)`: for hot loops (thousands of short
///   subjects per file), reusing one `MatchScratch` per thread or per file, with the cheap
///   rejections of `cannotMatch(_:)` tried first by the caller.
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
    /// Whether the JIT compiled the pattern (asking compiles it, as a first match would).
    public var isJITCompiled: Bool {
        prepareCode()
        return jitFlags[0] == Pattern.jitCompiled
    }
    /// The literal text every match must start with when the pattern is anchored with a
    /// leading `^` (`^\.accessibilityHidden\(` → `.accessibilityHidden(`); empty otherwise.
    public let anchoredPrefix: [UInt8]
    /// For a pattern anchored at the subject's start: the bytes a match may start with
    /// (PCRE2's own analysis) as a 256-bit set; nil when unknown.
    private let anchoredFirstBytes: [UInt64]?
    /// Texts every match holds (see `RequiredLiterals`).
    private let requiredLiterals: RequiredLiterals?
    /// For a pattern with an `anchoredPrefix`: the texts every match holds that the rest of
    /// the pattern matches, so they lie at `tailOffset` or later in a match.
    /// `^\.onTapGesture\s*\{…(?:Tap|tapped…)` requires `Tap`, which the prefix itself always
    /// holds, so searched from the start it would reject nothing.
    private let tailLiterals: RequiredLiterals?
    /// Where the rest of a match after the prefix starts: the prefix's length, one less
    /// when its last character is repeated (`^ab+c…`: the rest, `b+c…`, reads that `b` again).
    private let tailOffset: Int
    /// Where matches can start (see `MatchStarts`), read from the source when first asked
    /// (`startsFlag`): only a rule's anchor is searched at candidate starts, and most
    /// patterns are conditions, tested on one link or range at a time.
    private var matchStarts: MatchStarts? {
        if a11y_flag_load_acquire(jitFlags + Pattern.startsFlag) == 0 { readStarts() }
        return startsSlot.pointee
    }
    private let startsSlot: UnsafeMutablePointer<MatchStarts?>

    private let code: OpaquePointer
    /// The pattern compiled again with `PCRE2_ANCHORED`, for the searches at candidate
    /// starts (`MatchStarts`): the JIT does not take `PCRE2_ANCHORED` at match time, and
    /// PCRE2 would run its interpreter instead. Compiled by the first such search (see
    /// `preparedAnchoredCode()`); nil until then.
    private let anchoredCode: UnsafeMutablePointer<OpaquePointer?>
    /// For `code` (0) and `anchoredCode` (1): 0 until it was JIT-compiled (the anchored one
    /// compiled first), then `jitCompiled` or `jitFailed`; for `matchStarts` (2): 1 once
    /// read. Read with acquire and written with release, under `jitLock`, so a thread that
    /// sees one set also sees what it guards.
    private let jitFlags: UnsafeMutablePointer<Int32>
    private static let jitCompiled: Int32 = 1, jitFailed: Int32 = 2, startsFlag = 2
    /// Held while a compile or a reading of starts runs (any pattern's: only the first
    /// matches wait on it).
    nonisolated(unsafe) private static let jitLock: UnsafeMutablePointer<pthread_mutex_t> = {
        let lock = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
        pthread_mutex_init(lock, nil)
        return lock
    }()

    public init(_ source: String, options: Options = []) throws(PatternError) {
        self.source = source
        self.options = options
        var errorCode: Int32 = 0
        var errorOffset = 0
        let flags = options.rawValue | PCRE2_UTF | PCRE2_UCP
        let length = source.utf8.count
        let compiled: OpaquePointer? = source.withCString { cString in
            cString.withMemoryRebound(to: UInt8.self, capacity: length) { pointer in
                pcre2_compile_8(pointer, length, flags, &errorCode, &errorOffset, nil)
            }
        }
        guard let compiled else {
            throw PatternError(pattern: source, offset: errorOffset, message: Pattern.errorMessage(errorCode))
        }
        code = compiled
        jitFlags = UnsafeMutablePointer<Int32>.allocate(capacity: 3)
        jitFlags.initialize(repeating: 0, count: 3)
        startsSlot = UnsafeMutablePointer<MatchStarts?>.allocate(capacity: 1)
        startsSlot.initialize(to: nil)
        anchoredCode = UnsafeMutablePointer<OpaquePointer?>.allocate(capacity: 1)
        anchoredCode.initialize(to: nil)

        var count: UInt32 = 0
        pcre2_pattern_info_8(compiled, UInt32(PCRE2_INFO_CAPTURECOUNT), &count)
        groupCount = Int(count)
        groupNames = Pattern.readGroupNames(compiled)
        // Multiline `^` also matches after a newline, and caseless or extended syntax
        // changes what a literal is: the prefilters only hold for plain patterns.
        let plain = options.subtracting(.dotAll).isEmpty
        let bytes = Array(source.utf8)
        let prefixReading = plain ? Pattern.readPrefix(ofAnchored: bytes) : nil
        anchoredPrefix = prefixReading?.prefix ?? []
        if let prefixReading, !prefixReading.prefix.isEmpty {
            tailLiterals = RequiredLiterals(source: Array(bytes[prefixReading.tailStart...]))
            tailOffset = prefixReading.tailOffset
        } else {
            tailLiterals = nil
            tailOffset = 0
        }
        // (A byte search: `String.contains` of a string is a costly generic search.)
        anchoredFirstBytes = plain && !Pattern.holds(bytes, Array("(?i".utf8)) ? Pattern.anchoredFirstBytes(of: compiled) : nil
        // Also for an anchored pattern: once its start fits, PCRE2 may read the whole subject
        // (`^\.onTapGesture[\s\S]*\.performClick\(` on a long closure).
        requiredLiterals = plain ? RequiredLiterals(source: bytes) : nil
    }

    deinit {
        pcre2_code_free_8(code)
        if let anchored = anchoredCode.pointee { pcre2_code_free_8(anchored) }
        anchoredCode.deallocate()
        startsSlot.deinitialize(count: 1)
        startsSlot.deallocate()
        jitFlags.deallocate()
    }

    private func readStarts() {
        pthread_mutex_lock(Pattern.jitLock)
        defer { pthread_mutex_unlock(Pattern.jitLock) }
        guard jitFlags[Pattern.startsFlag] == 0 else { return }
        // The prefilters only hold for plain patterns (see `init`).
        startsSlot.pointee = options.subtracting(.dotAll).isEmpty ? MatchStarts(source: Array(source.utf8)) : nil
        a11y_flag_store_release(jitFlags + Pattern.startsFlag, 1)
    }

    /// JIT-compiles `code` unless that was done. PCRE2 changes the code as it JIT-compiles
    /// it, so no match may run on it meanwhile: every match passes here first, and waits
    /// for the lock while the flag is unset.
    @inline(__always)
    private func prepareCode() {
        if a11y_flag_load_acquire(jitFlags) == 0 { compileJIT(anchored: false) }
    }

    /// `anchoredCode`, compiled and JIT-compiled by the first call (nil if PCRE2 refused it,
    /// and then the searches at candidates run the full search instead).
    @inline(__always)
    private func preparedAnchoredCode() -> OpaquePointer? {
        if a11y_flag_load_acquire(jitFlags + 1) == 0 { compileJIT(anchored: true) }
        return anchoredCode.pointee
    }

    private func compileJIT(anchored: Bool) {
        pthread_mutex_lock(Pattern.jitLock)
        defer { pthread_mutex_unlock(Pattern.jitLock) }
        let flag = anchored ? 1 : 0
        guard jitFlags[flag] == 0 else { return }
        var compiled: OpaquePointer? = code
        if anchored {
            var errorCode: Int32 = 0
            var errorOffset = 0
            let length = source.utf8.count
            compiled = source.withCString { cString in
                cString.withMemoryRebound(to: UInt8.self, capacity: length) { pointer in
                    pcre2_compile_8(pointer, length, options.rawValue | PCRE2_UTF | PCRE2_UCP | PCRE2_ANCHORED,
                                    &errorCode, &errorOffset, nil)
                }
            }
            anchoredCode.pointee = compiled
        }
        let done = compiled.map { pcre2_jit_compile_8($0, PCRE2_JIT_COMPLETE) == 0 } == true
        a11y_flag_store_release(jitFlags + flag, done ? Pattern.jitCompiled : Pattern.jitFailed)
    }

    // MARK: Convenient matching

    /// Every non-overlapping match in `subject`, in order. Offsets are UTF-8 byte
    /// offsets. Throws `PatternLimitError` when the match or depth limit is hit.
    public func matches(in subject: String, limits: MatchLimits = .default) throws(PatternLimitError) -> [PatternMatch] {
        var copy = subject
        return try copy.withUTF8 { buffer in
            Result { () throws(PatternLimitError) in
                try matches(in: buffer, limits: limits, subjectIsValidUTF8: true)
            }
        }.get()
    }

    public func matches(in bytes: [UInt8], limits: MatchLimits = .default) throws(PatternLimitError) -> [PatternMatch] {
        // The standard library validates UTF-8 several times faster than PCRE2's own check;
        // invalid bytes still go to PCRE2, which reports them as before.
        let valid: Bool
        if #available(macOS 26.0, iOS 26.0, *) {
            valid = (try? UTF8Span(validating: bytes.span)) != nil
        } else {
            valid = String(validating: bytes, as: UTF8.self) != nil
        }
        return try bytes.withUnsafeBufferPointer { buffer in
            Result { () throws(PatternLimitError) in try matches(in: buffer, limits: limits, subjectIsValidUTF8: valid) }
        }.get()
    }

    public func firstMatch(in subject: String, limits: MatchLimits = .default) throws(PatternLimitError) -> PatternMatch? {
        var copy = subject
        return try copy.withUTF8 { buffer in
            Result { () throws(PatternLimitError) in
                try matches(in: buffer, limits: limits, maxCount: 1, subjectIsValidUTF8: true).first
            }
        }.get()
    }

    /// True when the pattern matches anywhere in `subject`.
    public func isMatch(_ subject: String, limits: MatchLimits = .default) throws(PatternLimitError) -> Bool {
        try firstMatch(in: subject, limits: limits) != nil
    }

    /// Every non-overlapping match from `start` on (at most `maxCount`), groups included.
    /// `subjectIsValidUTF8` skips PCRE2's UTF check (linear in the subject, on every
    /// call): pass true only for bytes known to be valid UTF-8, such as a Swift string's.
    public func matches(in subject: UnsafeBufferPointer<UInt8>, from start: Int = 0,
                        limits: MatchLimits = .default, maxCount: Int = .max,
                        subjectIsValidUTF8: Bool = false) throws(PatternLimitError) -> [PatternMatch] {
        let scratch = MatchScratch(limits: limits, capturePairs: groupCount + 1)
        var checkOption = subjectIsValidUTF8 ? PCRE2_NO_UTF_CHECK : 0
        var results: [PatternMatch] = []
        var offset = start
        var emptyAtOffset = false
        while offset <= subject.count, results.count < maxCount {
            // After an empty match, first look for a non-empty one at the same place.
            let retryOptions = emptyAtOffset ? PCRE2_NOTEMPTY_ATSTART | PCRE2_ANCHORED : 0
            let rc = run(on: subject, from: offset, options: checkOption | retryOptions, scratch: scratch)
            if rc == PCRE2_ERROR_NOMATCH {
                if !emptyAtOffset { break }
                emptyAtOffset = false
                offset = Pattern.nextCharacter(after: offset, in: subject)
                continue
            }
            if rc < 0 { throw limitError(rc) }
            // PCRE2 checked the whole subject once: later searches need not again.
            checkOption = PCRE2_NO_UTF_CHECK
            let ovector = pcre2_get_ovector_pointer_8(scratch.matchData)!
            var groups: [Range<Int>?] = []
            groups.reserveCapacity(groupCount + 1)
            for i in 0...groupCount {
                let lower = ovector[2 * i], upper = ovector[2 * i + 1]
                groups.append(lower == Pattern.unset ? nil : Int(lower)..<Int(upper))
            }
            let whole = groups[0]!
            results.append(PatternMatch(groups: groups, names: groupNames))
            emptyAtOffset = whole.isEmpty
            offset = whole.upperBound
        }
        return results
    }

    // MARK: Hot-loop matching

    /// The outcome of one search with a reused scratch.
    public enum Outcome: Sendable, Equatable {
        /// The byte range of the whole match.
        case match(Range<Int>)
        case noMatch
        /// The match or depth limit, or the JIT stack even after its one retry, ran out.
        case limit(PatternLimitError)
    }

    /// The first match in `subject` at or after `start`, using `scratch` (match data and
    /// a context with its limits) instead of setting them up: no allocation per call.
    /// Only the whole match is read, so a scratch with one capture pair is enough.
    /// A search that runs out of JIT stack is retried once on the scratch's larger stack.
    public func firstMatch(in subject: UnsafeBufferPointer<UInt8>, from start: Int = 0, scratch: MatchScratch,
                           subjectIsValidUTF8: Bool = false) -> Outcome {
        let rc = run(on: subject, from: start, options: subjectIsValidUTF8 ? PCRE2_NO_UTF_CHECK : 0, scratch: scratch)
        if rc == PCRE2_ERROR_NOMATCH { return .noMatch }
        if rc < 0 { return .limit(limitError(rc)) }
        let ovector = pcre2_get_ovector_pointer_8(scratch.matchData)!
        return .match(Int(ovector[0])..<Int(ovector[1]))
    }

    /// Where matches may start in `subject`, found once for a loop of
    /// `firstMatch(in:from:candidates:scratch:subjectIsValidUTF8:)` over it: literal
    /// texts found by a byte search, walked back to where a match holding them starts
    /// (see `MatchStarts`). Every offset when the pattern's starts are not known.
    /// `literals`: the literals already found in this subject, shared with other patterns.
    public func candidates(in subject: UnsafeBufferPointer<UInt8>,
                           literals: LiteralOffsets = LiteralOffsets()) -> MatchCandidates {
        guard let matchStarts, case .offsets(let offsets) = matchStarts.offsets(in: subject, literals: literals) else {
            return MatchCandidates(offsets: nil)
        }
        return MatchCandidates(offsets: offsets)
    }

    /// The same outcome as `firstMatch(in:from:scratch:subjectIsValidUTF8:)`, searching
    /// only at `candidates` (from `candidates(in:)` on the same subject), each with one
    /// anchored PCRE2 match: lookbehinds still see the text before it, and `\K` moves the
    /// reported start as in the full search.
    public func firstMatch(in subject: UnsafeBufferPointer<UInt8>, from start: Int, candidates: inout MatchCandidates,
                           scratch: MatchScratch, subjectIsValidUTF8: Bool = false) -> Outcome {
        guard let offsets = candidates.offsets else {
            return firstMatch(in: subject, from: start, scratch: scratch, subjectIsValidUTF8: subjectIsValidUTF8)
        }
        var cursor = candidates.cursor
        // Searches usually move forward; one from further back starts over.
        if cursor > 0, offsets[cursor - 1] >= start { cursor = 0 }
        while cursor < offsets.count, offsets[cursor] < start { cursor += 1 }
        guard cursor < offsets.count else {
            candidates.cursor = cursor
            return .noMatch
        }
        guard let anchoredCode = preparedAnchoredCode() else {
            return firstMatch(in: subject, from: start, scratch: scratch, subjectIsValidUTF8: subjectIsValidUTF8)
        }
        defer { candidates.cursor = cursor }
        let options = subjectIsValidUTF8 ? PCRE2_NO_UTF_CHECK : 0
        while cursor < offsets.count {
            let rc = run(anchoredCode, on: subject, from: offsets[cursor], options: options, scratch: scratch)
            if rc == PCRE2_ERROR_NOMATCH {
                cursor += 1
                continue
            }
            if rc < 0 { return .limit(limitError(rc)) }
            let ovector = pcre2_get_ovector_pointer_8(scratch.matchData)!
            return .match(Int(ovector[0])..<Int(ovector[1]))
        }
        return .noMatch
    }

    /// True when `subject` cannot match a search from its start: its first byte cannot
    /// start a match, or it does not start with `anchoredPrefix`, or it lacks the texts
    /// every match holds (`RequiredLiterals`: a byte search; past the prefix for the texts
    /// of what follows it). Cheaper than any call into PCRE2; false means "maybe".
    @inline(__always)
    public func cannotMatch(_ subject: UnsafeBufferPointer<UInt8>) -> Bool {
        if let firstBytes = anchoredFirstBytes {
            // A first code unit or start bitmap means a match has at least one byte.
            guard let first = subject.first else { return true }
            if firstBytes[Int(first) / 64] & (1 << UInt64(first % 64)) == 0 { return true }
        }
        let prefix = anchoredPrefix
        if !prefix.isEmpty {
            guard subject.count >= prefix.count else { return true }
            for index in 0..<prefix.count where subject[index] != prefix[index] { return true }
            if let tailLiterals { return tailLiterals.excludes(UnsafeBufferPointer(rebasing: subject[tailOffset...])) }
        }
        return requiredLiterals?.excludes(subject) ?? false
    }

    /// One `pcre2_match`, retried once on a larger JIT stack when the default one is
    /// too small (deep but legitimate input, such as a long argument list).
    /// `anchored`: the prepared anchored code for an anchored search, else nil (`self.code`).
    private func run(_ anchored: OpaquePointer? = nil, on subject: UnsafeBufferPointer<UInt8>, from start: Int,
                     options: UInt32, scratch: MatchScratch) -> Int32 {
        let code: OpaquePointer
        if let anchored {
            code = anchored
        } else {
            prepareCode()
            code = self.code
        }
        // PCRE2 wants a pointer even for an empty subject.
        let base = subject.baseAddress ?? UnsafePointer(emptySubject)
        // A JIT-compiled code searched in a subject known to be valid UTF-8 goes straight to
        // the JIT (`pcre2_jit_match`): what `pcre2_match` does itself after checking its
        // arguments, which for the short links and ranges of the conditions cost about as
        // much as the search. Anything it would check or refuse takes the usual path.
        if options == PCRE2_NO_UTF_CHECK, start <= subject.count,
           a11y_flag_load_acquire(jitFlags + (anchored == nil ? 0 : 1)) == Pattern.jitCompiled {
            var rc = pcre2_jit_match_8(code, base, subject.count, start, options, scratch.matchData, scratch.context)
            if rc == PCRE2_ERROR_JIT_STACKLIMIT, scratch.growJITStack() {
                rc = pcre2_jit_match_8(code, base, subject.count, start, options, scratch.matchData, scratch.context)
            }
            if rc != PCRE2_ERROR_JIT_BADOPTION { return rc }
        }
        var rc = pcre2_match_8(code, base, subject.count, start, options, scratch.matchData, scratch.context)
        if rc == PCRE2_ERROR_JIT_STACKLIMIT, scratch.growJITStack() {
            rc = pcre2_match_8(code, base, subject.count, start, options, scratch.matchData, scratch.context)
        }
        return rc
    }

    /// PCRE2_UNSET: the ovector value of a group that took no part in the match.
    private static let unset = ~Int(0)  // PCRE2_SIZE is size_t, imported as Int

    private func limitError(_ rc: Int32) -> PatternLimitError {
        PatternLimitError(pattern: source, message: Pattern.errorMessage(rc))
    }

    // MARK: Pattern analysis

    /// `cannotMatch` for bytes that are searched only after some of them are blanked to
    /// spaces (Swift code whose comments and strings a reader masks): true only when they
    /// lack every text of a clause of `RequiredLiterals` that holds no space (blanking
    /// cannot make such a text appear).
    public func cannotMatch(beforeBlanking subject: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let requiredLiterals, !requiredLiterals.holdsSpace else { return false }
        return requiredLiterals.excludes(subject)
    }

    /// True when `subject` lacks every text of a clause of `RequiredLiterals`: no search in
    /// it, from any offset, can match. Unlike `cannotMatch`, nothing is judged from the
    /// subject's start.
    /// `literals`: the texts already found in `subject`, shared with other patterns.
    public func lacksRequiredText(_ subject: UnsafeBufferPointer<UInt8>, literals: LiteralOffsets? = nil) -> Bool {
        requiredLiterals?.excludes(subject, literals: literals) ?? false
    }

    /// The literal texts this pattern's searches look for (`MatchStarts` and
    /// `RequiredLiterals`), for a `LiteralSet` to find them all in one pass.
    var literalTexts: [[UInt8]] {
        (matchStarts?.starts.map(\.literal) ?? []) + (requiredLiterals?.clauses.flatMap { $0 } ?? [])
    }

    /// Texts every match holds, for tests: one list per clause (nil: none known).
    public var requiredTexts: [[String]]? {
        requiredLiterals?.clauses.map { $0.map { String(decoding: $0, as: UTF8.self) } }
    }

    /// Where matches can start, for tests: each start's steps and literal written out
    /// (`.` for a byte step's byte, `\s*` or `\s+` for blanks, then `|` and the literal);
    /// nil when not known.
    public var startTexts: [String]? {
        matchStarts?.starts.map { start in
            let steps = start.before.map { step -> String in
                switch step {
                case .byte(let byte): return String(UnicodeScalar(byte))
                case .blanks(let minimum): return minimum == 0 ? "\\s*" : "\\s{\(minimum),}"
                }
            }
            return steps.joined() + "|" + String(decoding: start.literal, as: UTF8.self)
        }
    }

    private static func anchoredFirstBytes(of code: OpaquePointer) -> [UInt64]? {
        var options: UInt32 = 0
        pcre2_pattern_info_8(code, UInt32(PCRE2_INFO_ALLOPTIONS), &options)
        guard options & PCRE2_ANCHORED != 0 else { return nil }
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

    /// The literal characters right after a leading `^`, up to the first construct that
    /// is not a plain character; empty when the pattern is not anchored that way or has a
    /// top-level alternative (`^a|b`).
    public static func literalPrefix(ofAnchored pattern: [UInt8]) -> [UInt8] {
        readPrefix(ofAnchored: pattern).prefix
    }

    /// `literalPrefix(ofAnchored:)`, with where the rest of the pattern starts in `pattern`
    /// (`tailStart`) and in a match (`tailOffset`).
    static func readPrefix(ofAnchored pattern: [UInt8]) -> (prefix: [UInt8], tailStart: Int, tailOffset: Int) {
        guard pattern.first == UInt8(ascii: "^") else { return ([], 0, 0) }
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
                return ([], 0, 0)
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
                guard escaped < 0x80, !isWordByte(escaped) else { break }
                literal = escaped
                width = 2
            } else if isWordByte(byte) && byte < 0x80 || byte == UInt8(ascii: ":")
                        || byte == UInt8(ascii: ",") || byte == UInt8(ascii: "@") || byte == UInt8(ascii: "#") {
                literal = byte
            } else {
                break
            }
            // A quantifier after it makes it optional (or repeated: keep it once for `+`).
            let next = index + width < pattern.count ? pattern[index + width] : 0
            if next == UInt8(ascii: "?") || next == UInt8(ascii: "*") || next == UInt8(ascii: "{") { break }
            prefix.append(literal)
            // The rest, `c+`, matches this character again.
            if next == UInt8(ascii: "+") { return (prefix, index, prefix.count - 1) }
            index += width
        }
        return (prefix, index, prefix.count)
    }

    /// ASCII letters, digits and `_`: characters a regex takes literally, and whose
    /// escaped forms (`\s`, `\b`, `\1`) are not literals.
    static func isWordByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
             UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"):
            return true
        default:
            return false
        }
    }

    /// Whether `bytes` holds `text`.
    static func holds(_ bytes: [UInt8], _ text: [UInt8]) -> Bool {
        guard !text.isEmpty else { return true }
        guard text.count <= bytes.count else { return false }
        return (0...(bytes.count - text.count)).contains { start in
            bytes[start..<start + text.count].elementsEqual(text)
        }
    }

    static func nextCharacter(after offset: Int, in subject: UnsafeBufferPointer<UInt8>) -> Int {
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

/// The offsets of one subject where a pattern's matches may start (`Pattern.candidates(in:)`),
/// and how far a search loop has gone through them.
public struct MatchCandidates: Sendable {
    /// Ascending; nil for every offset (the full search).
    public let offsets: [Int]?
    var cursor = 0

    init(offsets: [Int]?) { self.offsets = offsets }

    /// True when no match can start anywhere in the subject.
    public var isEmpty: Bool { offsets?.isEmpty ?? false }
}

/// One readable byte for empty subjects (PCRE2 rejects a null subject pointer).
nonisolated(unsafe) private let emptySubject: UnsafeMutablePointer<UInt8> = {
    let byte = UnsafeMutablePointer<UInt8>.allocate(capacity: 1)
    byte.initialize(to: 0)
    return byte
}()

/// The per-match state of PCRE2 — match data and a match context carrying the limits —
/// made once and reused for any number of matches of any patterns, by one thread at a
/// time. The JIT first runs on its default 32 KiB machine stack; the first match that
/// needs more gets a 4 MiB JIT stack, kept for the scratch's life.
public final class MatchScratch {
    public let limits: MatchLimits
    let matchData: OpaquePointer
    let context: OpaquePointer
    private var jitStack: OpaquePointer?

    /// `capturePairs`: how many ranges a match records (1 = the whole match only, which
    /// is all `Pattern.firstMatch(in:from:scratch:)` reads; keeps the data small).
    public init(limits: MatchLimits = .default, capturePairs: Int = 1) {
        self.limits = limits
        matchData = pcre2_match_data_create_8(UInt32(max(1, capturePairs)), nil)!
        context = pcre2_match_context_create_8(nil)!
        pcre2_set_match_limit_8(context, limits.matchLimit)
        pcre2_set_depth_limit_8(context, limits.depthLimit)
    }

    /// True once a match has needed (and got) the larger JIT stack.
    public var hasLargeJITStack: Bool { jitStack != nil }

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
public struct PatternLimitError: Error, Sendable, Equatable, CustomStringConvertible {
    public let pattern: String
    public let message: String
    public var description: String { message }
}
