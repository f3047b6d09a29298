import CByteScan
import Foundation

/// Turns a document's bytes, in whatever encoding they came, into UTF-8 that libxml2 accepts without
/// stopping: the C0 controls XML forbids are dropped, chunk by chunk; invalid UTF-8 is left to
/// libxml2, wherever it stands.
///
/// Used by one parse on one thread.
package final class InputDecoder {
    /// How many bytes from the first non-ASCII byte of an undeclared document the detector looks at.
    package static let detectionWindow = 8192

    /// The encoding the bytes are decoded from, as a lower-case IANA name.
    package private(set) var encoding: String
    /// True when the document named no encoding, was not UTF-8, and `encoding` was detected.
    package private(set) var detected = false
    /// True once some byte had to be replaced.
    package private(set) var replacedBytes = false
    private var converter: IconvConverter?
    private var carry: [UInt8] = []
    private var scratch: [UInt8] = []
    private var skipBOM: Int
    /// True while an undeclared document has shown only ASCII, so UTF-8 is not yet certain.
    private var awaitingNonASCII: Bool
    /// The bytes from the first non-ASCII one on, held until there are enough to tell the encoding.
    private var held: [UInt8] = []

    package init(prefix: UnsafeBufferPointer<UInt8>, hint: String?) {
        let sniffed = EncodingSniffer(prefix: prefix, hint: hint)
        skipBOM = sniffed.skip
        awaitingNonASCII = sniffed.undeclared && sniffed.name == "utf-8"
        if sniffed.name == "utf-8" {
            encoding = "utf-8"
        } else if let converter = IconvConverter(from: EncodingSniffer.iconvName(for: sniffed.name)) {
            encoding = sniffed.name
            self.converter = converter
        } else {
            encoding = "utf-8"
        }
    }

    /// Decodes one chunk and hands clean UTF-8 to `emit` (possibly nothing, possibly the input itself).
    package func decode(_ chunk: UnsafeBufferPointer<UInt8>, final: Bool, emit: (UnsafeBufferPointer<UInt8>) -> Void) {
        var input = chunk
        if skipBOM > 0 {
            let n = min(skipBOM, input.count)
            input = UnsafeBufferPointer(rebasing: input[n...])
            skipBOM -= n
        }
        if awaitingNonASCII {
            detect(input, final: final, emit: emit)
            return
        }
        convert(input, final: final, emit: emit)
    }

    private func convert(_ input: UnsafeBufferPointer<UInt8>, final: Bool, emit: (UnsafeBufferPointer<UInt8>) -> Void) {
        if let converter {
            scratch.removeAll(keepingCapacity: true)
            if converter.convert(input, final: final, into: &scratch) { replacedBytes = true }
            let converted = scratch
            converted.withUnsafeBufferPointer { scrub($0, final: final, emit: emit) }
        } else {
            scrub(input, final: final, emit: emit)
        }
    }

    /// Undeclared documents: ASCII passes on at once; from the first other byte, up to
    /// `detectionWindow` bytes are held and checked: valid UTF-8 stays UTF-8, anything else goes to
    /// `EncodingDetector`, and the rest of the document is decoded from what it found.
    private func detect(_ input: UnsafeBufferPointer<UInt8>, final: Bool, emit: (UnsafeBufferPointer<UInt8>) -> Void) {
        if held.isEmpty {
            guard let first = input.firstIndex(where: { $0 >= 0x80 }) else {
                convert(input, final: final, emit: emit)
                return
            }
            convert(UnsafeBufferPointer(rebasing: input[..<first]), final: false, emit: emit)
            held.append(contentsOf: UnsafeBufferPointer(rebasing: input[first...]))
        } else {
            held.append(contentsOf: input)
        }
        guard held.count >= Self.detectionWindow || final else { return }
        awaitingNonASCII = false
        let sample = held
        held = []
        sample.withUnsafeBufferPointer { bytes in
            let window = UnsafeBufferPointer(rebasing: bytes[..<min(bytes.count, Self.detectionWindow)])
            if !UTF8Scrubber.isValid(window, allowCutEnd: !final || window.count < bytes.count) {
                let name = EncodingDetector.detect(window)
                if let converter = IconvConverter(from: EncodingSniffer.iconvName(for: name)) {
                    self.converter = converter
                    encoding = name
                    detected = true
                }
            }
            convert(bytes, final: final, emit: emit)
        }
    }

    /// Passes valid UTF-8 through untouched; copies with replacements only when something is wrong.
    private func scrub(_ input: UnsafeBufferPointer<UInt8>, final: Bool, emit: (UnsafeBufferPointer<UInt8>) -> Void) {
        var input = input
        if !carry.isEmpty {
            // Complete the sequence cut at the previous chunk's end with this chunk's first bytes.
            let take = min(3, input.count)
            let carried = carry.count
            var small = carry
            small.append(contentsOf: UnsafeBufferPointer(rebasing: input[..<take]))
            carry.removeAll(keepingCapacity: true)
            var out: [UInt8] = []
            let atEnd = final && take == input.count
            let (replaced, consumed) = small.withUnsafeBufferPointer {
                UTF8Scrubber.clean($0, final: atEnd, into: &out)
            }
            if replaced { replacedBytes = true }
            out.withUnsafeBufferPointer { emit($0) }
            let fromInput = consumed - carried
            if fromInput < 0 {
                carry = Array(small[consumed...])
                return
            }
            input = UnsafeBufferPointer(rebasing: input[fromInput...])
            if input.isEmpty && !final { return }
        }
        let bad = UTF8Scrubber.firstProblem(input)
        if bad == input.count {
            emit(input)
            return
        }
        if !final, input.count - bad < 4, let base = input.baseAddress, UTF8Scrubber.sequenceLength(base, bad, input.count) < 0 {
            emit(UnsafeBufferPointer(rebasing: input[..<bad]))
            carry.append(contentsOf: UnsafeBufferPointer(rebasing: input[bad...]))
            return
        }
        var out: [UInt8] = []
        out.reserveCapacity(input.count + 16)
        out.append(contentsOf: UnsafeBufferPointer(rebasing: input[..<bad]))
        let (replaced, consumed) = UTF8Scrubber.clean(UnsafeBufferPointer(rebasing: input[bad...]), final: final, into: &out)
        if replaced { replacedBytes = true }
        if bad + consumed < input.count { carry.append(contentsOf: UnsafeBufferPointer(rebasing: input[(bad + consumed)...])) }
        out.withUnsafeBufferPointer { emit($0) }
    }
}

