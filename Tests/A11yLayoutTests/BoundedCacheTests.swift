import Testing
@testable import A11yLayout

/// The layout caches stay bounded by entries and by the bytes of text they hold.
struct BoundedCacheTests {
    @Test func emptiesWhenFullOfEntries() {
        var cache = BoundedCache<Int, Int>(entryLimit: 4, byteLimit: 1_000)
        for key in 0..<4 { cache.insert(key * 10, for: key, cost: 1) }
        #expect(cache.count == 4)
        #expect(cache[3] == 30)
        cache.insert(40, for: 4, cost: 1)
        #expect(cache.count == 1)
        #expect(cache[0] == nil)
        #expect(cache[4] == 40)
    }

    @Test func emptiesBeforeHoldingTooManyBytes() {
        var cache = BoundedCache<String, Int>(entryLimit: 1_000, byteLimit: 100)
        cache.insert(1, for: "a", cost: 60)
        cache.insert(2, for: "b", cost: 40)
        #expect(cache.count == 2)
        // 60 + 40 + 1 > 100: the cache starts again with the new entry only.
        cache.insert(3, for: "c", cost: 1)
        #expect(cache.count == 1)
        #expect(cache["a"] == nil && cache["c"] == 3)
        // One entry larger than the whole budget is still kept, alone.
        cache.insert(4, for: "d", cost: 500)
        #expect(cache.count == 1 && cache["d"] == 4)
        cache.insert(5, for: "e", cost: 1)
        #expect(cache.count == 1 && cache["e"] == 5)
    }
}
