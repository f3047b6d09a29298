import Foundation
import XCTest

@testable import FeedModel

/// Values entries repeat share one storage (`RepeatedValues`: author lists, an author's address, an
/// identifier equal to the link), categories are handed over as arrays of their exact number,
/// captured text read without libxml2 is not checked twice (`FeedBuilder.checkedCharacters`), and a
/// whole feed's articles are gathered in blocks (`ArticleCollector`). None
/// of it may change a value: each case compares the UTF-8 of every field with what the feed says,
/// and with the values streaming gives (which never share across entries the same way), byte for
/// byte, since Swift's `==` calls canonically equivalent strings equal.
final class RepeatedValueTests: XCTestCase {
    private static let atom = "http://www.w3.org/2005/Atom"

    /// Every string of an article's identity, authors and categories, as UTF-8.
    private func fingerprint(_ a: Article) -> [[UInt8]] {
        var out: [[UInt8]] = [Array((a.id ?? "<nil>").utf8), Array((a.url ?? "<nil>").utf8)]
        for author in a.authors {
            for field in [author.name, author.url, author.email, author.avatar] {
                out.append(Array((field ?? "<nil>").utf8))
            }
            out.append([0x1F])
        }
        for category in a.categories {
            for field in [category.term, category.scheme, category.label] {
                out.append(Array((field ?? "<nil>").utf8))
            }
            out.append([0x1E])
        }
        for field in [a.title, a.contentHTML, a.contentText, a.summary] {
            out.append(Array((field ?? "<nil>").utf8))
        }
        return out
    }

    private func wholeAndStreamed(_ xml: String) throws -> [Article] {
        let bytes = Array(xml.utf8)
        let whole = try FeedParser.parse(bytes).items
        var streamed: [Article] = []
        _ = try FeedParser.parse(chunks: [bytes], onHeader: { _ in }, onItem: { streamed.append($0) })
        XCTAssertEqual(whole.map(fingerprint), streamed.map(fingerprint), "whole feed and streaming")
        for size in [5, 64] {
            let chunks = stride(from: 0, to: bytes.count, by: size).map { Array(bytes[$0..<min($0 + size, bytes.count)]) }
            let chunked = try FeedParser.parse(chunks: chunks).items
            XCTAssertEqual(whole.map(fingerprint), chunked.map(fingerprint), "chunks of \(size)")
        }
        return whole
    }

    private func utf8(_ s: String?) -> [UInt8]? { s.map { Array($0.utf8) } }

    func testRepeatedAuthorsKeepTheirOwnBytes() throws {
        // José with a precomposed é, then with e and a combining accent: equal to Swift, not the same text.
        let items = try wholeAndStreamed(
            """
            <feed xmlns="\(Self.atom)"><title>t</title>\
            <entry><id>1</id><author><name>Jos\u{E9}</name><uri>http://example.com/about</uri></author></entry>\
            <entry><id>2</id><author><name>Jose\u{301}</name><uri>http://example.com/about</uri></author></entry>\
            <entry><id>3</id><author><name>Jos\u{E9}</name><uri>http://example.com/about</uri></author></entry>\
            <entry><id>4</id><author><name>Jos\u{E9}</name><uri>http://example.com/about/</uri></author></entry>\
            <entry><id>5</id><author><name>Jos\u{E9}</name></author><author><name>Ann</name>\
            <email>ann@example.com</email></author></entry>\
            <entry><id>6</id><author><name>Jos\u{E9}</name><uri>http://example.com/caf\u{E9}</uri></author></entry>\
            <entry><id>7</id><author><name>Jos\u{E9}</name><uri>http://example.com/cafe\u{301}</uri></author></entry>\
            <entry><id>8</id></entry>\
            <entry><id>9</id><author><name>Jos\u{E9}</name><uri>http://example.com/about</uri></author></entry>\
            </feed>
            """)
        XCTAssertEqual(items.count, 9)
        let names = items.map { $0.authors.map { utf8($0.name) } }
        let precomposed = utf8("Jos\u{E9}")
        let decomposed = utf8("Jose\u{301}")
        XCTAssertEqual(names[0], [precomposed])
        XCTAssertEqual(names[1], [decomposed])
        XCTAssertEqual(names[2], [precomposed])
        XCTAssertEqual(names[4], [precomposed, utf8("Ann")])
        XCTAssertEqual(names[7], [])
        XCTAssertEqual(names[8], [precomposed])
        let urls = items.map { $0.authors.map { utf8($0.url) } }
        XCTAssertEqual(urls[0], [utf8("http://example.com/about")])
        XCTAssertEqual(urls[1], [utf8("http://example.com/about")])
        XCTAssertEqual(urls[3], [utf8("http://example.com/about/")])
        XCTAssertEqual(urls[4], [nil, nil])
        XCTAssertEqual(urls[5], [utf8("http://example.com/caf\u{E9}")])
        XCTAssertEqual(urls[6], [utf8("http://example.com/cafe\u{301}")])
        XCTAssertEqual(items[4].authors[1].email, "ann@example.com")
    }

