import CByteScan
import CLibXML2
import Glibc

/// Receives what `HTMLPlainScan` reads, as libxml2's HTML parser would report it (its SAX events):
/// elements starting and ending (the implied `html`, `body` and `p` included) and text.
protocol HTMLPlainScanSink {
    mutating func start(_ tag: HTMLPlainScanRules.Tag)
    mutating func end(_ tag: HTMLPlainScanRules.Tag)
    mutating func text(_ bytes: UnsafeBufferPointer<UInt8>)
}

/// A reader of the plain HTML most feed bodies are made of, that reports exactly the events libxml2's
/// HTML parser (2.9.14, parsed as `HTMLFragmentDocument` parses) reports for it, or declines.
/// Kept for: a cold refresh of the shared corpus, 17% less processor time.
///
/// It accepts: text (any UTF-8 but C0 controls other than tab, line feed and carriage return,
/// U+FFFE, U+FFFF and a leading byte order mark); start tags `<name attr attr=value attr="value"
/// attr='value'>` and `/>` of the names in `HTMLPlainScanRules` (not `html`, `body` or head elements);
/// end tags `</name>`; `&name;` of libxml2's HTML 4 entities, `&#N;` and `&#xH;` of characters XML
/// allows, `&` that starts no reference (kept as it is, as libxml2 keeps it), and plain comments
/// `<!-- ... -->` (no `--` inside, not starting with `>` or `->`). The elements
/// follow libxml2's rules: implied `html`, `body` and, for text before any element, `p`; start tags
/// that end open elements; empty elements; end tags that end the elements above their match unless
/// one has a higher end priority, and are ignored without a match. Anything else — other
/// comments, `<!`, `<?`, a `<` that starts no tag, unquoted values with quotes or `<`, unknown or
/// namespaced names, `&#` forms libxml2 rejects, nesting beyond 256 — declines (returns false), and
/// the caller hands the input to libxml2.
enum HTMLPlainScan {
    static let maximumDepth = 256

    /// Why the scan declined an input: the first construct it does not read.
    enum Decline: String {
        case none, character = "a control character, U+FFFE/U+FFFF or a byte order mark"
        case declaration = "<! (comment, DOCTYPE, CDATA)", processingInstruction = "<?"
        case lessThan = "a < that starts no tag", element = "an element", endTag = "an end tag with more than a name"
        case attribute = "an attribute", reference = "a character or unknown entity reference"
        case whiteSpace = "long white space outside elements", depth = "nesting", version = "another libxml2"
    }

    /// Reads `bytes` into `sink`; false when the input has something the scan does not read exactly as
    /// libxml2 does (the sink then holds a partial result to throw away).
    static func scan<Sink: HTMLPlainScanSink>(_ bytes: UnsafeBufferPointer<UInt8>, into sink: inout Sink) -> Bool {
        scan(bytes, into: &sink).decline == .none
    }

