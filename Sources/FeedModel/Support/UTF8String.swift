import CByteScan
import Glibc

/// Strings from UTF-8 bytes the parser collected, with one check of the bytes: well-formed UTF-8
/// (checked sixteen bytes at a time in C) is copied into the string as it is; anything else takes
/// `String(decoding:as:)`, which replaces each ill-formed sequence with U+FFFD. The result is the
/// same string either way; only the cost differs (Swift's own check reads a byte at a time once a
/// text leaves ASCII).
enum UTF8String {
    static func make(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return "" }
        var ascii: Int32 = 0
        guard tidings_utf8_valid(base, bytes.count, &ascii) != 0 else { return String(decoding: bytes, as: UTF8.self) }
        return String(copying: UTF8Span(unchecked: bytes.span, isKnownASCII: ascii != 0))
    }

    /// Whether `bytes` are well-formed UTF-8, none cut short at the end.
    static func isValid(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress else { return true }
        var ascii: Int32 = 0
        return tidings_utf8_valid(base, bytes.count, &ascii) != 0
    }
}