    func testAnIdentifierEqualToTheLinkStaysItself() throws {
        let items = try wholeAndStreamed(
            """
            <feed xmlns="\(Self.atom)"><title>t</title>\
            <entry><id>http://example.com/a</id><link href="http://example.com/a"/></entry>\
            <entry><id>http://example.com/caf\u{E9}</id><link href="http://example.com/cafe\u{301}"/></entry>\
            <entry><id>http://example.com/b </id><link href="http://example.com/b"/></entry>\
            <entry><id>tag:example.com,2024:c</id><link href="http://example.com/c"/></entry>\
            <entry><link href="http://example.com/d"/></entry>\
            </feed>
            """)
        XCTAssertEqual(items.map { utf8($0.id) }, [
            utf8("http://example.com/a"), utf8("http://example.com/caf\u{E9}"), utf8("http://example.com/b"),
            utf8("tag:example.com,2024:c"), nil,
        ])
        XCTAssertEqual(items.map { utf8($0.url) }, [
            utf8("http://example.com/a"), utf8("http://example.com/cafe\u{301}"), utf8("http://example.com/b"),
            utf8("http://example.com/c"), utf8("http://example.com/d"),
        ])
    }

    func testCategoriesOfEachEntryInDocumentOrder() throws {
        let items = try wholeAndStreamed(
            """
            <rss version="2.0" xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd"><channel><title>t</title>\
            <item><title>1</title><category domain="http://example.com/d">A</category><category>B</category>\
            <itunes:keywords>x, y</itunes:keywords><category>C</category></item>\
            <item><title>2</title></item>\
            <item><title>3</title><category>A long category name past fifteen bytes</category></item>\
            <item><title>4</title><category>1</category><category>2</category><category>3</category>\
            <category>4</category><category>5</category></item>\
            <item><title>5</title><category>5</category><category>4</category><category>3</category>\
            <category>2</category><category>1</category></item>\
            </channel></rss>
            """)
        XCTAssertEqual(items.map { $0.categories.map(\.term) }, [
            ["A", "B", "x", "y", "C"], [], ["A long category name past fifteen bytes"], ["1", "2", "3", "4", "5"],
            ["5", "4", "3", "2", "1"],
        ])
        XCTAssertEqual(items[0].categories[0].scheme, "http://example.com/d")
        XCTAssertLessThan(items[4].categories.capacity, 8, "as many categories as the entry before: an array of their number")
    }

