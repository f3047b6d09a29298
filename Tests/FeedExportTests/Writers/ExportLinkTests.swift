@testable import FeedExport
import XCTest

/// Which links an exported page may follow: the fast byte path answers as the character path does.
final class ExportLinkTests: XCTestCase {
    func testOnlyWebMailAndFTPLinksAreSafe() {
        let safe = ["http://a.example/", "HTTPS://a.example/", "Ftp://x", "mailto:ann@example.org", "http:", "hTtP:x"]
        let unsafe = [
            "javascript:alert(1)", "JaVaScRiPt:x", "data:text/html,x", "vbscript:x", "file:///etc", "//a.example/",
            "relative/path", "", ":", "https", "httpx://a", "ht tp://a", "\u{212A}http:x", "mailto2:x",
            "http:\u{301}//a.example/", "h\u{0301}ttp://a.example/", "https\u{200B}://a.example/",
        ]
        for url in safe { XCTAssertTrue(ExportArticle.isSafeLink(url), url) }
        for url in unsafe { XCTAssertFalse(ExportArticle.isSafeLink(url), url.debugDescription) }
        XCTAssertTrue(ExportArticle.isSafeLink("http:é"), "a colon before a non-combining letter ends the scheme")
    }
}
