import TidingsText

extension HTMLText {
    /// The text of a plain-text body on one line, as `plainText` gives it for HTML: white space
    /// collapsed and control characters removed (nothing is read as markup or an entity).
    public static func plainText(fromText text: String) -> String {
        var output = ""
        var pendingSpace = false
        appendCollapsed(text, to: &output, pendingSpace: &pendingSpace)
        return output
    }

    /// Appends `text` with runs of white space collapsed to one space (none at the start), C1 controls
    /// read as windows-1252 (`&#146;` is ’) and other control characters removed (C0 other than white
    /// space, DEL, the five C1 codes windows-1252 leaves undefined). White space is ASCII white space
    /// and the Unicode `White_Space` characters from U+00A0 on.
    ///
    /// Works on UTF-8 and appends kept text in runs (a single space between words stays in its run):
    /// this runs for every text node of every body the store indexes.
    package static func appendCollapsed(_ text: String, to output: inout String, pendingSpace: inout Bool) {
        var text = text
        text.withUTF8 { appendCollapsed($0, to: &output, pendingSpace: &pendingSpace) }
    }

    /// `appendCollapsed` for UTF-8 bytes (a libxml2 text node's content); a malformed sequence is
    /// kept, and becomes U+FFFD.
    package static func appendCollapsed(
        _ bytes: UnsafeBufferPointer<UInt8>, to output: inout String, pendingSpace: inout Bool
    ) {
        appendCollapsed(bytes, into: &output, pendingSpace: &pendingSpace)
    }

    /// `appendCollapsed` into any `CollapsedTextSink`: a `String`, or `CollapsedTextBytes` when the
    /// text arrives in many runs (libxml2's events) and is made a String once at the end.
    package static func appendCollapsed<Sink: CollapsedTextSink>(
        _ bytes: UnsafeBufferPointer<UInt8>, into output: inout Sink, pendingSpace: inout Bool
    ) {
        let count = bytes.count
        var start = 0  // the first byte of the run of kept text not yet appended
        var i = 0
        func flush(upTo end: Int) {
            guard end > start else { return }
            output.appendRun(UnsafeBufferPointer(rebasing: bytes[start..<end]))
        }
        while i < count {
            let byte = bytes[i]
            if byte > 0x20 && byte < 0x7F {
                // Printable ASCII, most of any text: it and the printable ASCII after it, with single
                // spaces between, are kept as they are in one stretch.
                if i == start, pendingSpace {
                    output.appendSpace()
                    pendingSpace = false
                }
                i += 1
                while i < count {
                    let next = bytes[i]
                    if next > 0x20 && next < 0x7F {
                        i += 1
                    } else if next == 0x20, i + 1 < count, bytes[i + 1] > 0x20, bytes[i + 1] < 0x7F {
                        i += 2
                    } else if next >= 0x80, next != 0xC2, next < 0xE1 || next > 0xE3 {
                        // A character kept as it is, whatever follows its lead byte (as below).
                        i += min(next >= 0xF0 ? 4 : next >= 0xE0 ? 3 : 2, count - i)
                    } else {
                        break
                    }
                }
                continue
            }
            var length = 1
            let kind: ByteClass
            if byte < 0x80 {
                if byte > 0x20 && byte != 0x7F {
                    kind = .keep
                } else if byte == 0x20 || (byte >= 0x09 && byte <= 0x0D) {
                    // One space inside a run, before more printable ASCII, is kept as it is.
                    if byte == 0x20, i > start, i + 1 < count, bytes[i + 1] > 0x20, bytes[i + 1] < 0x7F {
                        i += 1
                        continue
                    }
                    kind = .space
                } else {
                    kind = .drop
                }
            } else {
                length = min(byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : 2, count - i)
                // Only C2 (C1 controls, U+00A0) and E1-E3 (U+1680, U+2000-U+205F, U+3000) lead
                // characters that are not kept as they are.
                let wellFormed =
                    length >= 2 && bytes[i + 1] & 0xC0 == 0x80 && (length == 2 || bytes[i + 2] & 0xC0 == 0x80)
                if wellFormed, (byte == 0xC2 && length == 2) || (byte >= 0xE1 && byte <= 0xE3 && length == 3) {
                    let value =
                        length == 2
                        ? UInt32(byte & 0x1F) << 6 | UInt32(bytes[i + 1] & 0x3F)
                        : UInt32(byte & 0x0F) << 12 | UInt32(bytes[i + 1] & 0x3F) << 6 | UInt32(bytes[i + 2] & 0x3F)
                    if value < 0xA0, let mapped = Windows1252.character(forC1: value) {
                        // A C1 control stands for the windows-1252 character (`&#146;` is ’).
                        flush(upTo: i)
                        if pendingSpace { output.appendSpace() }
                        pendingSpace = false
                        output.appendScalar(mapped)
                        i += length
                        start = i
                        continue
                    } else if value < 0xA0 {
                        kind = .drop
                    } else if isUnicodeWhiteSpace(value) {
                        kind = .space
                    } else {
                        kind = .keep
                    }
                } else {
                    kind = .keep
                }
            }
            switch kind {
            case .keep:
                if i == start, pendingSpace {
                    output.appendSpace()
                    pendingSpace = false
                }
                i += length
            case .space:
                flush(upTo: i)
                pendingSpace = !output.isEmpty
                i += length
                start = i
            case .drop:
                flush(upTo: i)
                i += length
                start = i
            }
        }
        flush(upTo: count)
    }

