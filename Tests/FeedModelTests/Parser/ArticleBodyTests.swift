import Foundation
import XCTest

@testable import FeedHTML
@testable import FeedModel

/// `FeedParser.parse(chunks:onHeader:onItemBody:)` hands over the same entries as the article form,
/// body fields as bytes where they are valid UTF-8, and the JSON written from either form is the same.
final class ArticleBodyTests: XCTestCase {
    private struct BodyItem {
        var article: Article
        var fromBytes = 0
    }

    /// The entries of `bytes` through the body form, with the body fields put back as strings.
    private func bodyItems(_ bytes: [UInt8]) throws -> [BodyItem] {
        var items: [BodyItem] = []
        _ = try FeedParser.parse(
            chunks: CollectionOfOne(bytes), onHeader: { _ in },
            onItemBody: { article, body in
                XCTAssertNil(article.contentHTML)
                XCTAssertNil(article.contentText)
                XCTAssertNil(article.summary)
                var item = BodyItem(article: article)
                for text in [body.contentHTML, body.contentText, body.summary] {
                    if case .bytes = text { item.fromBytes += 1 }
                }
                item.article.contentHTML = body.contentHTML?.string
                item.article.contentText = body.contentText?.string
                item.article.summary = body.summary?.string
                items.append(item)
            })
        return items
    }

    func testEveryParserFixtureGivesTheSameEntriesEitherWay() throws {
        let folder = try XCTUnwrap(Bundle.module.url(forResource: "Resources", withExtension: nil))
            .appendingPathComponent("parser")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        var fromBytes = 0
        var compared = 0
        for name in names {
            let bytes = try ParserFixtures.bytes(name)
            guard let feed = try? FeedParser.parse(bytes) else { continue }
            let items = try bodyItems(bytes)
            XCTAssertEqual(items.map(\.article), feed.items, name)
            fromBytes += items.reduce(0) { $0 + $1.fromBytes }
            compared += items.count
        }
        XCTAssertGreaterThan(compared, 50)
        XCTAssertGreaterThan(fromBytes, 20, "body fields should come as bytes")
    }

    func testBase64BodiesComeAsDecodedStrings() throws {
        let xml = """
            <feed xmlns="http://www.w3.org/2005/Atom"><title>t</title><entry><id>1</id><title>e</title>\
            <content type="text/plain" mode="base64">aGVsbG8gd29ybGQ=</content><summary>plain &amp; simple</summary></entry></feed>
            """
        var contents: [String] = []
        var summaries: [String] = []
        _ = try FeedParser.parse(
            chunks: CollectionOfOne(Array(xml.utf8)), onHeader: { _ in },
            onItemBody: { _, body in
                if case .string(let s) = body.contentText { contents.append(s) }
                if case .bytes(let b) = body.summary { summaries.append(String(decoding: b, as: UTF8.self)) }
            })
        XCTAssertEqual(contents, ["hello world"])
        XCTAssertEqual(summaries, ["plain & simple"])
        XCTAssertEqual(try FeedParser.parse(Array(xml.utf8)).items.first?.contentText, "hello world")
    }

    func testUTF8CheckAcceptsOnlyWhatNeedsNoRepair() {
        func valid(_ bytes: [UInt8]) -> Bool {
            bytes.withUnsafeBufferPointer { UTF8Scrubber.isValid($0, allowCutEnd: false) }
        }
        let ascii = [UInt8](repeating: 0x61, count: 37)
        XCTAssertTrue(valid(ascii))
        XCTAssertTrue(valid(ascii + Array("é中👩‍💻".utf8) + ascii))
        for bad: [UInt8] in [[0xFF], [0xC0, 0x80], [0xED, 0xA0, 0x80], [0xEF, 0xBF, 0xBF], [0xF4, 0x90, 0x80, 0x80], [0xE4, 0xB8]] {
            // Past the first sixteen bytes, so the vector scan has to stop at it.
            XCTAssertFalse(valid(ascii + bad + ascii), "\(bad)")
            XCTAssertFalse(valid(ascii + bad), "\(bad) at the end")
        }
    }

    func testJSONFeedEntriesComeAsStrings() throws {
        let json = #"{"version":"https://jsonfeed.org/version/1.1","title":"J","items":[{"id":"1","content_html":"<p>x</p>","summary":"s"}]}"#
        let items = try bodyItems(Array(json.utf8))
        XCTAssertEqual(items.map(\.article), try FeedParser.parse(Array(json.utf8)).items)
        XCTAssertEqual(items.first?.fromBytes, 0)
    }

    func testWriterGivesTheSameJSONFromEitherForm() throws {
        let bytes = try ParserFixtures.bytes("rss20-full.xml")
        var fromArticles = JSONFeedWriter(pretty: true, sanitize: false)
        var fromBodies = JSONFeedWriter(pretty: true, sanitize: true)
        fromBodies.sanitize = false
        var expected: [UInt8] = []
        var actual: [UInt8] = []
        _ = try FeedParser.parse(
            chunks: CollectionOfOne(bytes), onHeader: { _ in }, onItem: { fromArticles.writeItem($0, into: &expected) })
        _ = try FeedParser.parse(
            chunks: CollectionOfOne(bytes), onHeader: { _ in },
            onItemBody: { fromBodies.writeItem($0, body: $1, into: &actual) })
        XCTAssertFalse(expected.isEmpty)
        XCTAssertEqual(String(decoding: actual, as: UTF8.self), String(decoding: expected, as: UTF8.self))
    }
}
