import FeedModel
import FeedStore
import Foundation
import FuzzSupport
import ReaderControllers

/// The query language on any text, and newsboat's query feeds translated to it: a query that parses
/// runs (its SQL is valid and every value is bound) on a real store holding articles, and a
/// translated newsboat query is one that parses.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzQuery(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    if let expression = try? QueryExpression(parsing: text) {
        run(expression, text)
        do {
            _ = try IgnoreRule(query: text)
        } catch {
            require(false, "a query that parses is refused as an ignore rule: \(error)")
        }
    }
    if case .success(let translated) = NewsboatQuery.translate("query:fuzz:" + text) {
        guard let expression = try? QueryExpression(parsing: translated.query) else {
            require(false, "newsboat query translated to \(visible(translated.query)), which does not parse")
            return 0
        }
        run(expression, translated.query)
    }
    return 0
}

func run(_ expression: QueryExpression, _ text: String) {
    do {
        _ = try store.countArticles(ArticleQuery(expression: expression))
        _ = try store.articleSummaries(ArticleQuery(expression: expression), offset: 0, limit: 5)
    } catch {
        require(false, "query \(visible(text)) parses but does not run: \(error)")
    }
}

/// A store in a temporary folder with one feed of a few articles, made once per process.
nonisolated(unsafe) let store: FeedStore = {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tidings-fuzz-query-\(getpid())")
    try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let path = folder.appendingPathComponent("fuzz.db").path
    do {
        let store = try FeedStore(path: path)
        let feedID = try store.addFeed(url: "https://example.org/feed.xml", title: "Example", tags: ["dev", "news"]).id
        var feed = Feed(format: .rss20, title: "Example")
        feed.items = [
            Article(
                id: "1", url: "https://example.org/1", title: "Swift on Linux", contentHTML: "<p>Hello <b>world</b></p>",
                published: Date(timeIntervalSince1970: 1_700_000_000), authors: [Author(name: "Ann")],
                categories: [Category(term: "swift")],
                attachments: [Enclosure(url: "https://example.org/a.mp3", mimeType: "audio/mpeg")]),
            Article(id: "2", title: "Zweiter Artikel", contentText: "ünïcödé text 漢字", published: Date()),
        ]
        try store.apply(feedID: feedID, feed: feed, fetch: FetchRecord())
        return store
    } catch {
        printError("fuzz-query: cannot create the store at \(path): \(error)")
        exit(1)
    }
}()
