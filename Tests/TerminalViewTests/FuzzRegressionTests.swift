import TerminalView
import XCTest

/// Inputs the fuzz harnesses (Fuzz/, `make fuzz`) found breaking a property, each kept as a seed
/// under Fuzz/Seeds/<target>/ as well.
final class TerminalViewFuzzRegressionTests: XCTestCase {
    /// fuzz-keys: a UTF-8 encoded C1 control (`C2 90`, DCS) came out as a printable character key,
    /// which a prompt would then insert; it is dropped, and what follows still decodes.
    func testUTF8EncodedC1ControlIsNoCharacterKey() {
        var decoder = KeyDecoder()
        let events = decoder.decode([0xC2, 0x90, 0x08, 0xC2, 0x9B, 0x41, 0xC3, 0xA9]) + decoder.flush()
        XCTAssertEqual(events, [.key(.backspace), .key(.character("A")), .key(.character("é"))])
    }
}
