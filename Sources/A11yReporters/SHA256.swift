/// SHA-256 (FIPS 180-4), for fingerprints that stay the same across runs, machines
/// and Swift versions (`Hasher` is seeded per process). Foundation on Linux has no
/// CryptoKit, and the inputs are short, so a plain implementation is enough.
enum SHA256 {
    private static let k: [UInt32] = [
        0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
        0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
        0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
        0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
        0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
        0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
        0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
        0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
    ]

    static func digest(_ message: [UInt8]) -> [UInt8] {
        let state = message.withUnsafeBufferPointer { words(of: $0) }
        return state.flatMap { word in (0..<4).map { UInt8(truncatingIfNeeded: word >> UInt32(24 - $0 * 8)) } }
    }

    /// The eight words of the digest of `message`, hashed where it lies: only the last
    /// block or two (with the padding and length) are copied, and no array is made.
    private static func words(of message: UnsafeBufferPointer<UInt8>) -> [UInt32] {
        var h: (UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32) =
            (0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19)
        k.withUnsafeBufferPointer { k in
            withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 64) { w in
                let whole = message.count / 64
                for block in 0..<whole {
                    compress(UnsafeBufferPointer(rebasing: message[(block * 64)..<(block * 64 + 64)]), &h, w, k)
                }
                // The rest, 0x80, zeros, and the length in bits: one block or two.
                withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 128) { tail in
                    let rest = message.count - whole * 64
                    let length = rest < 56 ? 64 : 128
                    for i in 0..<rest { tail[i] = message[whole * 64 + i] }
                    tail[rest] = 0x80
                    for i in (rest + 1)..<length { tail[i] = 0 }
                    let bits = UInt64(message.count) &* 8
                    for i in 0..<8 { tail[length - 1 - i] = UInt8(truncatingIfNeeded: bits >> UInt64(8 * i)) }
                    for start in stride(from: 0, to: length, by: 64) {
                        compress(UnsafeBufferPointer(rebasing: tail[start..<(start + 64)]), &h, w, k)
                    }
                }
            }
        }
        return [h.0, h.1, h.2, h.3, h.4, h.5, h.6, h.7]
    }

    /// One 64-byte block into the state `h`; `w` is room for the message schedule.
    @inline(__always)
    private static func compress(_ block: UnsafeBufferPointer<UInt8>,
                                 _ h: inout (UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32),
                                 _ w: UnsafeMutableBufferPointer<UInt32>, _ k: UnsafeBufferPointer<UInt32>) {
        for i in 0..<16 {
            let b = i * 4
            w[i] = UInt32(block[b]) << 24 | UInt32(block[b + 1]) << 16 | UInt32(block[b + 2]) << 8 | UInt32(block[b + 3])
        }
        for i in 16..<64 {
            let s0 = rotr(w[i - 15], 7) ^ rotr(w[i - 15], 18) ^ (w[i - 15] >> 3)
            let s1 = rotr(w[i - 2], 17) ^ rotr(w[i - 2], 19) ^ (w[i - 2] >> 10)
            w[i] = w[i - 16] &+ s0 &+ w[i - 7] &+ s1
        }
        var (a, b, c, d, e, f, g, hh) = h
        for i in 0..<64 {
            let s1 = rotr(e, 6) ^ rotr(e, 11) ^ rotr(e, 25)
            let choice = (e & f) ^ (~e & g)
            let t1 = hh &+ s1 &+ choice &+ k[i] &+ w[i]
            let s0 = rotr(a, 2) ^ rotr(a, 13) ^ rotr(a, 22)
            let majority = (a & b) ^ (a & c) ^ (b & c)
            let t2 = s0 &+ majority
            (hh, g, f, e, d, c, b, a) = (g, f, e, d &+ t1, c, b, a, t1 &+ t2)
        }
        h = (h.0 &+ a, h.1 &+ b, h.2 &+ c, h.3 &+ d, h.4 &+ e, h.5 &+ f, h.6 &+ g, h.7 &+ hh)
    }

    static func hex(_ text: String) -> String {
        var text = text
        return text.withUTF8 { hex(of: $0) }
    }

    /// The first `length` (at most 64) lowercase hex digits of the digest of `message`.
    static func hex(of message: UnsafeBufferPointer<UInt8>, length: Int = 64) -> String {
        let state = words(of: message)
        let digits: StaticString = "0123456789abcdef"
        let length = min(max(length, 0), 64)
        return String(unsafeUninitializedCapacity: length) { out in
            digits.withUTF8Buffer { digits in
                for index in 0..<length {
                    let word = state[index / 8]
                    out[index] = digits[Int((word >> UInt32(28 - 4 * (index % 8))) & 0xF)]
                }
            }
            return length
        }
    }

    private static func rotr(_ x: UInt32, _ n: UInt32) -> UInt32 { (x >> n) | (x << (32 - n)) }
}
