import FeedModel
import FeedStore
import Foundation

/// Builds the benchmark database (N articles over M feeds, through the real `FeedStore.apply` path)
/// and times the store's hot queries. Deterministic: the same arguments give the same database.
enum StoreBenchmark {
    /// What building the database took (`seconds`: in `FeedStore.apply` only, not in generating the
    /// synthetic feeds).
    struct FillReport: Sendable {
        let feeds: Int
        let articles: Int
        let seconds: Double
        /// Processor time (user + system) of this process over the same calls.
        let cpuSeconds: Double
        var articlesPerSecond: Double { Double(articles) / max(seconds, 1e-9) }
    }

    /// Creates (or, with `reuse`, keeps when it already holds the expected articles) a database at
    /// `path` with `feeds` feeds of `articlesPerFeed` articles each, spread over the past year; about
    /// 80 % read (everything older than ~10 weeks and a few more), 1 % starred, every feed tagged.
    /// A kept database must hold the expected count and read back a full article, else it is rebuilt.
    static func makeDatabase(at path: String, feeds: Int = 500, articlesPerFeed: Int = 200, reuse: Bool = true)
        throws -> FillReport
    {
        let expected = feeds * articlesPerFeed
        if reuse, FileManager.default.fileExists(atPath: path),
           let existing = try? FeedStore(path: path), (try? existing.counts().articles) == expected,
           (try? existing.articleSummaries(.all, offset: 0, limit: 1).first.flatMap { try existing.article(id: $0.id) })
               != nil {
            return FillReport(feeds: feeds, articles: expected, seconds: 0, cpuSeconds: 0)
        }
        for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
        let store = try FeedStore(path: path)
        let now = Date()
        var random = SplitMix(seed: 42)
        var ids: [Int64] = []
        for f in 0..<feeds {
            ids.append(try store.addFeed(
                url: "https://feed\(f).bench.example/rss", title: nil,
                tags: [topics[f % topics.count]] + (f % 7 == 0 ? ["favourites"] : [])).id)
        }
        // Rounds in date order, as a year of refreshes would have stored them (row order follows
        // date order, as in a real database); each round brings every feed its next `batch` articles.
        let batch = max(1, min(articlesPerFeed, 50))
        var seconds = 0.0
        var cpuSeconds = 0.0
        for first in stride(from: 0, to: articlesPerFeed, by: batch) {
            for (f, feedID) in ids.enumerated() {
                let items = (first..<min(first + batch, articlesPerFeed)).map { a in
                    article(feed: f, index: a, now: now, count: articlesPerFeed, random: &random)
                }
                let document = Feed(
                    format: f % 2 == 0 ? .rss20 : .atom10, title: "\(words[f % words.count].capitalized) Weekly \(f)",
                    homePageURL: "https://feed\(f).bench.example/", items: items)
                let start = DispatchTime.now().uptimeNanoseconds
                let cpuStart = processorSeconds()
                try store.apply(feedID: feedID, feed: document, fetch: FetchRecord(fetchedAt: now, etag: "\"\(f)\""))
                seconds += Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
                cpuSeconds += processorSeconds() - cpuStart
            }
        }
        try store.markAllRead(ArticleQuery(since: nil))
        var recent = ArticleQuery()
        recent.since = now.addingTimeInterval(-72 * 86_400)
        var unread: [Int64] = []
        var starred: [Int64] = []
        try store.forEachArticle(matching: recent, withContent: false) { article in
            if article.id % 10 != 0 { unread.append(article.id) }
        }
        try store.forEachArticle(matching: .all, withContent: false) { article in
            if article.id % 97 == 0 { starred.append(article.id) }
        }
        try store.setRead(false, articleIDs: unread)
        try store.setStarred(true, articleIDs: starred)
        return FillReport(feeds: feeds, articles: expected, seconds: seconds, cpuSeconds: cpuSeconds)
    }

