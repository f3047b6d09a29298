import CByteScan
import Glibc

/// Strings from UTF-8 bytes the parser collected, with one check of the bytes: well-formed UTF-8
/// (checked in C, ASCII sixteen bytes at a time) is copied into the string as it is; anything else takes
/// `String(decoding:as:)`, which replaces each ill-formed sequence with U+FFFD. The result is the
/// same string either way; only the cost differs (Swift's own check reads a byte at a time once a
/// text leaves ASCII). Public for the store's text made of bytes (search text), which has no C module
/// of its own to check them with.
public enum UTF8String {
    public static func make(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return "" }
        var ascii: Int32 = 0
        guard tidings_utf8_valid(base, bytes.count, &ascii) != 0 else { return String(decoding: bytes, as: UTF8.self) }
        return String(copying: UTF8Span(unchecked: bytes.span, isKnownASCII: ascii != 0))
    }

    /// `make(_:)` for bytes the caller knows to be well-formed UTF-8 (pieces each checked when they
    /// were read): the same string, without checking them again; only whether they are ASCII is looked at.
    package static func makeChecked(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return "" }
        assert(isValid(bytes), "checked bytes that are not well-formed UTF-8")
        let ascii = tidings_scan_non_ascii(base, 0, bytes.count) == bytes.count
        return String(copying: UTF8Span(unchecked: bytes.span, isKnownASCII: ascii))
    }

    /// Whether `bytes` are well-formed UTF-8, none cut short at the end.
    package static func isValid(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress else { return true }
        var ascii: Int32 = 0
        return tidings_utf8_valid(base, bytes.count, &ascii) != 0
    }
}

/// Which characters XML 1.0 allows in text.
package enum XMLCharacters {
    /// True when `bytes` are well-formed UTF-8 of characters XML allows: no C0 control but tab, line
    /// feed and carriage return, no U+FFFE or U+FFFF (UTF-8 itself rules out surrogates). libxml2
    /// reads such text as it is; anything else it reports (and, in a CDATA section, stops at).
    package static func arePlain(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress else { return true }
        let n = bytes.count
        var ascii: Int32 = 0
        guard tidings_utf8_valid(base, n, &ascii) != 0, tidings_scan_forbidden_control(base, 0, n) == n else {
            return false
        }
        return ascii != 0 || !containsFFFEOrFFFF(base, count: n)
    }

    /// Whether `n` bytes of UTF-8 at `base` hold U+FFFE or U+FFFF (EF BF BE, EF BF BF), which XML and
    /// libxml2's HTML parser do not take as characters.
    package static func containsFFFEOrFFFF(_ base: UnsafePointer<UInt8>, count n: Int) -> Bool {
        var i = 0
        while i < n, let hit = memchr(base + i, 0xEF, n - i) {
            let at = UnsafeRawPointer(hit) - UnsafeRawPointer(base)
            if at + 2 < n, base[at + 1] == 0xBF, base[at + 2] >= 0xBE { return true }
            i = at + 1
        }
        return false
    }
}
