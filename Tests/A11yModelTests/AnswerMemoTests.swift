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

    /// Questions whose hash values collide each keep their own answer, in both halves.
    @Test func questionsWithTheSameHashKeepTheirOwnAnswers() {
        struct Colliding: Hashable {
            var n: Int
            func hash(into hasher: inout Hasher) { hasher.combine(n % 3) }
        }
        let memo = AnswerMemo<Colliding, Int>(limit: 10)
        var computed: [Int] = []
        func ask(_ n: Int) -> Int { memo.answer(Colliding(n: n)) { computed.append(n); return n * 10 } }
        for n in 0..<6 { #expect(ask(n) == n * 10) }
        for n in 0..<6 { #expect(ask(n) == n * 10) } // from the older half, then the newer
        #expect(computed == Array(0..<6))
        var table = HashKeyedTable<Colliding, String>()
        let a = Colliding(n: 1), b = Colliding(n: 4)
        table.set("a", for: a, hash: a.hashValue)
        table.set("b", for: b, hash: b.hashValue)
        table.set("b2", for: b, hash: b.hashValue)
        #expect(table.count == 2)
        #expect(table.value(for: a, hash: a.hashValue) == "a")
        #expect(table.value(for: b, hash: b.hashValue) == "b2")
        #expect(table.value(for: Colliding(n: 7), hash: Colliding(n: 7).hashValue) == nil)
        // Growing places every entry again, colliding ones included; emptied, it finds none.
        for n in 0..<500 { table.set("\(n)", for: Colliding(n: n)) }
        #expect(table.count == 500)
        #expect((0..<500).allSatisfy { table[Colliding(n: $0)] == "\($0)" })
        table.removeAll(keepingCapacity: true)
        #expect(table.count == 0 && table[a] == nil)
        table.set("a", for: a)
        #expect(table[a] == "a" && table[b] == nil)
    }

    /// The subscript with a default reads the default for a missing key and sets what is
    /// changed through it, as a dictionary's does.
    @Test func aDefaultValueIsSetWhenChanged() {
        var table = HashKeyedTable<String, [Int]>()
        #expect(table["x", default: [0]] == [0] && table.count == 0)
        table["x", default: []].append(1)
        table["x", default: []].append(2)
        table["y", default: [9]].append(3)
        #expect(table["x"] == [1, 2] && table["y"] == [9, 3] && table.count == 2)
    }
}
