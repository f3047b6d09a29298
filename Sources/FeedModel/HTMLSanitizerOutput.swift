import CLibXML2

/// The sanitizer's output, written as UTF-8 bytes into one growing buffer: tags from the allow-list,
/// escaped text, and attribute values whose URLs have been checked.
///
/// Not thread-safe; one per sanitize call. The owner calls `deallocate()` once.
struct SanitizedOutput {
    private var bytes: ByteStorage
    private let baseURL: String?

    init(capacity: Int, baseURL: String?) {
        bytes = ByteStorage(capacity: capacity)
        self.baseURL = baseURL
    }

    func deallocate() {
        bytes.deallocate()
    }

    /// The output so far as a String.
    var string: String {
        String(decoding: bytes.slice(0..<bytes.count), as: UTF8.self)
    }

    /// Appends `text`, escaped.
    mutating func appendText(_ text: UnsafeBufferPointer<UInt8>) {
        appendEscaped(text, inAttribute: false)
    }

    mutating func appendEndTag(_ element: HTMLElement) {
        bytes.append(UInt8(ascii: "<"))
        bytes.append(UInt8(ascii: "/"))
        HTMLElement.nameBytes[Int(element.rawValue)].withUnsafeBufferPointer { bytes.append($0) }
        bytes.append(UInt8(ascii: ">"))
    }

    /// Writes the start tag of `element` with its allowed attributes (libxml2's SAX list of name and
    /// value pairs, NULL-terminated; a value may be NULL), URLs checked and resolved.
    mutating func appendStartTag(_ element: HTMLElement, attributes: UnsafeMutablePointer<UnsafePointer<UInt8>?>?) {
        bytes.append(UInt8(ascii: "<"))
        HTMLElement.nameBytes[Int(element.rawValue)].withUnsafeBufferPointer { bytes.append($0) }
        var seen: UInt64 = 0
        var pair = attributes
        while let current = pair, let name = current.pointee {
            pair = current + 2
            let attribute = HTMLAttribute.named(name)
            let bit: UInt64 = 1 << UInt64(attribute.rawValue)
            guard attribute.isAllowed(on: element), seen & bit == 0 else { continue }
            seen |= bit
            let value = (current + 1).pointee.map { UnsafeBufferPointer(start: $0, count: Int(xmlStrlen($0))) }
                ?? UnsafeBufferPointer(start: nil, count: 0)
            if attribute == .srcset {
                guard let safe = HTMLURL.safeSourceSet(String(decoding: value, as: UTF8.self), base: baseURL) else {
                    continue
                }
                appendAttribute(attribute, safe)
            } else if attribute.isURL {
                appendURLAttribute(attribute, value, allowDataImage: element == .img && attribute == .src)
            } else {
                appendAttribute(attribute, value)
            }
        }
        bytes.append(UInt8(ascii: ">"))
    }

    /// Writes a URL attribute when its value is safe: as it is when absolute, resolved when relative.
    private mutating func appendURLAttribute(
        _ attribute: HTMLAttribute, _ raw: UnsafeBufferPointer<UInt8>, allowDataImage: Bool
    ) {
        let hash = raw.first == UInt8(ascii: "#")
        let hasBase = baseURL.map { !$0.isEmpty } ?? false
        HTMLURL.withoutControls(raw) { value in
            switch HTMLURL.check(value, startsWithHash: hash, allowDataImage: allowDataImage, hasBase: hasBase) {
            case .unsafe:
                return
            case .keep(let range):
                appendAttribute(attribute, UnsafeBufferPointer(rebasing: value[range]))
            case .relative(let range):
                let reference = String(decoding: value[range], as: UTF8.self)
                appendAttribute(attribute, HTMLURL.resolve(reference, against: baseURL))
            }
        }
    }

    private mutating func appendAttribute(_ attribute: HTMLAttribute, _ value: String) {
        var value = value
        value.withUTF8 { appendAttribute(attribute, $0) }
    }

    private mutating func appendAttribute(_ attribute: HTMLAttribute, _ value: UnsafeBufferPointer<UInt8>) {
        bytes.append(UInt8(ascii: " "))
        HTMLAttribute.nameBytes[Int(attribute.rawValue)].withUnsafeBufferPointer { bytes.append($0) }
        bytes.append(UInt8(ascii: "="))
        bytes.append(UInt8(ascii: "\""))
        appendEscaped(value, inAttribute: true)
        bytes.append(UInt8(ascii: "\""))
    }

    /// Appends `text` with `&`, `<`, `>` (and `"` in attributes) escaped and control characters other
    /// than tab, line feed and carriage return removed (C0, DEL and the C1 range U+0080-U+009F).
    private mutating func appendEscaped(_ text: UnsafeBufferPointer<UInt8>, inAttribute: Bool) {
        guard let base = text.baseAddress else { return }
        let count = text.count
        var run = 0
        var i = 0
        while i < count {
            let byte = base[i]
            guard escapeClass[Int(byte)] != 0 else {
                i += 1
                continue
            }
            let replacement: StaticString
            var skip = 1
            switch byte {
            case UInt8(ascii: "&"): replacement = "&amp;"
            case UInt8(ascii: "<"): replacement = "&lt;"
            case UInt8(ascii: ">"): replacement = "&gt;"
            case UInt8(ascii: "\""):
                guard inAttribute else {
                    i += 1
                    continue
                }
                replacement = "&quot;"
            case 0xC2:
                // U+0080-U+009F are C2 80-C2 9F.
                guard i + 1 < count, base[i + 1] & 0xE0 == 0x80 else {
                    i += 1
                    continue
                }
                replacement = ""
                skip = 2
            default:
                replacement = ""
            }
            bytes.append(UnsafeBufferPointer(start: base + run, count: i - run))
            bytes.append(replacement)
            i += skip
            run = i
        }
        bytes.append(UnsafeBufferPointer(start: base + run, count: count - run))
    }
}

/// Per byte: 1 when text escaping must look at it (markup characters, controls, the lead byte of C1
/// controls), 0 otherwise.
private let escapeClass: [UInt8] = (0..<256).map { value -> UInt8 in
    switch value {
    case 0x09, 0x0A, 0x0D: return 0
    case 0..<0x20, 0x7F, 0xC2: return 1
    case 0x26, 0x3C, 0x3E, 0x22: return 1
    default: return 0
    }
}