/// Repairs UTF-8 for XML: drops the C0 controls other than tab, line feed and carriage return, and
/// holds back a sequence cut by the end of a chunk; invalid sequences are left to libxml2.
package enum UTF8Scrubber {
    /// The index of the first C0 control byte other than tab, line feed and carriage return; `count`
    /// when there is none. UTF-8 validity is left to libxml2, which checks every character anyway
    /// (see `XMLFeedParser` for how it recovers); this scan only has to be cheap.
    package static func firstProblem(_ buffer: UnsafeBufferPointer<UInt8>) -> Int {
        guard let p = buffer.baseAddress else { return 0 }
        return tidings_scan_forbidden_control(p, 0, buffer.count)
    }

    /// True when `buffer` is UTF-8 throughout (a sequence cut at the end allowed when `allowCutEnd`).
    package static func isValid(_ buffer: UnsafeBufferPointer<UInt8>, allowCutEnd: Bool) -> Bool {
        guard let p = buffer.baseAddress else { return true }
        let n = buffer.count
        var i = 0
        while i < n {
            i = tidings_scan_non_ascii(p, i, n)
            if i >= n { break }
            if p[i] < 0x80 {
                i += 1
                continue
            }
            let length = sequenceLength(p, i, n)
            if length > 0 {
                i += length
            } else {
                return length < 0 && allowCutEnd
            }
        }
        return true
    }

    /// Length of the valid sequence at `i`, 0 when invalid, -1 when cut short by the end of the buffer.
    @inline(__always)
    package static func sequenceLength(_ p: UnsafePointer<UInt8>, _ i: Int, _ n: Int) -> Int {
        let b = p[i]
        if b < 0xC2 { return 0 }
        if b < 0xE0 {
            if i + 1 >= n { return -1 }
            return p[i + 1] & 0xC0 == 0x80 ? 2 : 0
        }
        if b < 0xF0 {
            if i + 1 >= n { return -1 }
            let c1 = p[i + 1]
            let lo: UInt8 = b == 0xE0 ? 0xA0 : 0x80
            let hi: UInt8 = b == 0xED ? 0x9F : 0xBF
            if c1 < lo || c1 > hi { return 0 }
            if i + 2 >= n { return -1 }
            let c2 = p[i + 2]
            if c2 & 0xC0 != 0x80 { return 0 }
            if b == 0xEF && c1 == 0xBF && (c2 == 0xBE || c2 == 0xBF) { return 0 }
            return 3
        }
        if b < 0xF5 {
            if i + 1 >= n { return -1 }
            let c1 = p[i + 1]
            let lo: UInt8 = b == 0xF0 ? 0x90 : 0x80
            let hi: UInt8 = b == 0xF4 ? 0x8F : 0xBF
            if c1 < lo || c1 > hi { return 0 }
            if i + 2 >= n { return -1 }
            if p[i + 2] & 0xC0 != 0x80 { return 0 }
            if i + 3 >= n { return -1 }
            if p[i + 3] & 0xC0 != 0x80 { return 0 }
            return 4
        }
        return 0
    }

    /// Copies `input` into `out` without the forbidden controls. Returns whether any was dropped and how many
    /// bytes were consumed (fewer than all when the input ends inside a sequence and more is to come).
    package static func clean(_ input: UnsafeBufferPointer<UInt8>, final: Bool, into out: inout [UInt8]) -> (Bool, Int) {
        guard let p = input.baseAddress else { return (false, 0) }
        let n = input.count
        var replaced = false
        var i = 0
        var runStart = 0
        while i < n {
            let b = p[i]
            if b < 0x80 {
                if b < 0x20 && b != 9 && b != 10 && b != 13 {
                    // Controls XML forbids are dropped, as feed readers do; they carry no text.
                    out.append(contentsOf: UnsafeBufferPointer(start: p + runStart, count: i - runStart))
                    replaced = true
                    i += 1
                    runStart = i
                    continue
                }
                i += 1
                continue
            }
            let len = sequenceLength(p, i, n)
            if len > 0 {
                i += len
                continue
            }
            if len < 0 && !final {
                out.append(contentsOf: UnsafeBufferPointer(start: p + runStart, count: i - runStart))
                return (replaced, i)
            }
            // Invalid UTF-8 goes on to libxml2 as it is, as from a chunk with no control, so it reads
            // the same whichever chunk it came in (see `XMLFeedParser` for libxml2's recovery).
            i += 1
        }
        out.append(contentsOf: UnsafeBufferPointer(start: p + runStart, count: n - runStart))
        return (replaced, n)
    }
}
