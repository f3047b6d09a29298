import Foundation
import TidingsText

/// The bytes an export writer produces between two flushes, with the escaping each format needs.
/// Every text from a feed goes through one of the `append…` methods here, never in raw.
struct ExportBuffer: ByteSink {
    var bytes: [UInt8] = []

    init(capacity: Int = 1 << 17) {
        bytes.reserveCapacity(capacity)
    }

    var count: Int { bytes.count }

    mutating func removeAll() {
        bytes.removeAll(keepingCapacity: true)
    }

    /// Appends trusted text (markup the writer itself produces).
    mutating func raw(_ text: StaticString) {
        bytes.append(contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    /// Appends trusted text built at run time (numbers, dates, already escaped or sanitized text).
    mutating func raw(_ text: String) {
        bytes.append(contentsOf: text.utf8)
    }

    mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes.append(contentsOf: bytes)
    }

    mutating func byte(_ value: UInt8) {
        bytes.append(value)
    }

    mutating func integer(_ value: Int64) {
        bytes.append(contentsOf: String(value).utf8)
    }

    /// Appends `text` escaped for XML and HTML text and double-quoted attribute values: `&`, `<`, `>`
    /// and `"` become references, and characters XML 1.0 forbids (C0 controls other than tab, line
    /// feed and carriage return, U+FFFE, U+FFFF) are dropped, so the document stays well-formed.
    mutating func xml(_ text: String) {
        MarkupEscaper.escape(text, .xmlAttribute, into: &self)
    }

    /// Appends `text` on one line: every run of white space and control characters becomes one
    /// space, and leading and trailing white space is dropped (fields of line-based formats).
    mutating func singleLine(_ text: String) {
        var text = text
        text.withUTF8 { input in
            var pendingSpace = false
            var wrote = false
            var i = 0
            while i < input.count {
                let b = input[i]
                // C1 controls (U+0080...U+009F) are encoded C2 80...C2 9F.
                let c1 = b == 0xC2 && i + 1 < input.count && input[i + 1] < 0xA0
                if b <= 0x20 || b == 0x7F || c1 {
                    pendingSpace = wrote
                    i += c1 ? 2 : 1
                    continue
                }
                if pendingSpace {
                    bytes.append(0x20)
                    pendingSpace = false
                }
                bytes.append(b)
                wrote = true
                i += 1
            }
        }
    }

    /// Calls `body` with each byte of `text` but control characters: C0 controls other than those
    /// `keep` accepts, DEL, and the two-byte C1 controls (U+0080...U+009F).
    static func forEachVisibleByte(of text: String, keeping keep: (UInt8) -> Bool, _ body: (UInt8) -> Void) {
        var text = text
        text.withUTF8 { input in
            var i = 0
            while i < input.count {
                let b = input[i]
                if b == 0xC2, i + 1 < input.count, input[i + 1] < 0xA0 {
                    i += 2
                    continue
                }
                i += 1
                if (b < 0x20 && !keep(b)) || b == 0x7F { continue }
                body(b)
            }
        }
    }
}
