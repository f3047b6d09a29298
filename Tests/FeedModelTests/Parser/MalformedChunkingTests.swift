import Foundation
import TestSupport
import XCTest

@testable import FeedModel

/// Errors libxml2 finds inside character data read the same whole and in chunks: the same items,
/// the same text, the same error, wherever the chunks end. A `]]>` outside a CDATA section is kept
/// as the text it is (libxml2 2.9 reports it and, reading ASCII text, skips what it had scanned
/// before it, as much as the chunks happened to give it).
final class TextErrorChunkingTests: XCTestCase {
    private static let head = "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<rss version=\"2.0\"><channel><title>T</title>\n"
    private static let paragraph = String(repeating: "plain words of a long paragraph, line after line\n", count: 14)

    /// A feed whose second item's description is `text` (raw XML), after a first item long enough
    /// that the second arrives after the 1 KB the parser reads before it starts.
    private static func document(_ text: [UInt8]) -> [UInt8] {
        var bytes = Array(head.utf8)
        bytes += Array("<item><title>first</title><description>\(String(repeating: "ok ", count: 500))</description></item>\n".utf8)
        bytes += Array("<item><title>second</title><description>".utf8) + text + Array("</description></item>\n".utf8)
        bytes += Array("<item><title>last</title><description>fine</description></item>\n</channel></rss>\n".utf8)
        return bytes
    }

    /// Every single chunk size up to 64, some larger ones, and mixed sizes as the fuzz harness makes them.
    private static let chunkings: [[Int]] =
        (1...64).map { [$0] } + [[100], [127], [255], [299], [300], [301], [32, 70, 101], [128, 156], [3, 250], [1, 2, 255]]

    /// Parses `document` whole, checks every chunking gives the same feed, and returns it.
    private func parseEveryWay(_ document: [UInt8], file: StaticString = #filePath, line: UInt = #line) throws -> Feed {
        let whole = try FeedParser.parse(document)
        for sizes in Self.chunkings {
            let chunked = try FeedParser.parse(chunks: DocumentChunks.pieces(document, sizes: sizes))
            XCTAssertEqual(chunked, whole, "chunks of \(sizes)", file: file, line: line)
            if chunked != whole { break }
        }
        return whole
    }

    func testAStrayCDATAEndIsKeptAsTextHoweverTheDocumentIsChunked() throws {
        let paragraph = Self.paragraph
        let texts = [
            // After ASCII text, which libxml2 reads fast and used to skip up to the `]]>`.
            paragraph + "x]]>tail " + paragraph,
            // After a reference, at the start of a run of text libxml2 reads.
            paragraph + "&amp;]]>tail " + paragraph,
            // At the start of the element's text.
            "]]>tail " + paragraph,
            // After text that is not ASCII (libxml2's slower reader, which kept it).
            paragraph + "café " + String(paragraph.prefix(200)) + "]]>tail " + paragraph,
            "café]]>tail " + paragraph,
            // Several, and brackets before one.
            paragraph + "]]>]]>x" + paragraph,
            paragraph + "w]]]]>]]>tail" + paragraph,
            // Line ends written as CR LF (read as LF), and a lone CR (read as LF too).
            paragraph.replacingOccurrences(of: "\n", with: "\r\n") + "]]>tail " + paragraph,
            paragraph + "a\rb " + String(paragraph.prefix(100)) + "]]>tail " + paragraph,
        ]
        for text in texts {
            let feed = try parseEveryWay(Self.document(Array(text.utf8)))
            XCTAssertEqual(feed.items.map(\.title), ["first", "second", "last"])
            // As written, line ends read as LF and `&amp;` as `&`; the field's trailing line end trimmed.
            let expected = text.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\r", with: "\n")
                .replacingOccurrences(of: "&amp;", with: "&").trimmingCharacters(in: .newlines)
            XCTAssertEqual(feed.items[1].contentHTML, expected)
            XCTAssertEqual(feed.items[2].contentHTML, "fine")
            XCTAssertFalse(feed.wellformed)
            XCTAssertEqual(feed.error?.hasSuffix(": Sequence ']]>' not allowed in content"), true, feed.error ?? "no error")
        }
    }

    /// A CDATA section inside another, as some publishing tools write them: the inner `]]>` ends
    /// the section and the outer one is a stray `]]>` in text; every character is kept.
    func testTheEndOfANestedCDATASectionIsKeptAsText() throws {
        let text = "<![CDATA[<p>a <![CDATA[ b ]]> c \(Self.paragraph)]]>"
        let feed = try parseEveryWay(Self.document(Array(text.utf8)))
        XCTAssertEqual(feed.items[1].contentHTML, "<p>a <![CDATA[ b  c \(Self.paragraph)]]>")
        XCTAssertEqual(feed.error, "line 18: Sequence ']]>' not allowed in content")
    }

