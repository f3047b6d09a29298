import FeedModel
@testable import FeedStore
import Foundation
import XCTest

/// The query language on a real store: parsing, each field and operator, precedence, errors with
/// columns, and hostile values (always bound, never part of the SQL).
final class QueryLanguageTests: XCTestCase {
    private var store: FeedStore!
    private var path = ""
    private let now = Date()

    override func setUpWithError() throws {
        path = try temporaryDatabasePath(self)
        store = try FeedStore(path: path)
        let news = try store.addFeed(url: "https://news.example/rss", title: "Hacker News", tags: ["dev", "news"]).id
        let cast = try store.addFeed(url: "https://cast.example/feed", title: "Radio Cast", tags: ["audio"]).id
        let day: TimeInterval = 86_400
        try store.apply(feedID: news, feed: document([
            Article(id: "n1", url: "https://news.example/swift", title: "Swift 6 released",
                    contentHTML: "<p>Strict <b>concurrency</b> everywhere</p>", published: now.addingTimeInterval(-1 * day),
                    authors: [Author(name: "Grace Hopper")], language: "en-US"),
            Article(id: "n2", url: "https://news.example/rust", title: "Rust and Swift compared",
                    contentText: "Ownership and borrowing", published: now.addingTimeInterval(-3 * day),
                    authors: [Author(name: "Ada Lovelace")], language: "en"),
            Article(id: "n3", url: "https://news.example/old", title: "Ancient history",
                    contentHTML: "<p>Punch cards</p>", published: now.addingTimeInterval(-40 * day), language: "de"),
        ]), fetch: fetch(now))
        try store.apply(feedID: cast, feed: document([
            Article(id: "c1", url: "https://cast.example/ep1", title: "Episode 1: It's \"quoted\"",
                    contentHTML: "<p>Talking about swift birds</p>", published: now.addingTimeInterval(-2 * day),
                    attachments: [Enclosure(url: "https://cast.example/ep1.mp3", mimeType: "audio/mpeg")]),
            Article(id: "c2", url: "https://cast.example/ep2", title: "Episode 2: back\\slash",
                    contentHTML: "<p>Video this time</p>", published: now.addingTimeInterval(-10 * day),
                    attachments: [Enclosure(url: "https://cast.example/ep2.mp4", mimeType: "video/mp4")]),
        ]), fetch: fetch(now))
        let ids = try store.articleSummaries(.all, offset: 0, limit: 10)
        let byTitle = Dictionary(uniqueKeysWithValues: ids.map { ($0.title ?? "", $0.id) })
        try store.setRead(true, articleIDs: [byTitle["Ancient history"], byTitle["Rust and Swift compared"]].compactMap { $0 })
        try store.setStarred(true, articleIDs: [byTitle["Episode 2: back\\slash"]].compactMap { $0 })
    }

    private func titles(_ query: String, file: StaticString = #filePath, line: UInt = #line) throws -> [String] {
        let expression = try QueryExpression(parsing: query)
        let list = try store.titles(ArticleQuery(expression: expression, sort: .oldestFirst)).sorted()
        XCTAssertEqual(try store.countArticles(ArticleQuery(expression: expression)), list.count, query,
                       file: file, line: line)
        return list
    }

    private func error(_ query: String) -> QuerySyntaxError? {
        do {
            _ = try QueryExpression(parsing: query)
            return nil
        } catch {
            return error
        }
    }

    func testFlagsAndBooleans() throws {
        XCTAssertEqual(try titles("unread"), ["Episode 1: It's \"quoted\"", "Episode 2: back\\slash", "Swift 6 released"])
        XCTAssertEqual(try titles("starred"), ["Episode 2: back\\slash"])
        XCTAssertEqual(try titles("not unread"), ["Ancient history", "Rust and Swift compared"])
        XCTAssertEqual(try titles("unread = \"no\""), ["Ancient history", "Rust and Swift compared"])
        XCTAssertEqual(try titles("starred = yes"), ["Episode 2: back\\slash"])
        XCTAssertEqual(try titles("enclosure"), ["Episode 1: It's \"quoted\"", "Episode 2: back\\slash"])
    }

