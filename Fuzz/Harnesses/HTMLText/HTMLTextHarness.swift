@testable import FeedHTML
@testable import FeedModel
import FuzzSupport
import TidingsText

/// HTMLText on any bytes, at a width taken from the input: no line is wider than asked (from 8 cells,
/// the narrowest it lays out), no line holds a control character or escape sequence, link
/// targets never run script, and the one-line plain text has no control character at all. Whenever the
/// fast scan of plain HTML (`HTMLPlainScan`) accepts the input, its text is exactly libxml2's.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzHTMLText(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    var input = FuzzInput(data, size)
    let width = 8 + Int(input.byte()) % 120
    let base = input.byte() & 1 == 0 ? "https://example.org/dir/page.html" : nil
    let html = input.restText
    let rendered = HTMLText.render(html, width: width, baseURL: base)
    for line in rendered.lines {
        require(firstControl(in: line) == nil, "control character in a line: \(visible(line))")
        let cells = TextWidth.width(of: line)
        require(cells <= width, "line of \(cells) cells at width \(width): \(visible(line))")
    }
    for link in rendered.links {
        require(!isScriptURL(link, imageSource: true), "script link: \(visible(link))")
    }
    let plain = HTMLText.plainText(html)
    require(firstControl(in: plain) == nil, "control character in plain text: \(visible(plain))")
    if let scanned = HTMLText.plainTextFromScan(html) {
        let parsed = HTMLText.plainTextFromParser(html)
        require(scanned == parsed, "the scan's text differs from libxml2's: \(visible(scanned)) against \(visible(parsed))")
        require(plain == parsed, "plainText differs from libxml2's text")
    }
    // Most mutated inputs hold something the scan declines (a control character, `<!`, `<?`); the same
    // input without those reaches its rules far more often.
    let plainer = withoutScanDeclines(html)
    if let scanned = HTMLText.plainTextFromScan(plainer) {
        let parsed = HTMLText.plainTextFromParser(plainer)
        require(scanned == parsed, "the scan's text differs from libxml2's: \(visible(scanned)) against \(visible(parsed))")
    }
    return 0
}

/// `html` without C0 controls other than tab, line feed and carriage return, and with `<!` and `<?`
/// made `<b` and `<i`.
private func withoutScanDeclines(_ html: String) -> String {
    var bytes: [UInt8] = []
    var previous: UInt8 = 0
    for byte in html.utf8 {
        if byte < 0x20, byte != 0x09, byte != 0x0A, byte != 0x0D { continue }
        var kept = byte
        if previous == UInt8(ascii: "<"), byte == UInt8(ascii: "!") { kept = UInt8(ascii: "b") }
        if previous == UInt8(ascii: "<"), byte == UInt8(ascii: "?") { kept = UInt8(ascii: "i") }
        bytes.append(kept)
        previous = byte
    }
    return String(decoding: bytes, as: UTF8.self)
}
