import FeedModel
import FeedStore
import Foundation
@testable import ReaderControllers
import TerminalView
import TestSupport
import XCTest

/// The article view: links, the browser, hyperlinks, marks, scrolling.
@MainActor
final class ArticleViewTests: XCTestCase {
    /// A config whose "browser" appends each URL to a file, so the test can see what was opened.
    private func recordingConfig(_ file: URL) -> ReaderConfig {
        var config = ReaderConfig()
        config.browser = "printf '%s\\n' %u >> '\(file.path)'"
        return config
    }

    private func waitForLines(_ file: URL, count: Int) -> [String] {
        var lines: [String] = []
        let written = StateWait.blockingUntil {
            lines = ((try? String(contentsOf: file, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
            return lines.count >= count
        }
        return written ? lines : []
    }

    func testONumberOpensThatLinkAndOAloneTheArticle() async throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("opened-\(UUID().uuidString).txt")
        addTeardownBlock { try? FileManager.default.removeItem(at: file) }
        let reader = try ReaderHarness(self, config: recordingConfig(file))
        reader.type("jjjj\rG\r")
        reader.type("2")
        XCTAssertTrue(reader.lines[29].hasPrefix("2 (o opens link 2, y copies it)"), reader.lines[29])
        reader.type("o")
        XCTAssertEqual(waitForLines(file, count: 1), ["https://alpha.example/link-two"])
        reader.type("o")
        XCTAssertEqual(waitForLines(file, count: 2), ["https://alpha.example/link-two", "https://example.org/alpha-1"])
        reader.type("9o")
        XCTAssertTrue(reader.lines[29].contains("No link [9]"), reader.lines[29])
    }

    func testUnsafeURLsAreNotHandedToTheBrowser() async {
        XCTAssertTrue(BrowserLauncher.isOpenable("https://example.org/a?b=c"))
        XCTAssertFalse(BrowserLauncher.isOpenable("javascript:alert(1)"))
        XCTAssertFalse(BrowserLauncher.isOpenable("file:///etc/passwd"))
        XCTAssertFalse(BrowserLauncher.isOpenable("-oProxyCommand=x"))
        XCTAssertFalse(BrowserLauncher.isOpenable("https://a.example/\u{1B}[2J"))
        let launcher = BrowserLauncher(configured: nil, isTerminal: false, environment: ["BROWSER": "w3m:lynx"])
        XCTAssertEqual(launcher.script, "exec w3m \"$1\"")
        let fallback = BrowserLauncher(configured: nil, isTerminal: true, environment: [:])
        XCTAssertEqual(fallback.script, "exec xdg-open \"$1\"")
    }

    func testURLsAreHyperlinksUnlessTurnedOff() async throws {
        let reader = try ReaderHarness(self)
        reader.type("jjjj\rG\r")
        let frame = try XCTUnwrap(reader.terminal.frame)
        let urlRow = try XCTUnwrap(reader.lines.firstIndex { $0.hasPrefix("URL ") })
        XCTAssertEqual(frame[12, urlRow].style.hyperlink, "https://example.org/alpha-1")
        let linkRow = try XCTUnwrap(reader.lines.firstIndex { $0.hasPrefix("[2] ") })
        XCTAssertEqual(frame[6, linkRow].style.hyperlink, "https://alpha.example/link-two")

        var config = ReaderConfig()
        config.hyperlinks = false
        let plain = try ReaderHarness(self, config: config)
        plain.type("jjjj\rG\r")
        XCTAssertNil(try XCTUnwrap(plain.terminal.frame)[12, urlRow].style.hyperlink)
    }

    func testStarAndUnreadFromTheArticleReachTheStoreAndTheList() async throws {
        let reader = try ReaderHarness(self)
        reader.type("jjjj\r\r")  // Alpha third story
        reader.type("s")
        XCTAssertTrue(reader.lines[28].hasSuffix("* 100%"), reader.lines[28])
        reader.type("N")
        let id = try reader.articleID("Alpha third story")
        let stored = try XCTUnwrap(reader.store.article(id: id))
        XCTAssertTrue(stored.starred)
        XCTAssertFalse(stored.read)
        reader.type("q")
        XCTAssertEqual(reader.lines[2], "N *   2024-01-04 Alpha third story")
    }

    func testLongArticlesScrollAndWrapAtTheTerminalWidth() async throws {
        let paragraph = String(repeating: "lorem ipsum dolor sit amet ", count: 200)
        let reader = try ReaderHarness(self, size: TerminalSize(width: 50, height: 15), fill: { store in
            let feed = try store.addFeed(url: "https://long.example/feed", title: "Words")
            try store.apply(feedID: feed.id, feed: ReaderFixture.feed([
                ReaderFixture.article("w", "Wordy", day: 1, body: "<p>\(paragraph)</p><p>THE END</p>"),
            ]), fetch: FetchRecord(fetchedAt: Date()))
        })
        reader.type("jjj\r\r")
        XCTAssertEqual(reader.lines[1], "Wordy")
        XCTAssertTrue(reader.lines.allSatisfy { $0.count <= 50 })
        XCTAssertFalse(reader.screen.contains("THE END"))
        XCTAssertTrue(reader.lines[13].hasSuffix("%"))
        reader.type("G")
        XCTAssertTrue(reader.screen.contains("THE END"))
        XCTAssertTrue(reader.lines[13].hasSuffix("100%"))
        reader.type("g")
        XCTAssertEqual(reader.lines[1], "Wordy")
    }
}