    func testTextFields() throws {
        XCTAssertEqual(try titles("title = \"swift 6 RELEASED\""), ["Swift 6 released"], "= ignores ASCII case")
        XCTAssertEqual(try titles("title != \"Swift 6 released\"").count, 4)
        XCTAssertEqual(try titles("title =~ \"^Episode [0-9]\""), ["Episode 1: It's \"quoted\"", "Episode 2: back\\slash"])
        XCTAssertEqual(try titles("title !~ \"Episode\"").count, 3)
        XCTAssertEqual(try titles("author = \"grace hopper\""), ["Swift 6 released"])
        XCTAssertEqual(try titles("author =~ \"Love\""), ["Rust and Swift compared"])
        XCTAssertEqual(try titles("feed = \"hacker news\"").count, 3)
        XCTAssertEqual(try titles("feed = \"https://cast.example/feed\"").count, 2, "= also matches the feed URL")
        XCTAssertEqual(try titles("feed =~ \"^Hacker\" and not starred").count, 3)
        XCTAssertEqual(try titles("tag = dev").count, 3)
        XCTAssertEqual(try titles("tag = \"audio\"").count, 2)
        XCTAssertEqual(try titles("tag =~ \"^au\"").count, 2)
        XCTAssertEqual(try titles("url = \"https://news.example/old\""), ["Ancient history"])
        XCTAssertEqual(try titles("url =~ \"rust$\""), ["Rust and Swift compared"])
        XCTAssertEqual(try titles("enclosure = \"audio/mpeg\""), ["Episode 1: It's \"quoted\""])
        XCTAssertEqual(try titles("enclosure =~ \"^video/\""), ["Episode 2: back\\slash"])
        XCTAssertEqual(try titles("language = en"), ["Rust and Swift compared", "Swift 6 released"], "en matches en-US")
        XCTAssertEqual(try titles("language = \"en-us\""), ["Swift 6 released"])
        XCTAssertEqual(try titles("language != de").count, 4, "no language is not de")
        XCTAssertEqual(try titles("content =~ \"Punch\""), ["Ancient history"], "regex on the text without markup")
        XCTAssertEqual(try titles("content =~ \"<p>\""), [])
    }

    func testContainsIsFullTextPerField() throws {
        XCTAssertEqual(try titles("title contains \"swift\""), ["Rust and Swift compared", "Swift 6 released"])
        XCTAssertEqual(try titles("content contains swift"), ["Episode 1: It's \"quoted\""])
        XCTAssertEqual(try titles("content contains \"concurr*\""), ["Swift 6 released"])
        XCTAssertEqual(try titles("author contains hopper"), ["Swift 6 released"])
        XCTAssertEqual(try titles("title contains \"released swift\""), ["Swift 6 released"], "every word, any order")
    }

    func testDatesAndAges() throws {
        XCTAssertEqual(try titles("age < 7d").count, 3)
        XCTAssertEqual(try titles("age > 7d"), ["Ancient history", "Episode 2: back\\slash"])
        XCTAssertEqual(try titles("age between 2d and 20d").count, 3)
        XCTAssertEqual(try titles("age < 36h").count, 1)
        XCTAssertEqual(try titles("age < 7").count, 3, "a bare number is days (as newsboat)")
        let formatter = DateFormatter()
        formatter.dateFormat = "yyyy-MM-dd"
        formatter.timeZone = TimeZone.current
        let threeDaysAgo = formatter.string(from: now.addingTimeInterval(-3 * 86_400))
        let yesterday = formatter.string(from: now.addingTimeInterval(-86_400))
        XCTAssertEqual(try titles("date = \(threeDaysAgo)"), ["Rust and Swift compared"])
        XCTAssertEqual(try titles("date between \(threeDaysAgo) and \(yesterday)").count, 3)
        XCTAssertEqual(try titles("date < \(threeDaysAgo)"), ["Ancient history", "Episode 2: back\\slash"])
        XCTAssertEqual(try titles("date >= \(threeDaysAgo)").count, 3)
        XCTAssertEqual(try titles("date > 2000-01-01T00:00:00Z").count, 5)
    }

