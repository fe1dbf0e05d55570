import XCTest
import A11yJSON
@testable import A11yModel

final class ColorEditTests: XCTestCase {
    /// Rewrites the value of `key` in `json` to `color` and returns the new text.
    func rewrite(_ json: String, _ key: String, to color: RGBA,
                 accepts: (RGBA) -> Bool = { _ in true }) throws -> String? {
        let doc = try JSONDocument(text: json)
        let node = try XCTUnwrap(doc.root[key])
        guard let edits = ColorEdit.edits(for: node, in: doc.bytes, to: color, accepts: accepts) else { return nil }
        return String(decoding: ByteEdit.apply(edits, to: doc.bytes), as: UTF8.self)
    }

    func testHexKeepsItsLengthAndCase() throws {
        let grey = RGBA(hex: "#767676")!
        XCTAssertEqual(try rewrite(##"{"c": "#808080"}"##, "c", to: grey), ##"{"c": "#767676"}"##)
        XCTAssertEqual(try rewrite(##"{"c":"#40b259" }"##, "c", to: RGBA(hex: "#008231")!), ##"{"c":"#008231" }"##)
        XCTAssertEqual(try rewrite(##"{"c": "#abcdef"}"##, "c", to: RGBA(hex: "#ABCDE0")!), ##"{"c": "#abcde0"}"##)
        // 8 digits stay 8: the alpha byte is written too.
        var translucent = RGBA(hex: "#000000")!
        translucent.alpha = 137 / 255
        XCTAssertEqual(try rewrite(##"{"c": "#00000080"}"##, "c", to: translucent), ##"{"c": "#00000089"}"##)
        XCTAssertEqual(try rewrite(##"{"c": "#00000080"}"##, "c", to: grey), ##"{"c": "#767676FF"}"##)
        // 3 digits stay 3 when the colour fits, else grow to 6.
        XCTAssertEqual(try rewrite(##"{"c": "#888"}"##, "c", to: RGBA(hex: "#777")!), ##"{"c": "#777"}"##)
        XCTAssertEqual(try rewrite(##"{"c": "#888"}"##, "c", to: grey), ##"{"c": "#767676"}"##)
        // 6 digits cannot hold a translucent colour.
        XCTAssertNil(try rewrite(##"{"c": "#808080"}"##, "c", to: translucent))
    }

    func testObjectsKeepKeysOrderAndSpacing() throws {
        let json = "{\"c\": {\"white\": 0,\n      \"alpha\": 0.5}, \"d\": 1}"
        var darker = RGBA(white: 0)
        darker.alpha = 0.54
        XCTAssertEqual(try rewrite(json, "c", to: darker), "{\"c\": {\"white\": 0,\n      \"alpha\": 0.54}, \"d\": 1}")
        let rgb = ##"{"c": { "alpha": 1, "blue": 0.35, "red": 0.25, "green": 0.7 }}"##
        XCTAssertEqual(try rewrite(rgb, "c", to: RGBA(red: 0.2, green: 0.6, blue: 0.35)),
                       ##"{"c": { "alpha": 1, "blue": 0.35, "red": 0.2, "green": 0.6 }}"##)
        // A white object holds only greys.
        XCTAssertNil(try rewrite(json, "c", to: RGBA(red: 0.2, green: 0.6, blue: 0.35)))
    }

    /// Numbers are written as short as the check allows: 0.53 fails 4.5:1 on white, 0.54 passes.
    func testShortestPassingDecimals() throws {
        let json = ##"{"c": {"white": 0, "alpha": 0.5}}"##
        var c = RGBA(white: 0)
        c.alpha = 137.0 / 255
        let accepts: (RGBA) -> Bool = { Contrast.ratio($0.composited(over: .white), .white) >= 4.5 }
        XCTAssertEqual(try rewrite(json, "c", to: c, accepts: accepts), ##"{"c": {"white": 0, "alpha": 0.54}}"##)
    }

    func testUnifiedDiff() {
        let old = Array("{\n  \"a\": 1,\n  \"c\": \"#808080\",\n  \"d\": 2\n}\n".utf8)
        let new = Array("{\n  \"a\": 1,\n  \"c\": \"#767676\",\n  \"d\": 2\n}\n".utf8)
        XCTAssertEqual(UnifiedDiff.make(path: "x.json", old: old, new: new), """
            --- x.json
            +++ x.json
            @@ -1,5 +1,5 @@
             {
               "a": 1,
            -  "c": "#808080",
            +  "c": "#767676",
               "d": 2
             }

            """)
        XCTAssertEqual(UnifiedDiff.make(path: "x.json", old: old, new: old), "")
    }
}
