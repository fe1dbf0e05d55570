import Foundation

/// Answers already worked out in this process, by question, shared by every thread (a lock
/// guards the tables; the work runs outside it). At most `limit` answers are kept, in two
/// halves: when the newer half is full the older one is dropped and the newer takes its
/// place, so the answers in use survive (one found in the older half moves to the newer).
/// The tables are `HashKeyedTable`s and the class asks nothing of `Question` itself: a memo's
/// first use on a worker costs no search of the conformance records (see HashKeyedTable).
public final class AnswerMemo<Question, Answer>: @unchecked Sendable {
    @usableFromInline let lock = NSLock()
    @usableFromInline var answers = HashKeyedTable<Question, Answer>()
    @usableFromInline var older = HashKeyedTable<Question, Answer>()
    @usableFromInline let half: Int

    public init(limit: Int) { half = max(limit / 2, 1) }
}

extension AnswerMemo where Question: Hashable {
    /// The answer to `question`: a kept one, or `compute()`'s (kept for the next to ask).
    @inlinable
    public func answer(_ question: Question, _ compute: () -> Answer) -> Answer {
        let hash = question.hashValue
        lock.lock()
        if let known = answers.value(for: question, hash: hash) { lock.unlock(); return known }
        if let known = older.value(for: question, hash: hash) { keep(question, hash, known); lock.unlock(); return known }
        lock.unlock()
        let value = compute()
        lock.lock()
        keep(question, hash, value)
        lock.unlock()
        return value
    }

    /// Stores an answer in the newer half (the lock held).
    @inlinable
    func keep(_ question: Question, _ hash: Int, _ value: Answer) {
        if answers.count >= half { older = answers; answers = HashKeyedTable() }
        answers.set(value, for: question, hash: hash)
    }
}
