@testable import FeedModel
import FuzzSupport

/// HTMLSanitizer on any bytes: the output is safe (only allow-listed tags and attributes, no
/// `script`, no `on…` handler, no `javascript:`/`vbscript:`/`data:` URL outside `img src` raster
/// images), well-formed in the sanitizer's own shape, and sanitizing it again changes nothing.
/// Differential: wherever the no-change fast path (`isKnownUnchanged`) takes an input, the full
/// sanitizer returns that input byte for byte; `sanitize` (with the fast path) returns what the full
/// sanitizer does; the properties are checked on the full path.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSanitize(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    var input = FuzzInput(data, size)
    let base = baseURLs[Int(input.byte()) % baseURLs.count]
    let html = input.restText
    let once = HTMLSanitizer.sanitizeParsing(html, baseURL: base)
    if HTMLSanitizer.isKnownUnchanged(html, baseURL: base) {
        require(once == html, "fast path took an input the full sanitizer changes:\n  input: \(visible(html))\n  full:  \(visible(once))")
    }
    let fast = HTMLSanitizer.sanitize(html, baseURL: base)
    require(fast == once, "sanitize differs from the full path:\n  sanitize: \(visible(fast))\n  full:     \(visible(once))")
    checkSafe(once)
    let twice = HTMLSanitizer.sanitizeParsing(once, baseURL: base)
    require(twice == once, "not idempotent:\n  once:  \(visible(once))\n  twice: \(visible(twice))")
    if HTMLSanitizer.isKnownUnchanged(once, baseURL: base) {
        require(HTMLSanitizer.sanitize(once, baseURL: base) == once, "fast path changed a sanitized form")
    }
    return 0
}

/// Base URLs a feed may give (the document's address, an `xml:base`, including hostile ones).
let baseURLs: [String?] = [
    nil, "https://example.org/dir/page.html", "", "javascript:alert(1)//", "data:text/html,x",
    "file:///tmp/feed.xml", "http://[::1]:8080/a?b#c",
]

/// Walks the output, which must be text with `&`, `<`, `>` escaped and tags written by the sanitizer:
/// `<name attr="value">` and `</name>`.
func checkSafe(_ html: String) {
    let bytes = Array(html.utf8)
    var i = 0
    while i < bytes.count {
        guard bytes[i] == UInt8(ascii: "<") else {
            require(bytes[i] != UInt8(ascii: ">"), "raw > in text at \(i): \(visible(html))")
            i += 1
            continue
        }
        i += 1
        let closing = i < bytes.count && bytes[i] == UInt8(ascii: "/")
        if closing { i += 1 }
        let name = readName(bytes, &i)
        require(!name.isEmpty, "< without a tag name at \(i): \(visible(html))")
        let element = lookUp(name, HTMLElement.named)
        let rule = HTMLAllowList.elementRules[Int(element.rawValue)]
        require(element != .unknown && rule.keepsTag, "element <\(name)> written: \(visible(html))")
        require(name != "script" && name != "style", "script or style written: \(visible(html))")
        while i < bytes.count, bytes[i] == UInt8(ascii: " "), !closing {
            i += 1
            let attributeName = readName(bytes, &i)
            require(
                i + 1 < bytes.count && bytes[i] == UInt8(ascii: "=") && bytes[i + 1] == UInt8(ascii: "\""),
                "attribute \(attributeName) without a quoted value: \(visible(html))")
            i += 2
            let start = i
            while i < bytes.count, bytes[i] != UInt8(ascii: "\"") {
                require(bytes[i] != UInt8(ascii: "<") && bytes[i] != UInt8(ascii: ">"), "raw < or > in a value")
                i += 1
            }
            require(i < bytes.count, "unterminated attribute value: \(visible(html))")
            let value = decodeAttribute(String(decoding: bytes[start..<i], as: UTF8.self))
            i += 1
            let attribute = lookUp(attributeName, HTMLAttribute.named)
            require(!attributeName.hasPrefix("on"), "event handler \(attributeName) written: \(visible(html))")
            require(
                attribute.isAllowed(on: element), "attribute \(attributeName) on <\(name)> written: \(visible(html))")
            if attribute.isURL {
                let urls = attribute == .srcset
                    ? value.split(separator: ",").compactMap { $0.split(separator: " ").first.map(String.init) }
                    : [value]
                for url in urls {
                    require(
                        !isScriptURL(url, imageSource: element == .img && attribute == .src),
                        "unsafe URL in \(attributeName): \(visible(url))")
                }
            }
        }
        require(i < bytes.count && bytes[i] == UInt8(ascii: ">"), "tag <\(name)> not closed by >: \(visible(html))")
        i += 1
    }
}

func readName(_ bytes: [UInt8], _ i: inout Int) -> String {
    let start = i
    while i < bytes.count, bytes[i] | 0x20 >= UInt8(ascii: "a") && bytes[i] | 0x20 <= UInt8(ascii: "z")
        || bytes[i] >= UInt8(ascii: "0") && bytes[i] <= UInt8(ascii: "9") || bytes[i] == UInt8(ascii: "-")
    {
        i += 1
    }
    return String(decoding: bytes[start..<i], as: UTF8.self)
}

func lookUp<Value>(_ name: String, _ named: (UnsafePointer<UInt8>) -> Value) -> Value {
    name.withCString { named(UnsafeRawPointer($0).assumingMemoryBound(to: UInt8.self)) }
}

/// The value a browser reads from the escaped attribute text the sanitizer writes.
func decodeAttribute(_ text: String) -> String {
    var value = text
    for (reference, character) in [
        ("&quot;", "\""), ("&lt;", "<"), ("&gt;", ">"), ("&#9;", "\t"), ("&#10;", "\n"), ("&#13;", "\r"),
        ("&amp;", "&"),
    ] {
        value = value.replacingOccurrences(of: reference, with: character)
    }
    return value
}
