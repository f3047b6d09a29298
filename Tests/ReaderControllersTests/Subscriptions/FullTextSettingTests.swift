import FeedModel
import Foundation
import ReaderControllers
import XCTest

/// `tidings:full-text` in the feed list: read from a feed's outline or a folder's, and set by the
/// reader's `e` (`SubscriptionsController.edit`) on the feed's own outline only where its folder does
/// not already say the same; every other attribute is kept.
final class FullTextSettingTests: RefreshServerTestCase {
    private func listText() throws -> String {
        try String(contentsOfFile: paths.feedList, encoding: .utf8)
    }

    func testFolderAndFeedMarksAndEditingThem() throws {
        let opml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <opml version="2.0" xmlns:tidings="urn:tidings:opml:1" xmlns:x="urn:other"><head><title>Mine</title></head><body>
            <outline text="Long reads" tidings:full-text="true">
            <outline text="Deep" xmlUrl="https://deep.example/feed" x:color="blue"/>
            <outline text="Short" xmlUrl="https://short.example/feed" tidings:full-text="false"/></outline>
            <outline text="Plain" xmlUrl="https://plain.example/feed"/>
            </body></opml>
            """
        try opml.write(toFile: paths.feedList, atomically: true, encoding: .utf8)
        let entries = try OPMLDocument(data: Data(opml.utf8)).entries
        XCTAssertEqual(entries.map(\.fullText), [true, false, false], "the folder's mark; the feed's own false wins")

        let controller = SubscriptionsController(environment: try environment())
        try controller.sync()
        XCTAssertTrue(try controller.isFullText("https://deep.example/feed"))
        XCTAssertFalse(try controller.isFullText("Plain"))

        try controller.edit("Plain", title: nil, tags: [], refreshInterval: nil, fullText: true)
        var text = try listText()
        XCTAssertTrue(text.contains(#"xmlUrl="https://plain.example/feed" tidings:full-text="true""#), text)
        try controller.edit("https://deep.example/feed", title: nil, tags: ["Long reads"], refreshInterval: nil, fullText: false)
        text = try listText()
        XCTAssertTrue(text.contains(#"x:color="blue" tidings:full-text="false""#), text)
        try controller.edit("https://short.example/feed", title: nil, tags: ["Long reads"], refreshInterval: nil, fullText: true)
        text = try listText()
        XCTAssertFalse(text.contains(#"xmlUrl="https://short.example/feed" tidings:full-text"#), "the folder says so already: \(text)")
        let after = try OPMLDocument(data: Data(try listText().utf8)).entries
        XCTAssertEqual(after.map(\.url), ["https://deep.example/feed", "https://short.example/feed", "https://plain.example/feed"])
        XCTAssertEqual(after.map(\.fullText), [false, true, true])

        // Without `fullText` an edit leaves the marks as they are.
        try controller.edit("https://plain.example/feed", title: "Renamed", tags: [], refreshInterval: nil)
        XCTAssertTrue(try controller.isFullText("Renamed"))
    }
}
