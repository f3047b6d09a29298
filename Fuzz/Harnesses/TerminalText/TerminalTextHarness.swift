import FuzzSupport
import ReaderControllers
import TerminalView

/// The terminal text sanitizer and the console line cleaner on any text: what they return holds no
/// C0 or C1 control character, no escape sequence (no ESC, no CSI) and no bidi control; a single line
/// holds no break and is already clean (cleaning it again changes nothing).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTerminalText(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    var input = FuzzInput(data, size)
    let tabWidth = Int(input.byte() % 17)
    let text = input.restText

    let single = TerminalSanitizer.singleLine(text)
    checkClean(single, "singleLine")
    require(TerminalSanitizer.singleLine(single) == single, "singleLine not idempotent: \(visible(single))")
    require(!single.hasPrefix(" ") && !single.hasSuffix(" ") && !single.contains("  "), "spaces left: \(visible(single))")
    checkClean(TerminalSanitizer.laidOutLine(text), "laidOutLine")
    for line in TerminalSanitizer.lines(of: text, tabWidth: tabWidth) { checkClean(line, "lines(of:)") }
    checkClean(ConsoleText.line(text), "ConsoleText.line")
    for line in ConsoleText.lines(text).split(separator: "\n", omittingEmptySubsequences: false) {
        checkClean(String(line), "ConsoleText.lines")
    }
    return 0
}

func checkClean(_ text: String, _ function: String) {
    if let control = firstControl(in: text) {
        require(false, "\(function) left U+\(String(control.value, radix: 16)): \(visible(text))")
    }
    if let bidi = firstBidiControl(in: text) {
        require(false, "\(function) left bidi control U+\(String(bidi.value, radix: 16)): \(visible(text))")
    }
    require(!text.unicodeScalars.contains { $0 == "\u{2028}" || $0 == "\u{2029}" }, "\(function) left a line separator")
}
