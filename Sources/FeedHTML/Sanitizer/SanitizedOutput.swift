import CLibXML2
import TidingsText

/// The sanitizer's output, written as UTF-8 bytes into one growing buffer: tags from the allow-list,
/// escaped text, and attribute values whose URLs have been checked.
///
/// Not thread-safe; one per sanitize call. Noncopyable: it owns the buffer, freed when it goes away.
struct SanitizedOutput: ~Copyable {
    private var bytes: ByteStorage
    private let baseURL: String?

    init(capacity: Int, baseURL: String?) {
        bytes = ByteStorage(capacity: capacity)
        self.baseURL = baseURL
    }

    /// The output so far as a String.
    var string: String {
        String(decoding: bytes.slice(0..<bytes.count), as: UTF8.self)
    }

    /// Appends `text`, escaped. White space and U+FEFF that would start the output are left out: the
    /// HTML parser skips them at the start of a document, so writing them would make a second pass
    /// differ. They are looked for after escaping, since dropped controls (`\u{7F}\u{1}\n`) can lead.
    mutating func appendText(_ text: UnsafeBufferPointer<UInt8>) {
        guard bytes.count == 0 else {
            appendEscaped(text, inAttribute: false)
            return
        }
        var escaped: [UInt8] = []
        escaped.reserveCapacity(text.count)
        MarkupEscaper.escape(text, Self.textEscaping, into: &escaped)
        var start = 0
        while start < escaped.count {
            if escaped[start] == 0x20 || (escaped[start] >= 0x09 && escaped[start] <= 0x0D) {
                start += 1
            } else if escaped[start...].starts(with: [0xEF, 0xBB, 0xBF]) {
                start += 3
            } else {
                break
            }
        }
        escaped[start...].withUnsafeBufferPointer { bytes.append($0) }
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
            switch HTMLURL.check(
                value, startsWithHash: hash, allowDataImage: allowDataImage, hasBase: hasBase,
                baseIsFile: HTMLURL.isFileURL(baseURL))
            {
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
    /// than tab, line feed and carriage return removed (C0, DEL, U+FFFE, U+FFFF); C1 controls become the
    /// windows-1252 characters they stand for.
    private mutating func appendEscaped(_ text: UnsafeBufferPointer<UInt8>, inAttribute: Bool) {
        MarkupEscaper.escape(text, inAttribute ? Self.attributeEscaping : Self.textEscaping, into: &bytes)
    }

    private static let textEscaping: MarkupEscaping = [.dropForbidden, .dropControls]
    private static let attributeEscaping: MarkupEscaping = [.quotes, .dropForbidden, .dropControls]
}