    func testPrecedenceNotAndOr() throws {
        // not binds tighter than and, and tighter than or.
        XCTAssertEqual(try titles("starred or unread and tag = dev"), ["Episode 2: back\\slash", "Swift 6 released"])
        XCTAssertEqual(try titles("(starred or unread) and tag = dev"), ["Swift 6 released"])
        XCTAssertEqual(try titles("not starred and tag = audio"), ["Episode 1: It's \"quoted\""])
        XCTAssertEqual(try titles("not (starred or tag = dev)"), ["Episode 1: It's \"quoted\""])
        XCTAssertEqual(try titles("not not starred"), ["Episode 2: back\\slash"])
        XCTAssertEqual(try titles("unread and (title contains \"swift\" or tag = \"dev\") and age < 7d"),
                       ["Swift 6 released"])
        XCTAssertEqual(try titles("UNREAD AND TITLE CONTAINS swift"), ["Swift 6 released"], "keywords ignore case")
    }

    func testQuotesAndEscapes() throws {
        XCTAssertEqual(try titles("title = 'Episode 1: It\\'s \"quoted\"'"), ["Episode 1: It's \"quoted\""])
        XCTAssertEqual(try titles("title = \"Episode 1: It's \\\"quoted\\\"\""), ["Episode 1: It's \"quoted\""])
        XCTAssertEqual(try titles("title = \"Episode 2: back\\\\slash\""), ["Episode 2: back\\slash"])
        XCTAssertEqual(try titles("title =~ \"back\\\\\\\\slash\""), ["Episode 2: back\\slash"], "regex \\\\ is a backslash")
        XCTAssertEqual(try titles("title =~ \"\\d\""), ["Episode 1: It's \"quoted\"", "Episode 2: back\\slash", "Swift 6 released"],
                       "other backslashes reach the regular expression")
    }

    func testInjectionAttemptsAreValues() throws {
        let hostile = [
            "'; DROP TABLE articles; --", "\"; DROP TABLE articles; --", "x' OR 1=1 --", "x\" OR \"1\"=\"1",
            "\\", "%", "_", ") OR (1=1", "NEAR(swift rust)", "title:swift", "{title} : swift", "swift OR rust",
            "^swift", "* OR *", "😀",
        ]
        for value in hostile {
            let escaped = value.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
            for query in ["title = \"\(escaped)\"", "feed = \"\(escaped)\"", "tag != \"\(escaped)\"",
                          "author = \"\(escaped)\"", "enclosure = \"\(escaped)\"", "language = \"\(escaped)\""] {
                let count = try titles(query).count
                XCTAssertTrue(count == 0 || count == 5, "\(query) matched \(count)")
            }
            if let expression = try? QueryExpression(parsing: "title contains \"\(escaped)\"") {
                XCTAssertNoThrow(try store.countArticles(ArticleQuery(expression: expression)), value)
            }
        }
        XCTAssertEqual(try titles("title contains \"swift AND rust\""), ["Rust and Swift compared"],
                       "FTS5 operators in a contains string are words to find")
        XCTAssertEqual(try titles("title contains \"swift OR released\""), [], "OR is a word, not an operator")
        XCTAssertEqual(try titles("title contains \"body:concurrency\""), [], "a column filter is text")
        XCTAssertNoThrow(try titles("title = \"x\u{0}y\" or title contains \"x\u{0}y\""))
        XCTAssertEqual(try store.countArticles(.all), 5, "the articles table is still there")
        XCTAssertEqual(try sqlite3(path, "SELECT count(*) FROM articles;"), "5")
    }