    /// `scan`, with why it declined and, for an element, the element's name (for
    /// `tidings-bench plaintext`).
    static func scan<Sink: HTMLPlainScanSink>(
        _ bytes: UnsafeBufferPointer<UInt8>, into sink: inout Sink
    ) -> (decline: Decline, name: ShortNameKey) {
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return (.none, ShortNameKey()) }
        let n = bytes.count
        guard HTMLPlainScanRules.isUsable else { return (.version, ShortNameKey()) }
        guard !hasForbiddenCharacter(base, n) else { return (.character, ShortNameKey()) }
        var scanner = Scanner(base: base, count: n)
        let read = scanner.run(into: &sink)
        return (read ? .none : scanner.decline, scanner.declinedName)
    }

    /// A C0 control libxml2 drops (or NUL, where it stops), U+FFFE, U+FFFF, or a byte order mark first.
    private static func hasForbiddenCharacter(_ base: UnsafePointer<UInt8>, _ n: Int) -> Bool {
        if tidings_scan_forbidden_control(base, 0, n) != n { return true }
        if n >= 3, base[0] == 0xEF, base[1] == 0xBB, base[2] == 0xBF { return true }
        return XMLCharacters.containsFFFEOrFFFF(base, count: n)
    }

    private struct Scanner {
        let base: UnsafePointer<UInt8>
        let count: Int
        var stack: [HTMLPlainScanRules.Tag] = []
        var decline = Decline.none
        var declinedName = ShortNameKey()

        init(base: UnsafePointer<UInt8>, count: Int) {
            self.base = base
            self.count = count
            stack.reserveCapacity(32)
        }

        mutating func run<Sink: HTMLPlainScanSink>(into sink: inout Sink) -> Bool {
            var i = 0
            // libxml2 skips the white space before the document, and comments and the white space
            // after them there.
            while i < count, isBlank(base[i]) { i += 1 }
            while let end = commentEnd(i) {
                i = end
                while i < count, isBlank(base[i]) { i += 1 }
            }
            var run = i  // where the text not yet reported starts
            while true {
                let at = tidings_scan_markup(base, i, count)
                if at == count { break }
                if base[at] == UInt8(ascii: "<") {
                    guard flush(run, at, into: &sink), let next = markup(at, into: &sink) else { return false }
                    i = next
                    run = next
                    continue
                }
                // A reference: `&#`, `&name;`, or an `&` libxml2 reports as it is.
                guard at + 1 < count else {
                    i = at + 1
                    continue
                }
                let next = base[at + 1]
                if next == UInt8(ascii: "#") {
                    guard let (value, end) = characterReference(at) else {
                        decline = .reference
                        return false
                    }
                    guard flush(run, at, into: &sink) else { return false }
                    emit(value, into: &sink)
                    i = end
                    run = end
                } else if isLetter(next) {
                    var k = at + 1
                    var key = ShortNameKey()
                    while k < count, isLetter(base[k]) || isDigit(base[k]) {
                        key.append(base[k])
                        k += 1
                    }
                    guard k < count, base[k] == UInt8(ascii: ";") else {
                        i = k  // `&name` without `;`: reported as it is
                        continue
                    }
                    if let value = HTMLPlainScanRules.entity(key) {
                        guard flush(run, at, into: &sink) else { return false }
                        emit(value, into: &sink)
                        i = k + 1
                        run = i
                    } else {
                        // Unknown to the table: reported as it is, unless libxml2 knows it after all.
                        guard !libxml2KnowsEntity(at + 1, k) else {
                            decline = .reference
                            return false
                        }
                        i = k
                    }
                } else {
                    i = at + 1
                }
            }
            guard flush(run, count, into: &sink) else { return false }
            while let top = stack.popLast() { sink.end(top) }
            return true
        }

        private func libxml2KnowsEntity(_ from: Int, _ to: Int) -> Bool {
            var name = [UInt8](UnsafeBufferPointer(start: base + from, count: to - from))
            name.append(0)
            return name.withUnsafeBufferPointer { htmlEntityLookup($0.baseAddress) != nil }
        }

        /// Reports text; text outside any element opens libxml2's implied paragraph, unless it is white
        /// space before a `<` or the end (libxml2's `areBlanks`, which looks at up to 1,000 bytes at a
        /// time: longer white space there declines). False when the scan declines.
        private mutating func flush<Sink: HTMLPlainScanSink>(_ from: Int, _ to: Int, into sink: inout Sink) -> Bool {
            guard to > from else { return true }
            if stack.isEmpty {
                var blank = true
                for index in from..<to where !isBlank(base[index]) {
                    blank = false
                    break
                }
                if blank && to - from >= 1000 {
                    decline = .whiteSpace
                    return false
                }
                if !blank || (to < count && base[to] != UInt8(ascii: "<")) { implyParagraph(into: &sink) }
            }
            sink.text(UnsafeBufferPointer(start: base + from, count: to - from))
            return true
        }

        private mutating func emit<Sink: HTMLPlainScanSink>(_ value: UInt32, into sink: inout Sink) {
            if stack.isEmpty { implyParagraph(into: &sink) }
            var encoded: (UInt8, UInt8, UInt8, UInt8) = (0, 0, 0, 0)
            let length = withUnsafeMutableBytes(of: &encoded) { buffer -> Int in
                var length = 0
                if let scalar = Unicode.Scalar(value) {
                    UTF8.encode(scalar) { byte in
                        buffer[length] = byte
                        length += 1
                    }
                }
                return length
            }
            withUnsafeBytes(of: &encoded) { buffer in
                sink.text(UnsafeBufferPointer(start: buffer.bindMemory(to: UInt8.self).baseAddress, count: length))
            }
        }

        private mutating func implyRoot<Sink: HTMLPlainScanSink>(into sink: inout Sink) {
            stack.append(HTMLPlainScanRules.html)
            sink.start(HTMLPlainScanRules.html)
            stack.append(HTMLPlainScanRules.body)
            sink.start(HTMLPlainScanRules.body)
        }

        private mutating func implyParagraph<Sink: HTMLPlainScanSink>(into sink: inout Sink) {
            implyRoot(into: &sink)
            stack.append(HTMLPlainScanRules.paragraph)
            sink.start(HTMLPlainScanRules.paragraph)
        }

        /// Where a comment at `at` ends, for the comments the scan reads (libxml2 reports none of them
        /// to the plain text): `<!--`, then text whose first `--` is the `-->` that ends it and that does
        /// not start with `>` or `->` (libxml2 ends those early). Nil for anything else.
        private func commentEnd(_ at: Int) -> Int? {
            guard at + 7 <= count, base[at] == UInt8(ascii: "<"), base[at + 1] == UInt8(ascii: "!"),
                base[at + 2] == UInt8(ascii: "-"), base[at + 3] == UInt8(ascii: "-")
            else { return nil }
            let content = at + 4
            let dash = UInt8(ascii: "-")
            if base[content] == UInt8(ascii: ">") || (base[content] == dash && base[content + 1] == UInt8(ascii: ">")) {
                return nil
            }
            var k = content
            while k + 2 < count {
                guard let found = memchr(base + k, Int32(dash), count - k) else { return nil }
                let index = UnsafePointer(found.assumingMemoryBound(to: UInt8.self)) - base
                guard index + 2 < count else { return nil }
                if base[index + 1] == dash { return base[index + 2] == UInt8(ascii: ">") ? index + 3 : nil }
                k = index + 1
            }
            return nil
        }

        /// `&#N;` or `&#xH;` of a character XML allows: its value and where the reference ends.
        private func characterReference(_ at: Int) -> (UInt32, Int)? {
            var k = at + 2
            var value: UInt32 = 0
            var digits = 0
            let hexadecimal = k < count && base[k] | 0x20 == UInt8(ascii: "x")
            if hexadecimal {
                k += 1
                while k < count, digits <= 6 {
                    let byte = base[k]
                    let digit: UInt32
                    if isDigit(byte) {
                        digit = UInt32(byte - 0x30)
                    } else if byte | 0x20 >= UInt8(ascii: "a"), byte | 0x20 <= UInt8(ascii: "f") {
                        digit = UInt32((byte | 0x20) - 0x57)
                    } else {
                        break
                    }
                    value = value * 16 + digit
                    digits += 1
                    k += 1
                }
            } else {
                while k < count, digits <= 7, isDigit(base[k]) {
                    value = value * 10 + UInt32(base[k] - 0x30)
                    digits += 1
                    k += 1
                }
            }
            guard digits > 0, digits <= (hexadecimal ? 6 : 7), k < count, base[k] == UInt8(ascii: ";") else { return nil }
            let allowed =
                value == 0x09 || value == 0x0A || value == 0x0D || (value >= 0x20 && value <= 0xD7FF)
                || (value >= 0xE000 && value <= 0xFFFD) || (value >= 0x10000 && value <= 0x10FFFF)
            return allowed ? (value, k + 1) : nil
        }

        /// A tag at `at` (`<`): reported, and where it ends; nil when the scan declines it.
        private mutating func markup<Sink: HTMLPlainScanSink>(_ at: Int, into sink: inout Sink) -> Int? {
            decline = .lessThan
            guard at + 2 < count else { return nil }
            let isEnd = base[at + 1] == UInt8(ascii: "/")
            var k = isEnd ? at + 2 : at + 1
            guard isLetter(base[k]) else {
                if let end = commentEnd(at) { return end }
                if base[at + 1] == UInt8(ascii: "!") { decline = .declaration }
                if base[at + 1] == UInt8(ascii: "?") { decline = .processingInstruction }
                return nil
            }
            var key = ShortNameKey()
            while k < count {
                let byte = base[k]
                if isLetter(byte) {
                    key.append(byte | 0x20)
                } else if isAttributeNameByte(byte) {
                    key.append(byte)
                } else {
                    break
                }
                k += 1
            }
            guard let tag = HTMLPlainScanRules.tag(key), tag.id != HTMLPlainScanRules.html.id,
                tag.id != HTMLPlainScanRules.body.id
            else {
                decline = .element
                declinedName = key
                return nil
            }
            if isEnd {
                while k < count, isBlank(base[k]) { k += 1 }
                guard k < count, base[k] == UInt8(ascii: ">") else {
                    decline = .endTag
                    return nil
                }
                endTag(tag, into: &sink)
                return k + 1
            }
            guard let (end, selfClosing) = startTagEnd(k) else {
                decline = .attribute
                return nil
            }
            guard startTag(tag, selfClosing: selfClosing, into: &sink) else {
                decline = .depth
                return nil
            }
            return end
        }

        private mutating func startTag<Sink: HTMLPlainScanSink>(
            _ tag: HTMLPlainScanRules.Tag, selfClosing: Bool, into sink: inout Sink
        ) -> Bool {
            if stack.isEmpty { implyRoot(into: &sink) }
            while let top = stack.last, HTMLPlainScanRules.startCloses(tag.id, top.id) {
                stack.removeLast()
                sink.end(top)
            }
            guard stack.count < maximumDepth else { return false }
            sink.start(tag)
            if selfClosing || tag.isEmpty {
                sink.end(tag)
            } else {
                stack.append(tag)
            }
            return true
        }

        private mutating func endTag<Sink: HTMLPlainScanSink>(_ tag: HTMLPlainScanRules.Tag, into sink: inout Sink) {
            var index = stack.count - 1
            while index >= 0, stack[index].id != tag.id {
                // An element of higher end priority above the match keeps the end tag from closing it.
                if stack[index].priority > tag.priority { return }
                index -= 1
            }
            guard index >= 0 else { return }
            while stack.count > index {
                sink.end(stack.removeLast())
            }
        }

        /// Where the start tag whose name ends at `from` ends, and whether it ends with `/>`; nil for
        /// attributes the scan does not read (it reads names, `=`, quoted values, plain unquoted ones).
        private func startTagEnd(_ from: Int) -> (Int, Bool)? {
            var k = from
            while k < count {
                let byte = base[k]
                if byte == UInt8(ascii: ">") { return (k + 1, false) }
                if byte == UInt8(ascii: "/") {
                    return k + 1 < count && base[k + 1] == UInt8(ascii: ">") ? (k + 2, true) : nil
                }
                if isBlank(byte) {
                    k += 1
                    continue
                }
                // After the name, an attribute comes after white space (or right after a quoted value).
                guard k > from, isLetter(byte) || byte == UInt8(ascii: "_") else { return nil }
                let nameStart = k
                while k < count, isAttributeNameByte(base[k]) { k += 1 }
                guard k - nameStart <= 64 else { return nil }
                while k < count, isBlank(base[k]) { k += 1 }
                guard k < count, base[k] == UInt8(ascii: "=") else { continue }
                k += 1
                while k < count, isBlank(base[k]) { k += 1 }
                guard k < count else { return nil }
                let quote = base[k]
                if quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") {
                    guard let close = memchr(base + k + 1, Int32(quote), count - k - 1) else { return nil }
                    k = UnsafePointer(close.assumingMemoryBound(to: UInt8.self)) - base + 1
                } else {
                    let valueStart = k
                    while k < count, !isBlank(base[k]), base[k] != UInt8(ascii: ">") {
                        switch base[k] {
                        case UInt8(ascii: "\""), UInt8(ascii: "'"), UInt8(ascii: "<"), UInt8(ascii: "="),
                            UInt8(ascii: "`"):
                            return nil
                        default: k += 1
                        }
                    }
                    guard k > valueStart else { return nil }
                }
            }
            return nil
        }
    }

    /// libxml2's blanks (`IS_BLANK_CH`).
    @inline(__always)
    static func isBlank(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    @inline(__always)
    static func isLetter(_ byte: UInt8) -> Bool { (byte | 0x20) &- 0x61 < 26 }

    @inline(__always)
    static func isDigit(_ byte: UInt8) -> Bool { byte &- 0x30 < 10 }

    @inline(__always)
    static func isAttributeNameByte(_ byte: UInt8) -> Bool {
        if isLetter(byte) || isDigit(byte) { return true }
        return byte == 0x2D || byte == 0x5F || byte == 0x2E || byte == 0x3A  // - _ . :
    }
}