    /// Whether a character from U+00A0 to U+3FFF (what a C2 or E1-E3 lead byte starts) has the
    /// Unicode `White_Space` property: the property's whole list in that range, which Unicode keeps
    /// stable (`Unicode.Scalar.Properties.isWhitespace` gives the same, checked for every one in
    /// `PlainTextCollapseTests`, at a table look-up per CJK character).
    @inline(__always)
    package static func isUnicodeWhiteSpace(_ value: UInt32) -> Bool {
        switch value {
        case 0xA0, 0x1680, 0x2000...0x200A, 0x2028, 0x2029, 0x202F, 0x205F, 0x3000: true
        default: false
        }
    }

    private enum ByteClass {
        case keep, space, drop
    }
}

/// Where `HTMLText.appendCollapsed` writes kept text.
package protocol CollapsedTextSink {
    var isEmpty: Bool { get }
    /// Appends a run of kept UTF-8 bytes.
    mutating func appendRun(_ run: UnsafeBufferPointer<UInt8>)
    /// Appends the one space that stands for a run of white space.
    mutating func appendSpace()
    mutating func appendScalar(_ scalar: Unicode.Scalar)
}

extension String: CollapsedTextSink {
    package mutating func appendRun(_ run: UnsafeBufferPointer<UInt8>) {
        self += String(decoding: run, as: UTF8.self)
    }

    package mutating func appendSpace() { self += " " }

    package mutating func appendScalar(_ scalar: Unicode.Scalar) { unicodeScalars.append(scalar) }
}

/// Plain text collected as UTF-8 bytes and made a String once (`string`): appending a run is a copy,
/// where a String checks each run's UTF-8 and may allocate for it. Gives the same String as appending
/// to one when the runs are whole characters (libxml2 hands text out in whole characters).
package struct CollapsedTextBytes: CollapsedTextSink {
    package private(set) var bytes: [UInt8] = []

    package init(capacity: Int) {
        bytes.reserveCapacity(capacity)
    }

    package var isEmpty: Bool { bytes.isEmpty }

    package var string: String { bytes.withUnsafeBufferPointer(UTF8String.make) }

    package mutating func appendRun(_ run: UnsafeBufferPointer<UInt8>) { bytes.append(contentsOf: run) }

    package mutating func appendSpace() { bytes.append(0x20) }

    package mutating func appendScalar(_ scalar: Unicode.Scalar) { UTF8.encode(scalar) { bytes.append($0) } }
}
