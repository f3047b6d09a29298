import FeedModel
import XCTest

final class FeedURLTests: XCTestCase {
    func testSchemeHostDefaultPortAndFragmentDoNotMakeAnotherFeed() {
        let same = [
            "HTTP://HOST/feed.xml", "http://host/feed.xml", "http://Host:80/feed.xml", "http://host/feed.xml#top",
            "  http://host/feed.xml\n",
        ]
        for url in same { XCTAssertEqual(FeedURL.key(url), "http://host/feed.xml", url) }
        XCTAssertEqual(FeedURL.key("https://Example.org:443"), "https://example.org/")
        XCTAssertEqual(FeedURL.key("https://example.org?q=1"), "https://example.org/?q=1")
        XCTAssertEqual(FeedURL.key("FILE:///Home/Me/Feed.xml#x"), "file:///Home/Me/Feed.xml")
        XCTAssertEqual(FeedURL.key("/home/me/feed.xml"), "/home/me/feed.xml")
    }

    func testPathQueryUserAndOtherPortsKeepTheirSpelling() {
        XCTAssertFalse(FeedURL.same("http://host/Feed.xml", "http://host/feed.xml"), "the path's case counts")
        XCTAssertFalse(FeedURL.same("http://host/feed?A=1", "http://host/feed?a=1"))
        XCTAssertFalse(FeedURL.same("http://host:8080/feed", "http://host/feed"))
        XCTAssertFalse(FeedURL.same("https://host:80/feed", "https://host/feed"), ":80 is https's port 80")
        XCTAssertFalse(FeedURL.same("http://host/feed", "https://host/feed"), "http and https are two URLs")
        XCTAssertEqual(FeedURL.key("https://User:Pw@HOST:443/f"), "https://User:Pw@host/f")
        XCTAssertEqual(FeedURL.key("http://[::1]:80/f"), "http://[::1]/f")
        XCTAssertEqual(FeedURL.key("http://[::1]:8080/f"), "http://[::1]:8080/f")
    }
}
