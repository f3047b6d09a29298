import FeedStore
import Foundation
@testable import ReaderControllers
import TerminalView
import XCTest

/// Copying URLs with OSC 52, the URL view, piping and saving an article, and macros.
@MainActor
final class ArticleActionsTests: XCTestCase {
    private func osc52(_ text: String) -> [UInt8] {
        Array("\u{1B}]52;c;".utf8) + Array(Data(text.utf8).base64EncodedString().utf8) + [0x07]
    }

    func testYCopiesTheURLThroughTheTerminal() async throws {
        let reader = try ReaderHarness(self)
        reader.type("jjjj\r")  // Alpha News, third story selected
        reader.type("y")
        XCTAssertEqual(reader.terminal.clipboardSequences.last, osc52("https://example.org/alpha-3"))
        XCTAssertTrue(reader.lines[29].hasPrefix("Copied https://example.org/alpha-3"), reader.lines[29])
        reader.type("G\r2y")  // in the first story: link 2
        XCTAssertEqual(reader.terminal.clipboardSequences.last, osc52("https://alpha.example/link-two"))
        reader.type("9y")
        XCTAssertTrue(reader.lines[29].contains("No link [9]"), reader.lines[29])
    }

    func testTheURLViewListsTheLinksToOpenCopyOrPipe() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("urlview-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: folder) }
        let opened = folder.appendingPathComponent("opened").path
        var config = ReaderConfig()
        config.browser = "printf '%s' %u > '\(opened)'"
        let reader = try ReaderHarness(self, config: config)
        reader.type("jjjj\rG\ru")
        XCTAssertTrue(reader.lines[0].hasPrefix("Tidings: Links"), reader.lines[0])
        XCTAssertTrue(reader.lines[2].hasSuffix("URL https://example.org/alpha-1"), reader.lines[2])
        XCTAssertTrue(reader.lines[3].hasSuffix("1 https://alpha.example/link-one"), reader.lines[3])
        XCTAssertTrue(reader.lines[4].hasSuffix("2 https://alpha.example/link-two"), reader.lines[4])
        reader.type("jjy")
        XCTAssertEqual(reader.terminal.clipboardSequences.last, osc52("https://alpha.example/link-two"))
        reader.type("k\r")
        XCTAssertTrue(reader.lines[29].hasPrefix("Opened https://alpha.example/link-one"), reader.lines[29])
        XCTAssertEqual(try String(contentsOfFile: opened, encoding: .utf8), "https://alpha.example/link-one")
        let piped = folder.appendingPathComponent("piped").path
        reader.type("|")
        reader.type("cat > '\(piped)'\r")
        XCTAssertEqual(try String(contentsOfFile: piped, encoding: .utf8), "https://alpha.example/link-one\n")
        reader.type("q")
        XCTAssertEqual(reader.lines[1], "Alpha first story", "back in the article")
    }

    func testPipeHandsTheArticleTextToACommand() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("pipe-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: folder) }
        let output = folder.appendingPathComponent("out.txt").path
        let reader = try ReaderHarness(self)
        reader.type("jjjj\rG|")
        XCTAssertTrue(reader.lines[29].hasPrefix("Pipe article to command:"), reader.lines[29])
        reader.type("cat > '\(output)'\r")
        let text = try String(contentsOfFile: output, encoding: .utf8)
        XCTAssertTrue(text.hasPrefix("Alpha first story\nFeed      Alpha News\n"), text)
        XCTAssertTrue(text.contains("The first alpha body with a first link[1]"), text)
        XCTAssertTrue(text.contains("[2] https://alpha.example/link-two"), text)
        XCTAssertTrue(reader.lines[29].hasPrefix("Piped to cat"), reader.lines[29])
        reader.type("|exit 3\r")
        XCTAssertTrue(reader.lines[29].hasPrefix("exit 3 exited with status 3"), reader.lines[29])
        reader.type("|head -c 1 >/dev/null\r")
        XCTAssertFalse(reader.app.isFinished, "a command that stops reading does not end the reader")
    }

