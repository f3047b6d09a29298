import Foundation
import TestSupport
import XCTest

/// Runs the built `tidings` binary: `tidings extract` on saved pages, comparing output and exit status.
final class ExtractCommandTests: XCTestCase {
    private static var pages: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("FeedHTMLTests/Resources/extraction")
    }

    private func run(_ arguments: [String], stdin: String? = nil) throws -> EndToEndRun {
        try EndToEndRun.tidings(arguments, testCase: self, stdin: Data((stdin ?? "").utf8))
    }

    func testJSONOfASavedPage() throws {
        let page = Self.pages.appendingPathComponent("metadata.html").path
        let result = try run(["extract", "--base", "https://bench.example/home/", page])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stderr, "")
        let object = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        XCTAssertEqual(object["title"] as? String, "Measuring a bridge with a piece of string")
        XCTAssertEqual(object["byline"] as? String, "Ada Rowe, Tom Ives")
        XCTAssertEqual(object["published"] as? String, "2024-03-05T08:30:00Z")
        XCTAssertEqual(object["lang"] as? String, "en-GB")
        XCTAssertEqual(object["lead_image"] as? String, "https://bench.example/blog/2024/images/lead.jpg")
        let html = try XCTUnwrap(object["content_html"] as? String)
        XCTAssertTrue(html.contains("href=\"https://bench.example/archive/drawings.html\""), html)
        let text = try XCTUnwrap(object["text"] as? String)
        XCTAssertTrue(text.hasPrefix("Surveyors once measured"), text)
        XCTAssertTrue(text.contains("\n\nThe method relies"), text)
        XCTAssertGreaterThan(object["word_count"] as? Int ?? 0, 150)
    }

    func testTextAndHTMLFormatsFromStandardInput() throws {
        let page = try String(contentsOf: Self.pages.appendingPathComponent("br-text.html"), encoding: .utf8)
        let text = try run(["extract", "--format", "text", "-"], stdin: page)
        XCTAssertEqual(text.status, 0, text.stderr)
        XCTAssertTrue(text.stdout.hasPrefix("Notes from the allotment, early spring\n\nThe broad beans"), text.stdout)
        XCTAssertTrue(text.stdout.hasSuffix("if the wind allows.\n"), text.stdout)
        let html = try run(["extract", "--format", "html"], stdin: page)
        XCTAssertEqual(html.status, 0, html.stderr)
        XCTAssertTrue(html.stdout.hasPrefix("<div>"), html.stdout)
        XCTAssertEqual(html.stdout.components(separatedBy: "<p>").count - 1, 4, html.stdout)
        // A pipe given as a path is read as standard input is (`tidings extract <(curl …)`).
        let piped = try run(["extract", "--format", "text", "/dev/stdin"], stdin: page)
        XCTAssertEqual(piped.status, 0, piped.stderr)
        XCTAssertEqual(piped.stdout, text.stdout)
    }

    func testPageWithoutArticleExits65WithNothingOnStandardOutput() throws {
        let page = Self.pages.appendingPathComponent("scripts-only.html").path
        let result = try run(["extract", page])
        XCTAssertEqual(result.status, 65)
        XCTAssertEqual(result.stdout, "")
        XCTAssertTrue(result.stderr.hasPrefix("tidings: \(page): no article found"), result.stderr)
        XCTAssertEqual(result.stderr.filter { $0 == "\n" }.count, 1, result.stderr)
    }

    func testUnreadableInputExits66() throws {
        let missing = try run(["extract", "/nonexistent/page.html"])
        XCTAssertEqual(missing.status, 66)
        XCTAssertEqual(missing.stdout, "")
        XCTAssertTrue(missing.stderr.hasPrefix("tidings: cannot open /nonexistent/page.html: "), missing.stderr)
        let folder = try run(["extract", Self.pages.path])
        XCTAssertEqual(folder.status, 66)
        XCTAssertTrue(folder.stderr.contains("is a directory"), folder.stderr)
    }

    func testUnknownFormatIsAUsageError() throws {
        let result = try run(["extract", "--format", "pdf", "-"], stdin: "<p>x</p>")
        XCTAssertEqual(result.status, 2)
        XCTAssertEqual(result.stdout, "")
    }
}
