import CByteScan
import TidingsText
import Foundation

/// Repairs the character references of an XML byte stream before libxml2 reads it, so that the text
/// comes out as the author wrote it and as browsers show it:
///
/// - an `&` that starts no reference (`?a=1&b=2`, `Q&A`) becomes `&amp;` (libxml2's recovery would
///   drop the `&` and the name after it);
/// - numeric references to 128-159 (`&#146;`) become the windows-1252 character they mean (’), as
///   HTML5 parsers read them; `&#X41;` (capital X) is read as `&#x41;`; `&#0;`, surrogates and values
///   beyond Unicode become U+FFFD; references to the C0 controls XML forbids are dropped.
///
/// CDATA sections, comments and processing instructions are passed through untouched, but for two
/// same-length rewrites of a comment's text that libxml2's push parser needs (`separateCommentOpener`,
/// `evenClosingDashes`). Streaming:
/// a reference or markup opener cut by a chunk boundary is held back until the next chunk.
///
/// A CDATA section that lies whole in one chunk and holds only characters XML allows is offered to
/// `cdata` once its opener has been emitted: when that takes the content (see
/// `XMLFeedParser.deliverCDATA`), only `]]>` and what follows are emitted, so libxml2 does not walk
/// the content byte by byte three times (find the end, check the characters, count lines).
///
/// Likewise a run of text in element content that holds references and ends in the same chunk is
/// offered to `text`, decoded (`TextRunReader`), once everything before it has been emitted: when
/// that takes it (see `XMLFeedParser.deliverText`), the run is not emitted, and libxml2 does not
/// parse each reference and report it on its own. Used by one parse on one thread.
package struct ReferenceRepair {
    enum Section { case markup, cdata, comment, instruction }

    private var section = Section.markup
    private var carry: [UInt8] = []
    private var joined: [UInt8] = []
    private var out: [UInt8] = []
    private var decoded: [UInt8] = []
    /// The dashes that end the part of the open comment already passed on (see `evenClosingDashes`).
    private var commentDashes = 0
    /// What made the document not well-formed, the first time something was repaired.
    package private(set) var firstProblem: String?

    package init() {}

    /// Repairs one chunk and hands the result to `emit` (the input itself when nothing changed).
    ///
    /// `cdata` gets the content of a CDATA section, `text` a decoded run of text and the bytes it was
    /// decoded from; each returns whether it took them (else they are emitted as usual).
    package mutating func repair(
        _ chunk: UnsafeBufferPointer<UInt8>, final: Bool, emit: (UnsafeBufferPointer<UInt8>) -> Void,
        cdata: (UnsafeBufferPointer<UInt8>) -> Bool,
        text: (_ decoded: UnsafeBufferPointer<UInt8>, _ raw: UnsafeBufferPointer<UInt8>) -> Bool
    ) {
        if carry.isEmpty {
            scan(chunk, final: final, emit: emit, cdata: cdata, text: text)
            return
        }
        // The held bytes are read together with the chunk's first bytes only (never a copy of the
        // whole chunk): what is held is never longer than `lookahead`, so it is settled within them.
        let take = min(chunk.count, Self.lookahead * 2)
        joined.removeAll(keepingCapacity: true)
        joined.append(contentsOf: carry)
        joined.append(contentsOf: UnsafeBufferPointer(rebasing: chunk[..<take]))
        carry.removeAll(keepingCapacity: true)
        let head = joined
        let whole = take == chunk.count
        head.withUnsafeBufferPointer { scan($0, final: final && whole, emit: emit, cdata: cdata, text: text) }
        if whole { return }
        // Bytes held back from the head lie within the chunk: read on from where they start.
        let resume = take - carry.count
        carry.removeAll(keepingCapacity: true)
        scan(UnsafeBufferPointer(rebasing: chunk[resume...]), final: final, emit: emit, cdata: cdata, text: text)
    }

    /// The shortest CDATA content offered to `cdata`: below it, the extra push costs more than it saves.
    private static let cdataBypassMinimum = 128

    /// The longest CDATA content offered to `cdata`. libxml2 gives up on a document whose unread input
    /// passes 10 MB ("Huge input lookup"), which a long enough section pushed whole reaches; such a
    /// section is left to libxml2 so that the document reads the same whether it came whole or in pieces.
    private static let cdataBypassMaximum = 1 << 20

    /// The most bytes a reference or a markup opener is looked at before it is decided.
    static let lookahead = 72

    package enum Reference {
        /// A reference libxml2 reads as meant; its length.
        case keep(Int)
        /// A bare `&`.
        case bare
        /// A numeric reference to write differently (the bytes to write, the length replaced, whether
        /// the original was allowed in XML).
        case rewrite([UInt8], Int, allowed: Bool)
        /// The buffer ends before the reference can be told.
        case needMore
    }

    private mutating func scan(
        _ input: UnsafeBufferPointer<UInt8>, final: Bool, emit: (UnsafeBufferPointer<UInt8>) -> Void,
        cdata: (UnsafeBufferPointer<UInt8>) -> Bool,
        text: (_ decoded: UnsafeBufferPointer<UInt8>, _ raw: UnsafeBufferPointer<UInt8>) -> Bool
    ) {
        guard let p = input.baseAddress, input.count > 0 else { return }
        let n = input.count
        var i = 0
        var run = 0
        var copying = false
        /// Where the content of a CDATA section opened in this buffer starts; -1 when none is open.
        var cdataStart = -1
        /// The markup (a `<`, or the `>` ending a section) after which a run of text may start, with
        /// no `&` since; -1 when there is none in this buffer.
        var textAfter = -1
        out.removeAll(keepingCapacity: true)
        scanning: while i < n {
            switch section {
            case .markup:
                i = Self.nextSpecial(p, i, n)
                if i == n { break scanning }
                if p[i] == UInt8(ascii: "<") {
                    if i + 1 < n, p[i + 1] != UInt8(ascii: "!"), p[i + 1] != UInt8(ascii: "?") {
                        textAfter = i
                        i += 1
                        continue
                    }
                    textAfter = -1
                    switch Self.opener(p, i, n) {
                    case .some(.markup): i += 1
                    case .some(let kind):
                        if kind == .comment, n - i < 6, !final {
                            // The two bytes after `<!--` decide `separateCommentOpener`: wait for them.
                            carry.append(contentsOf: UnsafeBufferPointer(start: p + i, count: n - i))
                            break scanning
                        }
                        section = kind
                        commentDashes = 0
                        i += kind == .cdata ? 9 : kind == .comment ? 4 : 2
                        if kind == .cdata { cdataStart = i }
                        if kind == .comment { separateCommentOpener(p, contentStart: i, run: &run, copying: &copying, n) }
                    case .none:
                        if final {
                            i += 1
                        } else {
                            carry.append(contentsOf: UnsafeBufferPointer(start: p + i, count: n - i))
                            break scanning
                        }
                    }
                    continue
                }
                if textAfter >= 0 {
                    let after = textAfter
                    textAfter = -1
                    if let end = readTextRun(p, after: after, reference: i, n, run: &run, copying: copying, emit: emit, text: text) {
                        i = end
                        continue
                    }
                }
                if i &+ 5 <= n {
                    // `&lt;`, `&gt;` and `&amp;` are most references: one load each.
                    let word = UnsafeRawPointer(p + i + 1).loadUnaligned(as: UInt32.self).littleEndian
                    let three = word & 0x00FF_FFFF
                    if three == 0x3B_746C || three == 0x3B_7467 {
                        i &+= 4
                        continue
                    }
                    if word == 0x3B70_6D61 {
                        i &+= 5
                        continue
                    }
                }
                let named = Self.namedReferenceLength(p, i, n)
                if named > 0 {
                    i += named
                    continue
                }
                let reference = Self.reference(p, i, n, final: final)
                switch reference {
                case .keep(let length):
                    i += length
                case .needMore:
                    carry.append(contentsOf: UnsafeBufferPointer(start: p + i, count: n - i))
                    break scanning
                case .bare, .rewrite:
                    if !copying {
                        copying = true
                        out.reserveCapacity(n + 64)
                    }
                    out.append(contentsOf: UnsafeBufferPointer(start: p + run, count: i - run))
                    if case .rewrite(let bytes, let length, let allowed) = reference {
                        out.append(contentsOf: bytes)
                        i += length
                        if !allowed, firstProblem == nil { firstProblem = "a character reference XML does not allow" }
                    } else {
                        out.append(contentsOf: "&amp;".utf8)
                        if firstProblem == nil { firstProblem = "an '&' that starts no entity reference, kept as text" }
                        i += 1
                    }
                    run = i
                }
            case .cdata, .comment, .instruction:
                let closer: (UInt8, UInt8) =
                    section == .cdata ? (0x5D, 0x5D) : section == .comment ? (0x2D, 0x2D) : (0x3F, 0x3F)
                let need = section == .instruction ? 1 : 2
                var j = max(i, 0)
                var found = -1
                while true {
                    let gt = Self.find(UInt8(ascii: ">"), p, j, n)
                    if gt == n { break }
                    if gt - need >= i,
                        need == 1 ? p[gt - 1] == closer.0 : (p[gt - 1] == closer.1 && p[gt - 2] == closer.0)
                    {
                        found = gt
                        break
                    }
                    j = gt + 1
                }
                if found < 0 {
                    // Hold back the last bytes: the closer may straddle the chunk boundary (in a
                    // comment, one more, which `evenClosingDashes` may rewrite), never one already
                    // written differently (`separateCommentOpener`; it cannot be part of a closer).
                    let keep = final ? 0 : min(section == .comment ? 3 : need, n - max(i, run))
                    if keep > 0 { carry.append(contentsOf: UnsafeBufferPointer(start: p + n - keep, count: keep)) }
                    if section == .comment {
                        let dashes = Self.dashes(before: n - keep, p, from: i)
                        commentDashes = dashes == n - keep - i ? commentDashes + dashes : dashes
                    }
                    i = n - keep
                    break scanning
                }
                if section == .comment { evenClosingDashes(p, closer: found, contentStart: i, run: &run, copying: &copying, n) }
                let contentLength = found - 2 - cdataStart
                if section == .cdata, cdataStart >= 0,
                    (Self.cdataBypassMinimum...Self.cdataBypassMaximum).contains(contentLength)
                {
                    let content = UnsafeBufferPointer(start: p + cdataStart, count: contentLength)
                    if XMLCharacters.arePlain(content) {
                        // Everything through the opener goes first, so that libxml2 stands inside the section.
                        if copying {
                            out.append(contentsOf: UnsafeBufferPointer(start: p + run, count: cdataStart - run))
                            out.withUnsafeBufferPointer { emit($0) }
                            out.removeAll(keepingCapacity: true)
                        } else {
                            emit(UnsafeBufferPointer(start: p + run, count: cdataStart - run))
                        }
                        run = cdataStart
                        if cdata(content) { run = found - 2 }
                    }
                }
                cdataStart = -1
                section = .markup
                textAfter = found
                i = found + 1
            }
        }
        let end = carry.isEmpty ? n : min(i, n)
        if copying {
            out.append(contentsOf: UnsafeBufferPointer(start: p + run, count: end - run))
            out.withUnsafeBufferPointer { emit($0) }
        } else if end > run {
            emit(UnsafeBufferPointer(start: p + run, count: end - run))
        }
    }

    /// Makes the dashes that end a comment (before its `>` at `closer`) an even run, as libxml2 2.9's
    /// comment reader needs them: after a `--` that `>` does not follow it reports the error and
    /// moves two bytes on, so in `--->` (any odd run of three or more) it steps over the end, reads
    /// the rest of the input it holds as the comment and reports it unterminated, swallowing an
    /// amount of the document that depends on where the chunks ended. The third dash from the end of
    /// such a run is written as a space (the comment's text is not read; the length, and so every
    /// line and column, stays), and the document is reported not well-formed. The run may have begun
    /// in an earlier chunk (`commentDashes`); the three bytes before the `>` are in this one (a
    /// comment's last three bytes are held back until its end comes).
    private mutating func evenClosingDashes(
        _ p: UnsafePointer<UInt8>, closer: Int, contentStart: Int, run: inout Int, copying: inout Bool, _ n: Int
    ) {
        var count = Self.dashes(before: closer, p, from: contentStart)
        if count == closer - contentStart { count += commentDashes }
        commentDashes = 0
        // The third dash from the end: the dashes before it are an even run, `-->` follows it.
        let space = closer - 3
        guard count >= 3, count % 2 == 1, space >= contentStart, space >= run else { return }
        writeSpace(at: space, p, run: &run, copying: &copying, n)
        if firstProblem == nil { firstProblem = "a comment ended by an odd run of dashes ('--->')" }
    }

    /// Keeps a comment's opener from also reading as its end: in `<!-->` and `<!--->` the bytes from
    /// the `<` on hold `-->`, which libxml2 2.9's push parser takes for the comment's end being in its
    /// buffer. It then reads the comment before the real end has arrived and reports it unterminated
    /// where the pushed bytes ended: the error (its line, and whether it is the error a later `--`
    /// would have given) depended on how the document came in chunks. The comment's first byte is
    /// written as a space (the comment's text is not read; the length, and so every line and column,
    /// stays): whole, libxml2 reads both forms as a comment going on, as XML says they are.
    private mutating func separateCommentOpener(
        _ p: UnsafePointer<UInt8>, contentStart start: Int, run: inout Int, copying: inout Bool, _ n: Int
    ) {
        guard start < n, start >= run else { return }
        let first = p[start]
        guard first == UInt8(ascii: ">") || (first == UInt8(ascii: "-") && start + 1 < n && p[start + 1] == UInt8(ascii: ">"))
        else { return }
        writeSpace(at: start, p, run: &run, copying: &copying, n)
    }

    /// Writes the byte at `at` (not before `run`) as a space: the bytes from `run` up to it go to
    /// `out`, which from then on holds this buffer's output.
    private mutating func writeSpace(at: Int, _ p: UnsafePointer<UInt8>, run: inout Int, copying: inout Bool, _ n: Int) {
        if !copying {
            copying = true
            out.reserveCapacity(n + 64)
        }
        out.append(contentsOf: UnsafeBufferPointer(start: p + run, count: at - run))
        out.append(UInt8(ascii: " "))
        run = at + 1
    }

    /// How many dashes stand right before `end`, none of them before `start`.
    private static func dashes(before end: Int, _ p: UnsafePointer<UInt8>, from start: Int) -> Int {
        var k = end
        while k > start, p[k - 1] == UInt8(ascii: "-") { k -= 1 }
        return end - k
    }

    /// The shortest text run offered to `text`: below it, the extra push costs more than it saves.
    private static let textRunMinimum = 64

    /// Offers the run of text holding the reference at `reference` to `text`: the run starts after
    /// the last `>` since `after` (markup with no `&` in between) and ends at the next `<`. Emits
    /// everything before the run first, so that libxml2 stands at its start; returns the index of
    /// the `<` when `text` took the run (then `run`, the start of what is still to emit, is that `<`),
    /// nil when the run is left to libxml2.
    private mutating func readTextRun(
        _ p: UnsafePointer<UInt8>, after: Int, reference: Int, _ n: Int, run: inout Int, copying: Bool,
        emit: (UnsafeBufferPointer<UInt8>) -> Void,
        text: (_ decoded: UnsafeBufferPointer<UInt8>, _ raw: UnsafeBufferPointer<UInt8>) -> Bool
    ) -> Int? {
        // `p[after]` is a `<` or a section's closing `>`.
        let gt = Int(bitPattern: UInt(tidings_scan_last(p, after + 1, reference, UInt8(ascii: ">"))))
        let start = gt > after ? gt + 1 : p[after] == UInt8(ascii: ">") ? after + 1 : -1
        guard start > after, !Self.endsInQuote(p, from: after, to: start - 1) else { return nil }
        guard start >= run, let (end, length) = TextRunReader.decode(p, from: start, n, into: &decoded),
            end - start >= Self.textRunMinimum
        else { return nil }
        if copying {
            out.append(contentsOf: UnsafeBufferPointer(start: p + run, count: start - run))
            out.withUnsafeBufferPointer { emit($0) }
            out.removeAll(keepingCapacity: true)
        } else if start > run {
            emit(UnsafeBufferPointer(start: p + run, count: start - run))
        }
        run = start
        let raw = UnsafeBufferPointer(start: p + start, count: end - start)
        guard decoded.withUnsafeBufferPointer({ text(UnsafeBufferPointer(rebasing: $0[..<length]), raw) }) else {
            return nil
        }
        run = end
        return end
    }
}
