import Testing
@testable import A11yModel

/// The process-wide memo keeps at most its limit, and an answer in use is not forgotten
/// when the table fills with others (it was cleared all at once before).
@Suite struct AnswerMemoTests {
    @Test func anAnswerInUseSurvivesAFullTable() {
        let memo = AnswerMemo<Int, Int>(limit: 4)
        var computed: [Int] = []
        func ask(_ n: Int) -> Int { memo.answer(n) { computed.append(n); return n * n } }
        #expect(ask(7) == 49)
        for n in 100..<120 {
            #expect(ask(n) == n * n)
            #expect(ask(7) == 49)
        }
        #expect(computed == [7] + Array(100..<120))
        // Older answers not asked again are dropped: at most the limit is kept.
        #expect(ask(100) == 10_000)
        #expect(computed.last == 100 && computed.count == 22)
    }
}