    /// Content made of pieces read without libxml2 (escaped text, a CDATA section) and pieces libxml2
    /// reads (a declared entity, short text): one string either way, the same as libxml2 alone gives.
    func testContentOfCheckedAndUncheckedPieces() throws {
        let escaped = String(repeating: "&lt;p&gt;caf&#233; &#x1F600; x &amp; y&lt;/p&gt; ", count: 4)
        let xml = """
            <?xml version="1.0"?><!DOCTYPE feed [<!ENTITY who "J\u{F6}rg">]>\
            <feed xmlns="\(Self.atom)"><title>t</title>\
            <entry><id>1</id><content type="html">\(escaped)<![CDATA[<b>\u{4E2D}\u{6587}</b>]]>&who;\(escaped)</content></entry>\
            <entry><id>2</id><content type="html"><![CDATA[<i>only CDATA \u{E9}</i>]]></content></entry>\
            <entry><id>3</id><content type="xhtml"><div xmlns="http://www.w3.org/1999/xhtml"><p>a &amp; \u{E9}</p>\(escaped)</div></content></entry>\
            <entry><id>4</id><content type="html">\(escaped)</content></entry>\
            </feed>
            """
        let items = try wholeAndStreamed(xml)
        let alone = try FeedParser.parse(Array(xml.utf8), options: FeedParserOptions(readsTextDirectly: false)).items
        XCTAssertEqual(items.map(fingerprint), alone.map(fingerprint))
        let one = String(repeating: "<p>caf\u{E9} \u{1F600} x & y</p> ", count: 4)
        XCTAssertEqual(utf8(items[0].contentHTML), utf8("\(one)<b>\u{4E2D}\u{6587}</b>J\u{F6}rg\(one)".trimmingCharacters(in: .whitespaces)))
        XCTAssertEqual(items[1].contentHTML, "<i>only CDATA \u{E9}</i>")
        XCTAssertEqual(utf8(items[3].contentHTML), utf8(one.trimmingCharacters(in: .whitespaces)))
    }

    /// More entries than one block of `ArticleCollector` holds, as RSS, Atom and JSON Feed: the whole
    /// feed holds what streaming hands over, in order; a parse stopped by the item limit after some
    /// blocks fails as before (and frees what it had gathered).
    func testWholeFeedOfManyEntriesEqualsStreaming() throws {
        let n = ArticleCollector.blockCapacity * 2 + 7
        let rss = "<rss version=\"2.0\"><channel><title>t</title>"
            + (0..<n).map { "<item><title>Item \($0) caf\u{E9}</title><guid>g\($0)</guid><description>&lt;p&gt;\($0)&lt;/p&gt;</description></item>" }.joined()
            + "</channel></rss>"
        let atom = "<feed xmlns=\"\(Self.atom)\"><title>t</title>"
            + (0..<n).map { "<entry><id>e\($0)</id><title>\($0)</title><author><name>A\($0 % 3)</name></author></entry>" }.joined()
            + "</feed>"
        for xml in [rss, atom] {
            let items = try wholeAndStreamed(xml)
            XCTAssertEqual(items.count, n)
            XCTAssertEqual(items.last?.title, rss == xml ? "Item \(n - 1) caf\u{E9}" : "\(n - 1)")
            XCTAssertThrowsError(try FeedParser.parse(Array(xml.utf8), options: FeedParserOptions(maxItems: n - 3))) {
                XCTAssertEqual($0 as? FeedParseError, .tooManyItems(limit: n - 3))
            }
        }
        let json = "{\"version\":\"https://jsonfeed.org/version/1.1\",\"title\":\"t\",\"items\":["
            + (0..<n).map { "{\"id\":\"\($0)\",\"content_text\":\"x\($0)\"}" }.joined(separator: ",") + "]}"
        let whole = try FeedParser.parse(chunks: [Array(json.utf8)])
        var streamed: [Article] = []
        _ = try FeedParser.parse(chunks: [Array(json.utf8)], onHeader: { _ in }, onItem: { streamed.append($0) })
        XCTAssertEqual(whole.items, streamed)
        XCTAssertEqual(whole.items.count, n)
    }
}
