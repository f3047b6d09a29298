import FeedHTML
import FeedModel
import Foundation
import XCTest

/// Renders and sanitizes a long, realistic article body from `Resources/html`.
final class HTMLTextArticleTests: XCTestCase {
    private func article() throws -> String {
        let folder = try XCTUnwrap(Bundle.module.url(forResource: "Resources", withExtension: nil))
        return try String(contentsOf: folder.appendingPathComponent("html/article.html"), encoding: .utf8)
    }

    func testRenderedArticle() throws {
        let html = try article()
        let base = "https://fieldnotes.example/2025/quiet-week/"
        for width in [40, 72, 100] {
            let result = HTMLText.render(html, width: width, baseURL: base)
            let text = result.lines.joined(separator: "\n")
            XCTAssertEqual(result.links, [
                "https://fieldnotes.example/about", "https://editor.example/", "mailto:notes@fieldnotes.example",
            ])
            XCTAssertEqual(Array(result.lines.prefix(3)), [
                "Field notes: a week of quiet computing", String(repeating: "=", count: 38), "",
            ])
            XCTAssertFalse(text.contains("trackReader") || text.contains("font-size") || text.contains("ads.example"))
            XCTAssertTrue(result.lines.contains("\u{2022} A notebook (paper)"))
            XCTAssertTrue(result.lines.contains("  \u{25E6} with j/k navigation"))
            XCTAssertTrue(result.lines.contains("3. man 3 printf"))
            // The preformatted uptime line keeps its spaces; it is cut only where the width ends.
            let uptime = " 09:14:02 up 7 days,  1:02,  1 user,  load average: 0.08, 0.03, 0.01"
            if width >= uptime.count {
                XCTAssertTrue(result.lines.contains(uptime))
            } else {
                let cut = try XCTUnwrap(result.lines.firstIndex(of: String(uptime.prefix(width))))
                XCTAssertEqual(result.lines[cut + 1], String(uptime.dropFirst(width).prefix(width)))
            }
            XCTAssertTrue(result.lines.contains("Day | Browser reflexes | Mood"))
            XCTAssertTrue(result.lines.contains("4 | 9 | \u{1F642}"))
            XCTAssertFalse(text.contains("\n\n\n"), "never two blank lines in a row")
            // The quote is set off by plain blank lines, and continues through its own blank line.
            let quoteStart = try XCTUnwrap(result.lines.firstIndex { $0.hasPrefix("> Premature") })
            XCTAssertEqual(result.lines[quoteStart - 1], "")
            XCTAssertTrue(result.lines[quoteStart...].contains(">"))
        }
        let wide = HTMLText.render(html, width: 100, baseURL: base).lines
        let wideText = wide.joined(separator: "\n")
        XCTAssertTrue(wideText.contains("learned it. About me[1]."))
        XCTAssertTrue(wide.contains("  \u{25E6} and a way to open links: the same site again[2]"), "a repeated URL keeps its number")
        XCTAssertTrue(wide.contains("Questions? Write to me[3], or read the comments."))
        XCTAssertTrue(wide.contains("[image: My desk: one screen, one \"terminal\", one mug] [image]"))
        XCTAssertTrue(wide.contains("Day one \u{2014} withdrawal"))
        XCTAssertTrue(wide.contains("> Premature optimization is the root of all evil."))
        XCTAssertTrue(wide.contains("> \u{2014} a quote I misapplied all week"))
    }

    func testSanitizedArticleRendersTheSame() throws {
        let html = try article()
        let base = "https://fieldnotes.example/2025/quiet-week/"
        let safe = HTMLSanitizer.sanitize(html, baseURL: base)
        XCTAssertFalse(safe.contains("onclick") || safe.contains("<script") || safe.contains("style="))
        XCTAssertTrue(safe.contains("<img src=\"https://fieldnotes.example/2025/quiet-week/img/desk.jpg\""))
        XCTAssertEqual(HTMLText.render(safe, width: 72).lines, HTMLText.render(html, width: 72, baseURL: base).lines)
    }

    func testPlainTextOfArticle() throws {
        let text = HTMLText.plainText(try article())
        XCTAssertTrue(text.hasPrefix("Field notes: a week of quiet computing For seven days I used only a terminal"))
        XCTAssertFalse(text.contains("\n") || text.contains("  ") || text.contains("trackReader"))
        XCTAssertTrue(text.contains("一週間、ターミナルだけで過ごしました。"))
    }
}