    func testLiteralPatternsMatchAsTheRegexEngineDoes() throws {
        for pattern in ["(?i)^episode", "Swift|Rust", "(?i)QUOTED", "^Anc", "(?i)swift|^rust and", "Ep", "(?i)^ep|cards",
                        "back", "It's \\\"quoted", "é", "(?i)(episode|CARDS)", "^(Swift|Rust)", "(?i)^(?:ep|rust and)",
                        "(Swift)", "(?:compared|swift)"] {
            for field in ["title", "content", "author", "feed", "tag", "url", "enclosure"] {
                let literal = try titles("\(field) =~ \"\(pattern)\"")
                let engine = try titles("\(field) =~ \"\(pattern)(?:)\"")
                XCTAssertEqual(literal, engine, "\(field) =~ \(pattern)")
            }
        }
        let compiled = QueryCompiler(now: now).compile(try QueryExpression(parsing: "title =~ \"(?i)^sponsored|advert\""))
        XCTAssertFalse(compiled.sql.contains("REGEXP"), compiled.sql)
        let grouped = QueryCompiler(now: now).compile(
            try QueryExpression(parsing: "title =~ \"(?i)(giveaway|webinar|black friday)\""))
        XCTAssertFalse(grouped.sql.contains("REGEXP"), "one group of literal alternatives: \(grouped.sql)")
        for pattern in ["(a)|(b)", "(a|b)+", "(?i:a|b)", "(?=a)", "()"] {
            let sql = QueryCompiler(now: now).compile(try QueryExpression(parsing: "title =~ \"\(pattern)\"")).sql
            XCTAssertTrue(sql.contains("REGEXP"), "\(pattern): \(sql)")
        }
        let regex = QueryCompiler(now: now).compile(try QueryExpression(parsing: "title =~ \"spon.ored\""))
        XCTAssertTrue(regex.sql.contains("REGEXP"), regex.sql)
    }

    func testLiteralRunsOnlyPassOverRowsTheRegexCannotMatch() throws {
        let garden = try store.addFeed(url: "https://garden.example/feed", title: "Gärten").id
        try store.apply(feedID: garden, feed: document([
            Article(id: "g1", title: "Garden ſtone", contentText: "x"),
            Article(id: "g2", title: "garden STONE path", contentText: "x"),
            Article(id: "g3", title: "stone garden", contentText: "x"),
            Article(id: "g4", title: "Gar_den%stone 100%", contentText: "x"),
            Article(id: "g5", title: "GARDEN\nSTONE", contentText: "x"),
            Article(id: "g6", title: "Garden — “stone” …", contentText: "x"),
            Article(id: "g7", title: "Gardeﬁ stone ﬆone", contentText: "x"),
        ]), fetch: fetch(now))
        for pattern in ["(?i)garden.*stone", "garden.+STONE", "(?i)^garden.*?stone$", "(?i)stone.*garden", "(?i)swift.*released",
                        "Swift.+compared", "(?i)^episode.*quoted", "(?i)rust.*swift$", "e.*o", "(?i)EP.*1", "(?i)gar_den%.*100%",
                        "(?i)it's.*\\\"quoted", ".*stone", "(?i)n.*t.*h"] {
            for field in ["title", "author", "feed", "tag", "url", "enclosure", "content"] {
                let prefiltered = try titles("\(field) =~ \"\(pattern)\"")
                let engine = try titles("\(field) =~ \"\(pattern)(?:)\"")
                XCTAssertEqual(prefiltered, engine, "\(field) =~ \(pattern)")
            }
        }
        let matched = try titles("title =~ \"(?i)garden.*stone\"")
        // ICU folds ſ to s: a title with such a character is left to the regular expression.
        XCTAssertEqual(matched, ["Garden ſtone", "Garden — “stone” …", "garden STONE path"])
        XCTAssertTrue(try titles("title =~ \"(?i)st.*one\"").contains("Gardeﬁ stone ﬆone"))
        XCTAssertFalse(matched.contains("stone garden"))
        let compiled = QueryCompiler(now: now).compile(try QueryExpression(parsing: "title =~ \"(?i)garden.*stone\""))
        XCTAssertTrue(compiled.sql.contains("LIKE"), compiled.sql)
        XCTAssertTrue(compiled.sql.contains("REGEXP"), compiled.sql)
        let content = QueryCompiler(now: now).compile(try QueryExpression(parsing: "content =~ \"(?i)garden.*stone\""))
        XCTAssertFalse(content.sql.contains("LIKE"), "the text of an article is not computed twice: \(content.sql)")
    }