    /// A `]]>` cut by the end of a chunk, with enough text before it that libxml2 reads up to that
    /// end: held back, so that libxml2 sees it whole and reports it however the chunks fall.
    func testAStrayCDATAEndCutByAChunkEndIsReported() throws {
        let text = Self.paragraph + "cut here ]]> and the rest"
        let document = Self.document(Array(text.utf8))
        let whole = try FeedParser.parse(document)
        XCTAssertEqual(whole.items[1].contentHTML, text)
        let at = try XCTUnwrap(document.indices.first { document[$0...].starts(with: Array("]]>".utf8)) })
        for cut in [at, at + 1, at + 2] {
            for before in [cut - 1024, cut - 300, cut - 301, cut - 700] {
                let pieces = [Array(document[..<before]), Array(document[before..<cut]), Array(document[cut...])]
                XCTAssertEqual(try FeedParser.parse(chunks: pieces), whole, "cut at \(cut), before at \(before)")
            }
        }
    }

    /// The other errors libxml2 finds in text, on text it reads fast and slowly: the same whole and
    /// in chunks (each was already; kept so that a change in how text is read keeps them so).
    func testOtherErrorsInTextReadTheSameWholeAndInChunks() throws {
        let cases: [(bytes: [UInt8], error: String)] = [
            // A byte that is not UTF-8, then text that is not ASCII.
            (Array(Self.paragraph.utf8) + [0xEA] + Array(" café naïve ".utf8) + Array(Self.paragraph.utf8),
             "Input is not proper UTF-8"),
            // A character XML does not allow (U+FFFE), and a surrogate written in UTF-8.
            (Array((Self.paragraph + "\u{FFFE} after é" + Self.paragraph).utf8), "Char 0xFFFE out of allowed range"),
            (Array(Self.paragraph.utf8) + [0xED, 0xA0, 0x80] + Array(" after ".utf8) + Array(Self.paragraph.utf8),
             "Char 0xD800 out of allowed range"),
            // An `&` that starts no reference, and references with no name or digits.
            (Array((Self.paragraph + "Q&A & &# &#x; &foo bar" + Self.paragraph).utf8), "an '&' that starts no entity reference"),
            // C0 controls and NUL, which XML forbids.
            (Array(Self.paragraph.utf8) + [0x01, 0x00, 0x20] + Array("é".utf8) + Array(Self.paragraph.utf8),
             "control characters replaced"),
        ]
        for (bytes, error) in cases {
            let feed = try parseEveryWay(Self.document(bytes))
            XCTAssertEqual(feed.items.map(\.title), ["first", "second", "last"])
            XCTAssertEqual(feed.items[1].contentHTML?.hasSuffix(Self.paragraph.trimmingCharacters(in: .newlines)), true)
            XCTAssertEqual(feed.error?.contains(error), true, feed.error ?? "no error")
        }
    }
}

/// A comment closed by an odd run of three or more dashes (`--->`) ends there whole and in chunks.
/// libxml2 2.9's comment reader stepped over such an end and read the rest of the input it held as
/// the comment, so what followed was lost up to where the chunks happened to end.
final class CommentEndChunkingTests: XCTestCase {
    func testACommentEndedByAnOddRunOfDashesEndsThereHoweverTheDocumentIsChunked() throws {
        for dashes in [3, 4, 5, 7, 101] {
            var text = "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<rss version=\"2.0\"><channel><title>T</title>\n"
            text += "<item><title>first</title><description>\(String(repeating: "ok ", count: 400))</description></item>\n"
            text += "<!-- a note -- with double hyphens \(String(repeating: "-", count: dashes))>\n"
            for n in 0..<20 { text += "<item><title>after \(n)</title><description>text \(n) of the item</description></item>\n" }
            text += "</channel></rss>\n"
            let document = Array(text.utf8)
            let whole = try FeedParser.parse(document)
            XCTAssertEqual(whole.items.count, 21, "\(dashes) dashes")
            XCTAssertEqual(whole.items.last?.title, "after 19", "\(dashes) dashes")
            XCTAssertFalse(whole.wellformed)
            for size in Array(1...40) + [64, 100, 255, 300, 1024] {
                let pieces = DocumentChunks.pieces(document, size: size)
                let chunked = try FeedParser.parse(chunks: pieces)
                XCTAssertEqual(chunked, whole, "\(dashes) dashes, chunks of \(size)")
                if chunked != whole { break }
            }
        }
    }

