import XCTest

@testable import TerminalView

final class KeyDecoderTests: XCTestCase {
    private func decode(_ text: String) -> [InputEvent] {
        var decoder = KeyDecoder()
        return decoder.decode(Array(text.utf8)) + decoder.flush()
    }

    func testPrintableControlAndSpecialBytes() {
        XCTAssertEqual(
            decode("aZ \r\t\u{7F}\u{08}\u{01}\u{0C}\u{1A}\u{0}\u{1F}"),
            [
                .key(.character("a")), .key(.character("Z")), .key(.character(" ")), .key(.enter), .key(.tab),
                .key(.backspace), .key(.backspace), .key(.ctrl("a")), .key(.ctrl("l")), .key(.ctrl("z")),
                .key(.ctrl("@")), .key(.ctrl("_")),
            ])
    }

    func testArrowsInNormalAndApplicationMode() {
        XCTAssertEqual(
            decode("\u{1B}[A\u{1B}[B\u{1B}[C\u{1B}[D\u{1B}OA\u{1B}OB\u{1B}OC\u{1B}OD\u{1B}[1;5A"),
            [.up, .down, .right, .left, .up, .down, .right, .left, .up].map { .key($0) })
    }

    func testHomeEndVariants() {
        // xterm CSI H/F, SS3 H/F, vt220 1~/4~, rxvt 7~/8~
        XCTAssertEqual(
            decode("\u{1B}[H\u{1B}[F\u{1B}OH\u{1B}OF\u{1B}[1~\u{1B}[4~\u{1B}[7~\u{1B}[8~"),
            [.home, .end, .home, .end, .home, .end, .home, .end].map { .key($0) })
    }

    func testPagingInsertDeleteAndFunctionKeys() {
        XCTAssertEqual(
            decode("\u{1B}[5~\u{1B}[6~\u{1B}[2~\u{1B}[3~\u{1B}OP\u{1B}[15~\u{1B}[24~\u{1B}[[A\u{1B}[Z"),
            [.pageUp, .pageDown, .insert, .delete, .function(1), .function(5), .function(12), .function(1), .backTab]
                .map { .key($0) })
    }

    func testSGRMouse() {
        XCTAssertEqual(
            decode("\u{1B}[<0;10;5M\u{1B}[<0;10;5m\u{1B}[<64;1;1M\u{1B}[<65;3;4M\u{1B}[<32;7;8M\u{1B}[<2;100;200M"),
            [
                .mouse(MouseEvent(button: .left, x: 9, y: 4, action: .press)),
                .mouse(MouseEvent(button: .left, x: 9, y: 4, action: .release)),
                .mouse(MouseEvent(button: .wheelUp, x: 0, y: 0, action: .press)),
                .mouse(MouseEvent(button: .wheelDown, x: 2, y: 3, action: .press)),
                .mouse(MouseEvent(button: .left, x: 6, y: 7, action: .drag)),
                .mouse(MouseEvent(button: .right, x: 99, y: 199, action: .press)),
            ])
    }

    func testBracketedPasteKeepsEscapesAndNewlinesAsText() {
        XCTAssertEqual(
            decode("x\u{1B}[200~line one\nq\u{1B}[A\u{1B}[201~y"),
            [.key(.character("x")), .paste("line one\nq\u{1B}[A"), .key(.character("y"))])
    }

    func testSplitReadsWaitForTheRest() {
        var decoder = KeyDecoder()
        XCTAssertEqual(decoder.decode([0x1B]), [])
        XCTAssertTrue(decoder.hasPendingInput)
        XCTAssertEqual(decoder.decode(Array("[".utf8)), [])
        XCTAssertEqual(decoder.decode(Array("5".utf8)), [])
        XCTAssertEqual(decoder.decode(Array("~j".utf8)), [.key(.pageUp), .key(.character("j"))])
        XCTAssertFalse(decoder.hasPendingInput)

        XCTAssertEqual(decoder.decode(Array("\u{1B}[<0;1".utf8)), [])
        XCTAssertEqual(decoder.decode(Array("2;3M".utf8)), [.mouse(MouseEvent(button: .left, x: 11, y: 2, action: .press))])

        XCTAssertEqual(decoder.decode(Array("\u{1B}[200~part".utf8)), [])
        XCTAssertEqual(decoder.decode(Array(" two\u{1B}[20".utf8)), [])
        XCTAssertEqual(decoder.decode(Array("1~".utf8)), [.paste("part two")])
    }