    func testCompiledSQLBindsEveryValue() throws {
        let expression = try QueryExpression(parsing: "title = \"'; DROP TABLE articles; --\" or feed =~ \"x'y\"")
        let compiled = QueryCompiler(now: now).compile(expression)
        XCTAssertFalse(compiled.sql.contains("DROP"))
        XCTAssertFalse(compiled.sql.contains("x'y"))
        XCTAssertEqual(compiled.arguments.description.contains("DROP TABLE"), true)
    }

    func testErrorsNameTheColumn() {
        XCTAssertEqual(error("unread and title = ")?.description, "query: column 20: expected a value after \"=\"")
        XCTAssertEqual(error("unread and title =")?.column, 19)
        XCTAssertEqual(error("")?.description, "query: column 1: the query is empty")
        XCTAssertEqual(error("colour = red")?.column, 1)
        XCTAssertTrue(error("colour = red")?.message.hasPrefix("unknown field \"colour\"") ?? false)
        XCTAssertEqual(error("title")?.column, 6, "a text field needs an operator")
        XCTAssertEqual(error("title = \"open")?.column, 9)
        XCTAssertEqual(error("title =~ \"(\"")?.column, 10)
        XCTAssertTrue(error("title =~ \"(\"")?.message.hasPrefix("invalid regular expression") ?? false)
        XCTAssertEqual(error("(unread and starred")?.column, 20)
        XCTAssertEqual(error("unread)")?.column, 7)
        XCTAssertEqual(error("unread starred")?.column, 8)
        XCTAssertEqual(error("age < soon")?.column, 7)
        XCTAssertEqual(error("age = 7d")?.column, 5)
        XCTAssertEqual(error("date < yesterday")?.column, 8)
        XCTAssertEqual(error("date < 2026-02-30")?.column, 8)
        XCTAssertEqual(error("date between 2026-01-01 2026-02-01")?.column, 25)
        XCTAssertEqual(error("feed contains x")?.column, 6)
        XCTAssertEqual(error("content = x")?.column, 9)
        XCTAssertEqual(error("title contains \"!!\"")?.column, 16)
        XCTAssertEqual(error("title ~ x")?.column, 7)
        XCTAssertEqual(error("unread = maybe")?.column, 10)
        XCTAssertEqual(error("not")?.column, 4)
        XCTAssertEqual(error("()")?.column, 2)
        XCTAssertEqual(error("title = and")?.column, 9)
        XCTAssertEqual(error("tïtle = x")?.column, 1, "columns count characters")
        XCTAssertEqual(error("title = \"é\" and x")?.column, 17)
    }

    func testQueryCombinesWithTheOtherConditions() throws {
        let expression = try QueryExpression(parsing: "title contains swift")
        XCTAssertEqual(try store.titles(ArticleQuery(unreadOnly: true, expression: expression)), ["Swift 6 released"])
        let page = try store.articlePage(ArticleQuery(expression: expression, sort: .byFeed), offset: 0, limit: 1)
        XCTAssertEqual(page.total, 2)
        XCTAssertEqual(page.rows.count, 1)
    }
}