    /// fuzz-feed-stream (Fuzz/Seeds/fuzz-feed-stream/title-after-a-broken-comment-depends-on-chunks):
    /// a `--->` comment end in a malformed Atom document left the entry's title nil whole and set in
    /// chunks of 1 or 64 bytes.
    func testTheFuzzFindingReadsTheSameWholeAndInChunks() throws {
        let seed = [UInt8](try Data(contentsOf: TestFeedServer.packageRoot.appendingPathComponent(
            "Fuzz/Seeds/fuzz-feed-stream/title-after-a-broken-comment-depends-on-chunks")))
        // The harness reads the first byte as the count of the chunk-size bytes that follow it (here one: 1).
        let document = Array(seed.dropFirst(1 + Int(seed[0] % 16)))
        let whole = try FeedParser.parse(document)
        for size in [1, 7, 33, 64, 150, 1024] {
            let pieces = DocumentChunks.pieces(document, size: size)
            XCTAssertEqual(try FeedParser.parse(chunks: pieces), whole, "chunks of \(size)")
        }
    }
}

/// An internal subset is handed to libxml2 only once libxml2's own test finds its end (`]`, blanks,
/// `>`, outside quotes and comments): before, it was handed on at the first `]`, and libxml2 went on
/// looking for the end in later chunks from where it had stopped, forgetting a comment it was in, so
/// a quote in that comment read as opening a literal depending on where the chunks ended.
final class InternalSubsetChunkingTests: XCTestCase {
    /// fuzz-feed-stream (Fuzz/Seeds/fuzz-feed-stream/internal-subset-end-found-in-later-chunks): a
    /// subset holding `]` before its end, a comment with a quote, and an entity declaration left
    /// open: not XML whole ("line 2: Extra content at the end of the document"), and in chunks of
    /// 1 byte (and 2, 3, 4, 6, ...) "line 3: Space required after the entity name".
    func testAnInternalSubsetReadsTheSameWholeAndInChunks() throws {
        let seed = [UInt8](try Data(contentsOf: TestFeedServer.packageRoot.appendingPathComponent(
            "Fuzz/Seeds/fuzz-feed-stream/internal-subset-end-found-in-later-chunks")))
        // The harness reads the first byte as the count of the chunk-size bytes that follow it (here one: 1).
        let found = Array(seed.dropFirst(1 + Int(seed[0] % 16)))
        let subsets = [
            "<!ENTITY e \"x\">\n  ]x\n  <!-- it's here -->\n",
            "<!ENTITY e \"x\"> ]] <!-- a \"quote -->\n",
            "<!-- ]> it's --> <!ENTITY e 'x'> <!-->' -->\n",
        ]
        var documents = [found]
        for subset in subsets {
            var text = "<?xml version=\"1.0\"?>\n<!DOCTYPE rss [\n  \(subset)]>\n<rss version=\"2.0\"><channel><title>T &e;</title>\n"
            for n in 0..<30 { text += "<item><title>Item \(n)</title><description>one two three</description></item>\n" }
            documents.append(Array((text + "</channel></rss>\n").utf8))
        }
        for document in documents {
            DocumentChunks.assertSameWholeAndInChunks(document, sizes: Array(1...40) + [64, 100, 255, 1024])
        }
    }
}

/// Comments outside the internal subset, in the prolog and after the root element, including the
/// malformed `<!-->`, `<!--->` and an odd dash run, read the same whole and in chunks: libxml2's
/// prolog and epilog comment readers are the same fast reader that `--->` tripped inside elements.
final class PrologCommentChunkingTests: XCTestCase {
    func testCommentsOutsideTheRootReadTheSameWholeAndInChunks() throws {
        let comments = ["<!-->", "<!--->", "<!---->", "<!----->", "<!-- a -- b -->", "<!-- x --->", "<!-- ok -->", "<!--", "<!-- -- >", "<?>", "<?x?>"]
        var documents: [[UInt8]] = []
        for comment in comments {
            var body = "<rss version=\"2.0\"><channel><title>T</title>\n"
            for n in 0..<30 { body += "<item><title>Item \(n)</title><description>one two three</description></item>\n" }
            body += "</channel></rss>\n"
            documents.append(Array("<?xml version=\"1.0\"?>\n\(comment)\n\(body)".utf8))
            documents.append(Array("<?xml version=\"1.0\"?>\n<!DOCTYPE rss>\n\(comment)\n\(body)".utf8))
            documents.append(Array("\(comment)\n\(body)".utf8))
            documents.append(Array("<?xml version=\"1.0\"?>\n\(body)\(comment)\n<!-- after -->\n".utf8))
            let inItem = "<item><title>in</title>\(comment)<description>x</description>--></item>\n"
            documents.append(Array("<?xml version=\"1.0\"?>\n\(body.replacingOccurrences(of: "</channel>", with: inItem + "</channel>"))".utf8))
        }
        for (index, document) in documents.enumerated() {
            DocumentChunks.assertSameWholeAndInChunks(document, sizes: Array(1...40) + [64, 100, 255, 1024], "document \(index), ")
        }
    }
}
