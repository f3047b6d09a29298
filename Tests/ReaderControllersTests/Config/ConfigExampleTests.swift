import FeedStore
import Foundation
@testable import ReaderControllers
import TerminalView
import TestSupport
import XCTest

/// The config examples of the documentation are valid configs: docs/config.md's full example names
/// every setting, key command and colour element and says what the defaults are; the README's short
/// example means what its comments say; every `toml` block of the documents parses.
final class ConfigExampleTests: XCTestCase {
    func testTheFullExampleParsesToTheDefaultsExceptTheBrowserAndMacros() throws {
        var config = try ReaderConfig.parse(try Self.fullExample(), path: "docs/config.md")
        XCTAssertEqual(config.browser, "firefox --new-tab %u")
        config.browser = nil
        XCTAssertEqual(config.macros[.character("v")], [.openInBrowser, .toggleRead])
        XCTAssertEqual(config.macros[.character("x")], [.toggleStar, .down])
        config.macros = [:]
        // The example's filters and query feeds (none by default) parse.
        XCTAssertEqual(config.ignoreRules.rules.map(\.query), [
            "title =~ \"(?i)^sponsored\"", "content contains \"crypto\" or author = \"Spam Bot\"",
            "enclosure =~ \"^video/\"",
        ])
        XCTAssertEqual(config.ignoreRules.rules.map(\.tag), [nil, "news", nil])
        XCTAssertEqual(config.queryFeeds.map(\.name), ["Swift this week", "Podcasts to hear"])
        config.ignoreRules = .none
        config.queryFeeds = []
        // The example's feed-service account (none by default).
        XCTAssertEqual(config.accounts.map(\.name), ["home"])
        XCTAssertEqual(config.accounts.map(\.url), ["https://rss.example.org/api/greader.php"])
        config.accounts = []
        XCTAssertEqual(config, ReaderConfig(), "the example documents the defaults")
    }

    func testTheFullExampleNamesEverySettingCommandAndColour() throws {
        let names = Self.settingNames(in: try Self.fullExample())
        let topLevel = names[""] ?? []
        XCTAssertEqual(
            ConfigReader.topLevel.subtracting(topLevel), [], "settings the parser takes that docs/config.md leaves out")
        XCTAssertEqual(topLevel.subtracting(ConfigReader.topLevel), [], "settings docs/config.md names that the parser refuses")
        XCTAssertEqual(names["keys"], Set(ReaderCommand.allCases.map(\.rawValue)), "[keys] lists every command")
        XCTAssertEqual(names["colors"], Set(ReaderTheme.elementNames), "[colors] lists every element")
        XCTAssertEqual(names["account"], ConfigAccountSection.allowedKeys, "[[account]] shows every key")
        XCTAssertEqual(names["retention"], ["max_articles_per_feed", "max_age_days"])
    }

    /// The top-level settings the example leaves commented out (their default is "none set") are valid
    /// when uncommented.
    func testTheFullExamplesCommentedOutSettingsAreValid() throws {
        let example = try Self.fullExample()
        let topLevel = example.prefix { $0 != "[" }  // up to the first table header
        var uncommented = ""
        for line in topLevel.split(separator: "\n") where line.hasPrefix("# ") && Self.settingName(line) != nil {
            uncommented += line.dropFirst(2) + "\n"
        }
        XCTAssertFalse(uncommented.isEmpty)
        let config = try ReaderConfig.parse(uncommented, path: "docs/config.md (uncommented)")
        XCTAssertEqual(config.player, "mpv")
        XCTAssertEqual(config.downloads.path, "~/Podcasts")
    }

