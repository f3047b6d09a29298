/// Escapes text for XML and HTML, byte by byte over UTF-8: `&`, `<` and `>` always become references, and
/// the options choose what else is escaped or dropped. The one escaper of the project: the sanitizer, the
/// parser's markup re-serialisation, the OPML writer and every export format call it.
///
/// The byte form writes into any `ByteSink` and is `@inlinable`, so each caller gets a copy specialised for
/// its own buffer type (the sanitizer and the export writers are hot); the String form is for the rest.
public enum MarkupEscaper {
    /// Appends `text` escaped as `options` say to `sink`: runs of bytes that need nothing are copied whole.
    @inlinable
    public static func escape<Sink: ByteSink & ~Copyable>(
        _ text: UnsafeBufferPointer<UInt8>, _ options: MarkupEscaping, into sink: inout Sink
    ) {
        guard let base = text.baseAddress else { return }
        let count = text.count
        let tableOffset = Int(options.rawValue & MarkupEscaping.mask.rawValue) << 8
        markupEscapeTable.withUnsafeBufferPointer { table in
            var run = 0
            var i = 0
            while i < count {
                let byte = base[i]
                guard table[tableOffset | Int(byte)] != 0 else {
                    i += 1
                    continue
                }
                let replacement: StaticString
                var skip = 1
                switch byte {
                case UInt8(ascii: "&"): replacement = "&amp;"
                case UInt8(ascii: "<"): replacement = "&lt;"
                case UInt8(ascii: ">"): replacement = "&gt;"
                case UInt8(ascii: "\""): replacement = "&quot;"
                case 0x09: replacement = "&#9;"
                case 0x0A: replacement = "&#10;"
                case 0x0D: replacement = "&#13;"
                case 0xC2:
                    // C1 controls, U+0080...U+009F, are C2 80...C2 9F: they stand for the windows-1252
                    // characters HTML5 reads there (`&#146;` is ’), the five undefined ones are dropped.
                    guard i + 1 < count, base[i + 1] & 0xE0 == 0x80 else {
                        i += 1
                        continue
                    }
                    if i > run { sink.append(UnsafeBufferPointer(start: base + run, count: i - run)) }
                    Windows1252.c1UTF8[Int(base[i + 1] - 0x80)].withUnsafeBufferPointer { sink.append($0) }
                    i += 2
                    run = i
                    continue
                case 0xEF:
                    // The noncharacters U+FFFE and U+FFFF, which XML 1.0 forbids, are EF BF BE and EF BF BF.
                    guard i + 2 < count, base[i + 1] == 0xBF, base[i + 2] & 0xFE == 0xBE else {
                        i += 1
                        continue
                    }
                    replacement = ""
                    skip = 3
                default:
                    replacement = ""  // a control character being dropped
                }
                if i > run { sink.append(UnsafeBufferPointer(start: base + run, count: i - run)) }
                if replacement.utf8CodeUnitCount > 0 {
                    sink.append(UnsafeBufferPointer(start: replacement.utf8Start, count: replacement.utf8CodeUnitCount))
                }
                i += skip
                run = i
            }
            if count > run { sink.append(UnsafeBufferPointer(start: base + run, count: count - run)) }
        }
    }

    /// Appends `text` escaped as `options` say to `sink`.
    @inlinable
    public static func escape<Sink: ByteSink & ~Copyable>(_ text: String, _ options: MarkupEscaping, into sink: inout Sink) {
        var text = text
        text.withUTF8 { escape($0, options, into: &sink) }
    }

    /// `text` escaped as `options` say; `text` itself when nothing needed escaping.
    public static func escaped(_ text: String, _ options: MarkupEscaping) -> String {
        var text = text
        return text.withUTF8 { input -> String in
            guard needsEscaping(input, options) else { return String(decoding: input, as: UTF8.self) }
            var out: [UInt8] = []
            out.reserveCapacity(input.count + input.count / 8 + 16)
            escape(input, options, into: &out)
            return String(decoding: out, as: UTF8.self)
        }
    }

    /// Whether `text` holds a byte that escaping with `options` looks at (false: escaping copies it as it is).
    public static func needsEscaping(_ text: UnsafeBufferPointer<UInt8>, _ options: MarkupEscaping) -> Bool {
        let tableOffset = Int(options.rawValue & MarkupEscaping.mask.rawValue) << 8
        return markupEscapeTable.withUnsafeBufferPointer { table in
            text.contains { table[tableOffset | Int($0)] != 0 }
        }
    }
}

/// What `MarkupEscaper` does besides turning `&`, `<` and `>` into references.
public struct MarkupEscaping: OptionSet, Sendable, Hashable {
    public let rawValue: UInt8

    public init(rawValue: UInt8) {
        self.rawValue = rawValue
    }

    /// `"` becomes `&quot;` (double-quoted attribute values).
    public static let quotes = MarkupEscaping(rawValue: 1)
    /// Tab and line feed become `&#9;` and `&#10;`, which survive attribute-value normalisation.
    public static let whitespaceReferences = MarkupEscaping(rawValue: 2)
    /// Carriage return becomes `&#13;`, which survives line-end normalisation.
    public static let carriageReturnReferences = MarkupEscaping(rawValue: 4)
    /// Characters XML 1.0 forbids are dropped: C0 controls other than tab, line feed and carriage return,
    /// U+FFFE and U+FFFF (so that the document stays well-formed).
    public static let dropForbidden = MarkupEscaping(rawValue: 8)
    /// DEL is dropped too, and the C1 controls U+0080...U+009F become the windows-1252 characters they
    /// stand for, as HTML5 reads `&#146;` (text that people will see).
    public static let dropControls = MarkupEscaping(rawValue: 16)

    /// Text content of an XML document.
    public static let xmlText: MarkupEscaping = [.dropForbidden]
    /// A double-quoted attribute value of an XML document (also safe as text content).
    public static let xmlAttribute: MarkupEscaping = [.quotes, .dropForbidden]

    @usableFromInline static let mask = MarkupEscaping(rawValue: 31)
}

/// A buffer that escaped, encoded or formatted bytes are appended to. It may be noncopyable (a buffer
/// that owns its memory and frees it in `deinit`).
public protocol ByteSink: ~Copyable {
    /// Appends `bytes` (which may be empty).
    mutating func append(_ bytes: UnsafeBufferPointer<UInt8>)
}

extension Array: ByteSink where Element == UInt8 {
    @inlinable
    public mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        append(contentsOf: bytes)
    }
}

/// For each set of options (the low five bits, times 256) and byte: 1 when the escaper must look at the
/// byte, 0 when it is copied as it is.
@usableFromInline let markupEscapeTable: [UInt8] = (0..<(32 * 256)).map { index -> UInt8 in
    let options = MarkupEscaping(rawValue: UInt8(index >> 8))
    let byte = index & 0xFF
    switch byte {
    case 0x26, 0x3C, 0x3E: return 1
    case 0x22: return options.contains(.quotes) ? 1 : 0
    case 0x09, 0x0A: return options.contains(.whitespaceReferences) ? 1 : 0
    case 0x0D: return options.contains(.carriageReturnReferences) ? 1 : 0
    case 0x00..<0x20, 0xEF: return options.contains(.dropForbidden) ? 1 : 0
    case 0x7F, 0xC2: return options.contains(.dropControls) ? 1 : 0
    default: return 0
    }
}
