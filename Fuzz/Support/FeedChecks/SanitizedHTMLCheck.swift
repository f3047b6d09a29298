@testable import FeedHTML
@testable import FeedModel
import FuzzSupport

/// The shape of `HTMLSanitizer`'s output, checked by the harnesses whose output goes through it
/// (`fuzz-sanitize`, `fuzz-extract`).
public enum SanitizedHTMLCheck {
    /// Walks `html`, which must be text with `&`, `<`, `>` escaped and tags written by the sanitizer:
    /// `<name attr="value">` and `</name>`, with allowed names only, no `on…` attribute, no script URL.
    public static func check(_ html: String) {
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
