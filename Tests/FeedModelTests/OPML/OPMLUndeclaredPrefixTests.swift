import FeedModel
import Foundation
import XCTest

/// A feed list that uses a prefix without declaring it (`tidings:keep="3"` with no
/// `xmlns:tidings`, as a hand edit leaves it) is read whole: libxml2 calls that a namespace error, and
/// stopping there once handed back the part before it as if it were the whole list.
final class OPMLUndeclaredPrefixTests: XCTestCase {
    func testAnUndeclaredPrefixLosesNoOutlineAndKeepsItsSettings() throws {
        let document = try OPMLDocument(data: Data("""
            <?xml version="1.0"?>
            <opml version="2.0"><head><title>Mine</title></head><body>
            <outline type="rss" text="a" xmlUrl="https://a.example/feed"/>
            <outline type="rss" text="pod" xmlUrl="https://pod.example/feed" tidings:auto-download="true" tidings:keep="3"/>
            <outline type="rss" text="b" xmlUrl="https://b.example/feed" other:thing="kept"/>
            <outline text="folder" tidings:full-text="true">
              <outline type="rss" text="c" xmlUrl="https://c.example/feed"/>
            </outline>
            </body></opml>
            """.utf8))
        let entries = document.entries
        XCTAssertEqual(entries.map(\.url), ["https://a.example/feed", "https://pod.example/feed", "https://b.example/feed", "https://c.example/feed"])
        XCTAssertEqual(entries.map(\.autoDownload), [false, true, false, false])
        XCTAssertEqual(entries.map(\.keep), [nil, 3, nil, nil])
        XCTAssertEqual(entries.map(\.fullText), [false, false, false, true])

        // Written back, every attribute is there, and the prefix Tidings owns is declared.
        let written = String(decoding: document.serialized(), as: UTF8.self)
        XCTAssertTrue(written.contains(#"xmlns:tidings="urn:tidings:opml:1""#), written)
        XCTAssertTrue(written.contains(#"tidings:auto-download="true" tidings:keep="3""#), written)
        XCTAssertTrue(written.contains(#"other:thing="kept""#), written)
        XCTAssertEqual(try OPMLDocument(data: Data(written.utf8)).entries, entries)
    }

    func testAnErrorAfterTheFirstOutlinesStillFailsTheWholeRead() {
        let broken = Data("""
            <opml version="2.0"><body>
            <outline type="rss" xmlUrl="https://a.example/feed" tidings:keep="2"/>
            <outline type="rss" xmlUrl="https://b.example/feed" text="x" text="twice"/>
            </body></opml>
            """.utf8)
        XCTAssertThrowsError(try OPMLDocument(data: broken)) { error in
            guard case OPMLError.malformed(let line, _, _) = error else { return XCTFail("\(error)") }
            XCTAssertEqual(line, 3)
        }
    }

    func testAPrefixDeclaredWithAnInvalidNameLosesNothingAndWritesTheSameTwice() throws {
        let document = try OPMLDocument(data: Data("""
            <opml version="2.0" xmlns:-x="urn:tidings:opml:1"><body>
            <outline type="rss" text="a" xmlUrl="https://a.example/feed" tidings:keep="2"/>
            <outline type="rss" text="b" xmlUrl="https://b.example/feed"/>
            </body></opml>
            """.utf8))
        XCTAssertEqual(document.entries.map(\.url), ["https://a.example/feed", "https://b.example/feed"])
        let once = document.serialized()
        let twice = try OPMLDocument(data: once).serialized()
        XCTAssertEqual(String(decoding: twice, as: UTF8.self), String(decoding: once, as: UTF8.self))
    }

    func testANameLibXML2KeepsAfterANamespaceErrorButCannotBeWrittenIsLeftOutOnRead() throws {
        let document = try OPMLDocument(data: Data("""
            <opml version="2.0" :odd:name="x"><body><outline type="rss" xmlUrl="https://a.example/feed"/></body></opml>
            """.utf8))
        XCTAssertEqual(document.rootAttributes.map(\.name), ["version"])
        XCTAssertEqual(document.entries.map(\.url), ["https://a.example/feed"])
        XCTAssertEqual(try OPMLDocument(data: document.serialized()).rootAttributes, document.rootAttributes)
    }
}