    func testTheReadmeExampleMeansWhatItSays() throws {
        let config = try ReaderConfig.parse(
            try Self.firstTOMLBlock(of: "README.md", after: "## Configuration"), path: "README.md")
        XCTAssertEqual(config.browser, "firefox --new-tab %u")
        XCTAssertEqual(config.sort, .oldestFirst)
        XCTAssertTrue(config.refreshOnStart)
        XCTAssertTrue(config.hideReadArticles)
        XCTAssertEqual(config.keys.command(for: .ctrl("n")), .down)
        XCTAssertEqual(config.keys.command(for: .character("j")), .down)
        XCTAssertEqual(config.keys.command(for: .ctrl("q")), .quit)
        XCTAssertNil(config.keys.command(for: .character("Q")), "a command bound in [keys] loses its default keys")
        XCTAssertEqual(config.theme.unread, Style(foreground: .brightWhite, bold: true))
        XCTAssertEqual(config.theme.star.foreground, .magenta)
        XCTAssertEqual(config.retention, RefreshOptions.defaultRetention)
        XCTAssertEqual(config.ignoreRules.rules.map(\.query), ["title =~ \"(?i)^sponsored\""])
        XCTAssertEqual(config.queryFeeds.map(\.name), ["Swift this week"])
        XCTAssertEqual(config.accounts.map(\.name), ["home"])
        XCTAssertEqual(config.accounts.first?.password, .command("pass show rss/home"))
    }

    func testEveryTOMLBlockOfTheDocumentsParses() throws {
        let docs = TestFeedServer.packageRoot.appendingPathComponent("docs")
        let files = try FileManager.default.contentsOfDirectory(atPath: docs.path).filter { $0.hasSuffix(".md") }
            .map { "docs/" + $0 }
        var blocks = 0
        for file in ["README.md"] + files.sorted() {
            for block in try Self.tomlBlocks(of: file) {
                blocks += 1
                XCTAssertNoThrow(try ReaderConfig.parse(block, path: file), "\(file):\n\(block)")
            }
        }
        XCTAssertGreaterThanOrEqual(blocks, 3, "README.md, docs/config.md and docs/podcasts.md hold examples")
    }

    private static func fullExample() throws -> String {
        try firstTOMLBlock(of: "docs/config.md", after: "## Every setting")
    }

    private static func text(of file: String) throws -> String {
        try String(contentsOf: TestFeedServer.packageRoot.appendingPathComponent(file), encoding: .utf8)
    }

    private static func firstTOMLBlock(of file: String, after heading: String) throws -> String {
        let text = try text(of: file)
        let section = try XCTUnwrap(text.range(of: heading), "\(file) has no \(heading)")
        let start = try XCTUnwrap(text.range(of: "```toml\n", range: section.upperBound..<text.endIndex))
        let end = try XCTUnwrap(text.range(of: "\n```", range: start.upperBound..<text.endIndex))
        return String(text[start.upperBound..<end.lowerBound])
    }

    private static func tomlBlocks(of file: String) throws -> [String] {
        let text = try text(of: file)
        var blocks: [String] = []
        var position = text.startIndex
        while let start = text.range(of: "```toml\n", range: position..<text.endIndex),
              let end = text.range(of: "\n```", range: start.upperBound..<text.endIndex)
        {
            blocks.append(String(text[start.upperBound..<end.lowerBound]))
            position = end.upperBound
        }
        return blocks
    }

    /// The names set (or shown commented out, `# name = …`) per table of a config example; "" is the
    /// top level, which also counts each table's name.
    private static func settingNames(in example: String) -> [String: Set<String>] {
        var names: [String: Set<String>] = [:]
        var table = ""
        for line in example.split(separator: "\n") {
            if line.hasPrefix("[") {
                table = String(line.drop { $0 == "[" }.prefix { $0 != "]" })
                names["", default: []].insert(table)
            } else if let name = settingName(line) {
                names[table, default: []].insert(name)
            }
        }
        return names
    }

    /// `name` of a line `name = …` or `# name = …` (a lowercase name); nil for any other line.
    private static func settingName(_ line: Substring) -> String? {
        let body = line.hasPrefix("# ") ? line.dropFirst(2) : line
        let name = body.prefix { $0.isASCII && ($0.isLowercase || $0.isNumber || $0 == "_") }
        guard !name.isEmpty, body.dropFirst(name.count).hasPrefix(" = ") else { return nil }
        return String(name)
    }
}