    func testEverySplitPointOfAMixedStreamGivesTheSameEvents() {
        let stream = Array("a\u{1B}[1;5C日\u{1B}OP\u{1B}[<0;3;4M🎉\u{1B}[200~p\u{1B}[201~\u{1B}[6~".utf8)
        var whole = KeyDecoder()
        let expected = whole.decode(stream)
        XCTAssertEqual(expected.count, 8)
        for split in 1..<stream.count {
            var decoder = KeyDecoder()
            let events = decoder.decode(stream[..<split]) + decoder.decode(stream[split...])
            XCTAssertEqual(events, expected, "split at \(split)")
        }
    }

    func testLoneEscapeNeedsFlush() {
        var decoder = KeyDecoder()
        XCTAssertEqual(decoder.decode([0x1B]), [])
        XCTAssertEqual(decoder.flush(), [.key(.escape)])
        XCTAssertEqual(decode("\u{1B}\u{1B}[A"), [.key(.escape), .key(.up)])
        XCTAssertEqual(decode("\u{1B}x"), [.key(.alt("x"))])
    }

    func testUTF8MultibyteAcrossReads() {
        var decoder = KeyDecoder()
        let bytes = Array("é中🎉".utf8)  // 2 + 3 + 4 bytes
        var events: [InputEvent] = []
        for byte in bytes { events += decoder.decode([byte]) }
        XCTAssertEqual(events, [.key(.character("é")), .key(.character("中")), .key(.character("🎉"))])
    }

    func testInvalidBytesAreDropped() {
        var decoder = KeyDecoder()
        XCTAssertEqual(decoder.decode([0x61, 0xFF, 0xC3, 0x28, 0x62]), [.key(.character("a")), .key(.character("(")), .key(.character("b"))])
        XCTAssertEqual(decoder.decode([0xE4, 0xB8]), [])
        XCTAssertEqual(decoder.flush(), [])
        XCTAssertFalse(decoder.hasPendingInput)
    }

    func testUnknownSequencesAreIgnored() {
        XCTAssertEqual(decode("\u{1B}[99~\u{1B}[?1;2cz"), [.key(.character("z"))])
    }
}

final class KeyNameTests: XCTestCase {
    func testParsesConfigNames() {
        XCTAssertEqual(Key(name: "j"), .character("j"))
        XCTAssertEqual(Key(name: "G"), .character("G"))
        XCTAssertEqual(Key(name: "space"), .character(" "))
        XCTAssertEqual(Key(name: "ctrl-l"), .ctrl("l"))
        XCTAssertEqual(Key(name: "C-L"), .ctrl("l"))
        XCTAssertEqual(Key(name: "^L"), .ctrl("l"))
        XCTAssertEqual(Key(name: "alt-x"), .alt("x"))
        XCTAssertEqual(Key(name: "PgDn"), .pageDown)
        XCTAssertEqual(Key(name: "F12"), .function(12))
        XCTAssertNil(Key(name: "f13"))
        XCTAssertNil(Key(name: "hyper-x"))
        XCTAssertNil(Key(name: ""))
    }

    func testNamesRoundTripAndMatchDecodedKeys() {
        let keys: [Key] = [.character("q"), .character(" "), .ctrl("z"), .alt("b"), .enter, .escape, .backspace, .tab,
                           .backTab, .up, .down, .left, .right, .home, .end, .pageUp, .pageDown, .insert, .delete, .function(3)]
        for key in keys { XCTAssertEqual(Key(name: key.name), key, key.name) }
        var decoder = KeyDecoder()
        XCTAssertEqual(decoder.decode(Array("\u{0C}".utf8)), [.key(Key(name: "ctrl-l")!)])
    }
}
