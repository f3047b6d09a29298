import FeedHTML
import Foundation

/// Holds the start of an XML document back from libxml2 until its document type declaration is
/// complete (internal subset included), or until the first element begins when it has none, so that
/// libxml2 reads the declaration from the same bytes however the document came in chunks.
///
/// libxml2's push parser starts on `<!DOCTYPE` as soon as its buffer holds any `>`, and reads a
/// quoted literal only as far as the bytes that have arrived: a literal holding `>` or left open read
/// differently whole and in chunks (the error's line, and what came after). It reads an internal
/// subset once its own test finds the subset's end (`]`, blanks, `>`, outside quotes and comments),
/// and goes on with that test in later chunks from where it stopped, forgetting a comment it was in:
/// the subset is held until that same test finds the end. The prolog is short, so it is held whole
/// and handed on in one piece. Used by one parse on one thread.
struct PrologHold {
    private enum State: Equatable {
        /// Between declarations: white space, the XML declaration, comments, instructions.
        case prolog
        case instruction
        case comment
        /// Inside `<!DOCTYPE`, before its internal subset; `quote` is the open literal's quote or 0.
        case doctype(quote: UInt8)
        /// Inside the internal subset (`[` ... `]`).
        case subset(quote: UInt8)
    }

    /// True once the prolog has been handed on: everything after passes straight through.
    private(set) var released = false
    private var state = State.prolog
    private var held: [UInt8] = []
    /// Where the scan goes on in `held` (or in the next bytes, while nothing is held).
    private var position = 0

    /// Takes the next bytes of the document and hands on what libxml2 may read now: nothing while the
    /// prolog is not complete, then all of it at once (at the end of the document at the latest).
    mutating func pass(_ bytes: UnsafeBufferPointer<UInt8>, final: Bool, emit: (UnsafeBufferPointer<UInt8>) -> Void) {
        if released {
            emit(bytes)
            return
        }
        if held.isEmpty {
            if scan(bytes) || final {
                released = true
                emit(bytes)
            } else {
                held.append(contentsOf: bytes)
            }
            return
        }
        held.append(contentsOf: bytes)
        let complete = held.withUnsafeBufferPointer { scan($0) }
        guard complete || final else { return }
        released = true
        let prolog = held
        held = []
        prolog.withUnsafeBufferPointer { emit($0) }
    }

    /// Scans `buffer` from `position`: true once the prolog is complete. Stops before a token the
    /// buffer ends inside of, to read it again with more bytes.
    private mutating func scan(_ buffer: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let p = buffer.baseAddress else { return false }
        let n = buffer.count
        var i = position
        defer { position = i }
        while i < n {
            switch state {
            case .subset(quote: 0):
                // libxml2's own test that the internal subset is whole, byte for byte, so that it finds
                // the end in the bytes handed on (past them, it would go on scanning in later chunks,
                // from a point that depends on where they ended).
                let b = p[i]
                if b == UInt8(ascii: "]") {
                    guard i + 1 < n else { return false }
                    if p[i + 1] == UInt8(ascii: "]") {
                        i += 2
                        continue
                    }
                    var k = i + 1
                    while k < n, XMLWhitespace.isSpace(p[k]) { k += 1 }
                    guard k < n else { return false }
                    if p[k] == UInt8(ascii: ">") { return true }
                    i += 1
                } else if b == UInt8(ascii: "\"") || b == UInt8(ascii: "'") {
                    state = .subset(quote: b)
                    i += 1
                } else if b == UInt8(ascii: "<") {
                    // A comment when five bytes are there to tell (then its `-->` may begin at the `-`).
                    guard n - i > 4 else { return false }
                    guard Self.matches(p, i, n, "<!--") else {
                        i += 1
                        continue
                    }
                    guard let end = Self.find("-->", p, from: i + 2, n) else { return false }
                    i = end
                } else {
                    i += 1
                }
            case .prolog:
                guard p[i] == UInt8(ascii: "<") else {
                    i += 1
                    continue
                }
                guard i + 1 < n else { return false }
                if p[i + 1] == UInt8(ascii: "?") {
                    state = .instruction
                    i += 2
                } else if Self.matches(p, i, n, "<!--") {
                    state = .comment
                    i += 4
                } else if Self.matches(p, i, n, "<!DOCTYPE") {
                    state = .doctype(quote: 0)
                    i += 9
                } else if Self.isPrefix(p, i, n, "<!--") || Self.isPrefix(p, i, n, "<!DOCTYPE") {
                    return false
                } else {
                    // The document element (or something libxml2 reports): the prolog is over.
                    return true
                }
            case .doctype(quote: 0):
                let b = p[i]
                i += 1
                if b == UInt8(ascii: ">") { return true }
                if b == UInt8(ascii: "[") { state = .subset(quote: 0) }
                if b == UInt8(ascii: "\"") || b == UInt8(ascii: "'") { state = .doctype(quote: b) }
            case .doctype(let quote), .subset(let quote):
                guard let end = memchr(p + i, Int32(quote), n - i) else {
                    i = n
                    continue
                }
                i = UnsafePointer(end.assumingMemoryBound(to: UInt8.self)) - p + 1
                state = state == .doctype(quote: quote) ? .doctype(quote: 0) : .subset(quote: 0)
            case .instruction, .comment:
                let closer: StaticString = state == .comment ? "-->" : "?>"
                guard let end = Self.find(closer, p, from: i, n) else {
                    // Keep the bytes a closer cut by the end of the buffer may start with.
                    i = max(i, n - (closer.utf8CodeUnitCount - 1))
                    return false
                }
                i = end
                state = .prolog
            }
        }
        return false
    }

    /// The index just after the first `closer` (ending in `>`) that starts at `from` or later.
    private static func find(_ closer: StaticString, _ p: UnsafePointer<UInt8>, from: Int, _ n: Int) -> Int? {
        var j = from
        while j < n, let gt = memchr(p + j, Int32(UInt8(ascii: ">")), n - j) {
            let at = UnsafePointer(gt.assumingMemoryBound(to: UInt8.self)) - p
            let start = at + 1 - closer.utf8CodeUnitCount
            if start >= from, matches(p, start, n, closer) { return at + 1 }
            j = at + 1
        }
        return nil
    }

    private static func matches(_ p: UnsafePointer<UInt8>, _ i: Int, _ n: Int, _ s: StaticString) -> Bool {
        let count = s.utf8CodeUnitCount
        guard n - i >= count else { return false }
        return memcmp(p + i, s.utf8Start, count) == 0
    }

    /// True when the buffer ends inside what may still become `s`.
    private static func isPrefix(_ p: UnsafePointer<UInt8>, _ i: Int, _ n: Int, _ s: StaticString) -> Bool {
        let count = n - i
        guard count < s.utf8CodeUnitCount else { return false }
        return memcmp(p + i, s.utf8Start, count) == 0
    }
}