    /// `makeDatabase` with `size`, reusing a usable database; says on standard output when it built one.
    static func reuseOrBuild(at path: String, size: BenchmarkDatabaseSize) throws -> FillReport {
        let fill = try makeDatabase(at: path, feeds: size.feeds, articlesPerFeed: size.articlesPerFeed)
        if fill.seconds > 0 {
            print(String(format: "built %@: %d articles in %.1f s", path, fill.articles, fill.seconds))
        }
        return fill
    }

    /// Times the queries the reader and export use on the database at `path`; one line per figure.
    static func measureQueries(at path: String) throws -> [String] {
        var lines: [String] = []
        // Best of `count` runs, wall clock and processor time (the latter is steadier on a busy machine).
        func time<T>(_ label: String, repeat count: Int = 5, _ body: () throws -> T) rethrows -> T? {
            var best = Double.infinity
            var bestCPU = Double.infinity
            var result: T?
            for _ in 0..<count {
                let start = DispatchTime.now().uptimeNanoseconds
                let cpuStart = processorSeconds()
                result = try body()
                best = min(best, Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
                bestCPU = min(bestCPU, (processorSeconds() - cpuStart) * 1e3)
            }
            lines.append(String(format: "%-44@ %9.2f ms  (cpu %7.2f ms)", label as NSString, best, bestCPU))
            return result
        }
        let openStart = DispatchTime.now().uptimeNanoseconds
        let store = try FeedStore(path: path)
        let firstPage = try store.articlePage(.allUnread, offset: 0, limit: 50)
        lines.append(String(format: "%-44@ %9.2f ms", "open + first page (all unread, 50 rows)" as NSString,
                            Double(DispatchTime.now().uptimeNanoseconds - openStart) / 1e6))
        if let counts = try time("counts (tidings count)", { try store.counts() }) {
            lines.insert("database: \(counts.feeds) feeds, \(counts.articles) articles, \(counts.unread) unread", at: 0)
        }
        _ = try time("feed list with unread/total counts") { try store.feeds() }
        _ = try time("tag list with counts") { try store.tags() }
        _ = try time("page 1, all articles, newest first") { try store.articlePage(.all, offset: 0, limit: 50) }
        _ = try time("page 1, all unread, newest first") { try store.articlePage(.allUnread, offset: 0, limit: 50) }
        _ = try time("page 1, all articles, by feed") {
            try store.articlePage(ArticleQuery(sort: .byFeed), offset: 0, limit: 50)
        }
        _ = try time("page 1, one feed") { try store.articlePage(.feed(250), offset: 0, limit: 50) }
        _ = try time("page 1, one tag") { try store.articlePage(.tag("science"), offset: 0, limit: 50) }
        _ = try time("page 1, starred") { try store.articlePage(.starred, offset: 0, limit: 50) }
        let total = try store.countArticles(.all)
        _ = try time("page at offset total-50 (deepest), by date") {
            try store.articleSummaries(.all, offset: max(0, total - 50), limit: 50)
        }
        let middle = try store.articleSummaries(.all, offset: total / 2, limit: 1)
        if let anchor = middle.first {
            _ = try time("keyset page after the middle row") { try store.articleSummaries(.all, after: anchor.id, limit: 50) }
            _ = try time("index of the middle row") { try store.index(of: anchor.id, in: .all) }
        }
        if let anchor = firstPage.rows.first {
            _ = try time("next unread across feeds (by feed)") {
                try store.nextUnread(after: anchor.id, in: ArticleQuery(sort: .byFeed))
            }
        }
        // The same lists scoped to a feed list naming every feed (what commands run with a list see).
        let listed = FeedScope.listed(try store.feeds().map(\.id))
        _ = try time("listed scope: counts") { try store.counts(in: listed) }
        _ = try time("listed scope: feed list with counts") { try store.feeds(in: listed) }
        _ = try time("listed scope: tag list with counts") { try store.tags(in: listed) }
        _ = try time("listed scope: page 1, all unread") {
            try store.articlePage(ArticleQuery(feedIDs: listed.feedIDs, unreadOnly: true), offset: 0, limit: 50)
        }
        if let anchor = firstPage.rows.first {
            _ = try time("listed scope: next unread across feeds") {
                try store.nextUnread(after: anchor.id, in: ArticleQuery(feedIDs: listed.feedIDs, sort: .byFeed))
            }
        }
        let hits = try time("search, common word: count") { try store.countArticles(.search("river")) }
        _ = try time("search, common word: page 1") { try store.articlePage(.search("river"), offset: 0, limit: 50) }
        _ = try time("search, two words: page 1") { try store.articlePage(.search("river garden"), offset: 0, limit: 50) }
        _ = try time("search, rare word: page 1") { try store.articlePage(.search("feed17word"), offset: 0, limit: 50) }
        _ = try time("search, prefix: page 1") { try store.articlePage(.search("gard*"), offset: 0, limit: 50) }
        lines.append("  (\"river\" matches \(hits ?? 0) articles)")
        var streamed = 0
        _ = try time("stream all articles, headlines only", repeat: 1) {
            streamed = 0
            try store.forEachArticle(matching: .all, withContent: false) { _ in streamed += 1 }
        }
        _ = try time("stream all articles, with content", repeat: 1) {
            streamed = 0
            try store.forEachArticle(matching: .all) { article in streamed += article.content?.utf8.count ?? 0 > 0 ? 1 : 0 }
        }
        _ = try time("full article by id") { try store.article(id: firstPage.rows.first?.id ?? 1) }
        return lines
    }

    /// User + system processor time of this process so far.
    static func processorSeconds() -> Double {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        let user = Double(usage.ru_utime.tv_sec) + Double(usage.ru_utime.tv_usec) / 1e6
        return user + Double(usage.ru_stime.tv_sec) + Double(usage.ru_stime.tv_usec) / 1e6
    }

    private static func article(feed: Int, index: Int, now: Date, count: Int, random: inout SplitMix) -> Article {
        let age = Double(count - index) / Double(count) * 365 * 86_400 + Double(random.next() % 3600)
        func phrase(_ n: Int) -> String {
            (0..<n).map { _ in words[Int(random.next() % UInt64(words.count))] }.joined(separator: " ")
        }
        let paragraphs = (0..<4).map { _ in "<p>\(phrase(40)) <a href=\"https://x.example/\(index)\">link</a></p>" }
        return Article(
            id: "tag:feed\(feed).bench.example,2024:\(index)",
            url: "https://feed\(feed).bench.example/posts/\(index)",
            title: phrase(6).capitalized,
            contentHTML: paragraphs.joined() + "<p>feed\(feed)word</p>",
            summary: "<p>\(phrase(20))</p>",
            published: now.addingTimeInterval(-age),
            authors: [Author(name: "Writer \(feed % 40)")],
            categories: [Category(term: topics[index % topics.count])],
            attachments: index % 10 == 0 ? [Enclosure(url: "https://cdn.example/\(feed)/\(index).mp3",
                                                      mimeType: "audio/mpeg", sizeInBytes: 1_000_000)] : [])
    }

    private static let topics = ["news", "science", "tech", "culture", "sport", "travel", "food", "music"]
    private static let words = """
        river garden window stone light music winter summer paper engine market city forest ocean signal
        bridge silver morning evening story letter number metal glass cloud thunder harbor valley mountain
        station library kitchen theory method system network planet rocket garden village border castle
        island desert meadow candle mirror ladder pocket basket needle thread button hammer anchor compass
        """.split(whereSeparator: \.isWhitespace).map(String.init)
}

/// A tiny deterministic random generator (SplitMix64), so benchmark databases are reproducible.
struct SplitMix {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
