import FeedModel
import Foundation
import XCTest

/// `tidings:auto-download` and `tidings:keep` on feed and folder outlines: the nearest outline that
/// gives a value wins; anything but a flag or a number from 1 to 10,000 is no value.
final class OPMLAutoDownloadTests: XCTestCase {
    func testFoldersPassTheirSettingsDownAndFeedsOverrideThem() throws {
        let document = try OPMLDocument(data: Data("""
            <?xml version="1.0"?>
            <opml version="2.0" xmlns:tidings="urn:tidings:opml:1"><head/><body>
            <outline text="casts" tidings:auto-download="true" tidings:keep="5">
              <outline type="rss" text="a" xmlUrl="https://a.example/feed"/>
              <outline type="rss" text="b" xmlUrl="https://b.example/feed" tidings:keep="1"/>
              <outline type="rss" text="c" xmlUrl="https://c.example/feed" tidings:auto-download="FALSE"/>
              <outline text="inner" tidings:keep="0">
                <outline type="rss" text="d" xmlUrl="https://d.example/feed"/>
              </outline>
            </outline>
            <outline type="rss" text="e" xmlUrl="https://e.example/feed" tidings:auto-download="true"/>
            <outline type="rss" text="f" xmlUrl="https://f.example/feed" tidings:keep="3"/>
            </body></opml>
            """.utf8))
        let entries = document.entries
        XCTAssertEqual(entries.map { $0.url.dropFirst(8).prefix(1) }, ["a", "b", "c", "d", "e", "f"])
        XCTAssertEqual(entries.map(\.autoDownload), [true, true, false, true, true, false])
        XCTAssertEqual(entries.map(\.keep), [5, 1, 5, 5, nil, 3], "keep=0 is no value: the folder's 5 stays")
    }
}
