import FeedStore
import Foundation
@testable import ReaderControllers
import TerminalView
import TestSupport
import XCTest

/// config.toml: defaults, every setting, and one-line errors for malformed files.
@MainActor
final class ConfigFileTests: XCTestCase {
    static let fullExample = """
        browser = "firefox --new-tab %u"
        browser_is_terminal = false
        sort = "oldest-first"
        refresh_on_start = true
        hyperlinks = false

        [keys]
        down = ["j", "ctrl-n", "down"]
        up = ["k", "ctrl-p", "up"]
        quit = "ctrl-q"
        search = "f"

        [colors]
        unread = { fg = "bright-white", bold = true }
        star = "magenta"
        title_bar = { fg = "#ffffff", bg = "24", bold = true }

        [retention]
        max_articles_per_feed = 200
        max_age_days = 30
        """

    func testAMissingFileGivesTheDefaults() async throws {
        let config = try ReaderConfig.load(path: "/nonexistent/tidings/config.toml")
        XCTAssertEqual(config, ReaderConfig())
        XCTAssertEqual(config.keys.command(for: .character("j")), .down)
        XCTAssertEqual(config.sort, .newestFirst)
        XCTAssertTrue(config.hyperlinks)
        XCTAssertEqual(config.retention, RefreshOptions.defaultRetention)
    }

    func testEverySettingIsRead() async throws {
        let config = try ReaderConfig.parse(Self.fullExample)
        XCTAssertEqual(config.browser, "firefox --new-tab %u")
        XCTAssertFalse(config.browserIsTerminal)
        XCTAssertEqual(config.sort, .oldestFirst)
        XCTAssertTrue(config.refreshOnStart)
        XCTAssertFalse(config.hyperlinks)
        XCTAssertEqual(config.keys.command(for: .ctrl("n")), .down)
        XCTAssertEqual(config.keys.command(for: .ctrl("q")), .quit)
        XCTAssertNil(config.keys.command(for: .character("Q")), "rebinding replaces the default keys")
        XCTAssertEqual(config.keys.command(for: .character("f")), .search)
        XCTAssertNil(config.keys.command(for: .character("/")))
        XCTAssertEqual(config.theme.unread, Style(foreground: .brightWhite, bold: true))
        XCTAssertEqual(config.theme.star.foreground, .magenta)
        XCTAssertEqual(config.theme.titleBar, Style(foreground: .rgb(255, 255, 255), background: .indexed(24), bold: true))
        XCTAssertEqual(config.retention, RetentionPolicy(maxArticlesPerFeed: 200, maxAge: 30 * 86_400))
    }

    func testZeroRetentionKeepsEverything() async throws {
        let config = try ReaderConfig.parse("[retention]\nmax_articles_per_feed = 0\nmax_age_days = 0\n")
        XCTAssertNil(config.retention)
    }

    func testMalformedFilesGiveOneLineErrors() async {
        let cases: [(String, String)] = [
            ("sort = \"newest-first\"\nbrowser = [unclosed\n", "config.toml:2"),
            ("colour = \"red\"\n", "unknown setting 'colour'"),
            ("sort = \"random\"\n", "'sort' must be"),
            ("hyperlinks = \"yes\"\n", "'hyperlinks' must be true or false"),
            ("[keys]\nfly = \"f\"\n", "unknown command 'fly'"),
            ("[keys]\ndown = \"ctrl-long\"\n", "unknown key 'ctrl-long'"),
            ("[keys]\ndown = 3\n", "keys for 'down' must be a string or a list of strings"),
            ("[keys]\ndown = [\"j\", 3]\n", "keys for 'down' must be strings"),
            ("[macros]\nv = 3\n", "macro 'v' must be a command name or a list of them"),
            ("[macros]\nv = [\"down\", true]\n", "macro 'v' must list command names"),
            ("[colors]\nunread = \"puce\"\n", "unknown colour 'puce'"),
            ("[colors]\nunread = { blink = true }\n", "unknown attribute 'blink'"),
            ("[retention]\nmax_age_days = -1\n", "0 or more"),
        ]
        for (text, expected) in cases {
            XCTAssertThrowsError(try ReaderConfig.parse(text, path: "config.toml"), text) { error in
                let message = (error as? ConfigError)?.description ?? ""
                XCTAssertTrue(message.contains(expected), "\(message) should contain \(expected)")
                XCTAssertFalse(message.contains("\n"), message)
                XCTAssertTrue(message.hasPrefix("config config.toml"), message)
            }
        }
    }

    func testLoadReadsTheFileAndNamesItInErrors() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("config-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("config.toml").path
        try "sort = \"by-feed\"\n".write(toFile: path, atomically: true, encoding: .utf8)
        XCTAssertEqual(try ReaderConfig.load(path: path).sort, .byFeed)
        try "sort = \n".write(toFile: path, atomically: true, encoding: .utf8)
        XCTAssertThrowsError(try ReaderConfig.load(path: path)) { error in
            XCTAssertTrue((error as? ConfigError)?.description.hasPrefix("config \(path):1") == true, "\(error)")
        }
    }

    func testTheReaderFollowsTheConfig() async throws {
        var config = try ReaderConfig.parse(Self.fullExample)
        config.refreshOnStart = false
        let reader = try ReaderHarness(self, config: config)
        reader.type("\u{0E}\u{0E}")  // ctrl-n twice: down to "# life"
        reader.type("\r")
        XCTAssertTrue(reader.lines[0].hasPrefix("Tidings: Tag: life"), reader.lines[0])
        XCTAssertTrue(reader.lines[2].hasSuffix("Beta opening post"), "oldest first: \(reader.lines[2])")
        reader.type("Q")
        XCTAssertFalse(reader.app.isFinished)
        reader.type("\u{11}")
        XCTAssertTrue(reader.app.isFinished)
    }
}