    func testSaveWritesTextOrHTMLAndAsksBeforeReplacing() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("save-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: folder) }
        let reader = try ReaderHarness(self)
        reader.type("jjjj\rGw")
        XCTAssertTrue(reader.lines[29].contains("~/alpha-first-story.txt"), "a name is suggested: \(reader.lines[29])")
        let text = folder.appendingPathComponent("story.txt").path
        reader.type("\u{15}\(text)\r")  // Ctrl-U clears the suggestion
        XCTAssertTrue(reader.lines[29].hasPrefix("Saved text to \(text)"), reader.lines[29])
        XCTAssertTrue(try String(contentsOfFile: text, encoding: .utf8).hasPrefix("Alpha first story\n"))

        try "keep me".write(toFile: text, atomically: true, encoding: .utf8)
        reader.type("w\u{15}\(text)\r")
        XCTAssertTrue(reader.lines[29].contains("exists. Replace it? (y/n)"), reader.lines[29])
        reader.type("n")
        XCTAssertTrue(reader.lines[29].hasPrefix("Not saved."), reader.lines[29])
        XCTAssertEqual(try String(contentsOfFile: text, encoding: .utf8), "keep me")
        reader.type("w\u{15}\(text)\ry")
        XCTAssertTrue(try String(contentsOfFile: text, encoding: .utf8).hasPrefix("Alpha first story\n"))

        let html = folder.appendingPathComponent("story.html").path
        reader.type("w\u{15}\(html)\r")
        XCTAssertTrue(reader.lines[29].hasPrefix("Saved HTML to \(html)"), reader.lines[29])
        let page = try String(contentsOfFile: html, encoding: .utf8)
        XCTAssertTrue(page.lowercased().hasPrefix("<!doctype html>"), String(page.prefix(60)))
        XCTAssertTrue(page.contains("Alpha first story"))
        XCTAssertTrue(page.contains("https://alpha.example/link-one"))
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.contains(".tmp-") }
        XCTAssertEqual(leftovers, [], "written through a temporary file renamed into place")

        reader.type("w\u{15}/nonexistent-dir/x.txt\r")
        XCTAssertTrue(reader.lines[29].hasPrefix("Not saved:"), reader.lines[29])
    }

    func testAMacroRunsItsCommandsInOrder() async throws {
        let config = try ReaderConfig.parse("[macros]\nv = [\"toggle_star\", \"down\", \"toggle_star\"]\nq = \"quit\"\n")
        let reader = try ReaderHarness(self, config: config)
        reader.type("jjjj\r")
        reader.type(",")
        XCTAssertTrue(reader.lines[29].hasPrefix("Macro: press q v"), reader.lines[29])
        reader.type("v")
        XCTAssertEqual(reader.lines[2], "N *   2024-01-04 Alpha third story")
        XCTAssertEqual(reader.lines[3], "N *   2024-01-03 Alpha second story")
        XCTAssertEqual(try reader.store.counts().starred, 2)
        reader.type(",x")
        XCTAssertTrue(reader.lines[29].hasPrefix("No macro on x."), reader.lines[29])
        reader.type("?   ")  // the help, paged to its end
        XCTAssertNotNil(reader.line(containing: "macro: toggle_star, down, toggle_star"), reader.screen)
        reader.type("q,q")
        XCTAssertTrue(reader.app.isFinished)
    }

    func testMacrosNamingUnknownCommandsAreRefused() async {
        XCTAssertThrowsError(try ReaderConfig.parse("[macros]\nv = [\"fly\"]\n", path: "c.toml")) { error in
            XCTAssertEqual("\(error)", "config c.toml: unknown command 'fly' in macro 'v'")
        }
        XCTAssertThrowsError(try ReaderConfig.parse("[macros]\nv = \"macro\"\n", path: "c.toml"))
        XCTAssertThrowsError(try ReaderConfig.parse("[macros]\nv = []\n", path: "c.toml"))
    }
}
