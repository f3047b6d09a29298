import ArgumentParser
import FeedModel
import FeedStore
import Foundation
import ReaderControllers
import TerminalView

/// `tidings-bench query`: the query language on the 100,000-article database of `tidings-bench
/// reader` (500 feeds): the first screen of a query feed for representative queries, the feed list
/// with 20 query feeds from opening the store, and what ignore rules add to storing a cold refresh's
/// articles (the same documents applied with and without rules, as a refresh applies them).
struct QueryBenchmark: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "query",
        abstract: "Time query feeds' first screens, a feed list with 20 query feeds, and ignore rules at store time.")

    @OptionGroup var paths: BenchmarkPaths

    @OptionGroup var screen: BenchmarkTerminalSize

    @Flag(help: "Only the cost of ignore rules at store time.")
    var ignoreRulesOnly = false

    /// Queries a person would save, from cheap to the costliest kind (a regular expression on every title).
    static func queries(now: Date) -> [(name: String, query: String)] {
        let day = DateFormatter()
        day.dateFormat = "yyyy-MM-dd"
        return [
            ("unread recent", "unread and (title contains \"river\" or tag = \"tech\") and age < 7d"),
            ("feed regex", "feed =~ \"^River\" and not starred"),
            ("date range", "date between \(day.string(from: now.addingTimeInterval(-60 * 86_400))) and "
                + "\(day.string(from: now.addingTimeInterval(-30 * 86_400)))"),
            ("podcasts", "enclosure = \"audio/mpeg\" and unread"),
            ("author", "author = \"Writer 7\""),
            ("tag unread", "tag = \"favourites\" and unread"),
            ("full text", "content contains \"thunder harbor\" and not title contains garden"),
            ("title regex", "title =~ \"(?i)garden.*stone\""),
        ]
    }

    func run() throws {
        // `TidingsBench.main` calls this on the main actor, where the reader runs.
        try MainActor.assumeIsolated { try measure() }
    }

    @MainActor
    private func measure() throws {
        let database = try paths.dataFile("reader-bench.db")
        let fill = try StoreBenchmark.reuseOrBuild(at: database, size: BenchmarkDatabaseSize.parse([]))
        let terminalSize = try screen.parsed()
        let now = Date()
        if ignoreRulesOnly { return try measureIgnoreRules(now: now) }
        let queries = Self.queries(now: now)
        print("query: \(fill.articles) articles in 500 feeds, \(terminalSize.width)x\(terminalSize.height) terminal")

        // A query feed's first screen: open its list on the feed list and draw it (count + first page).
        for (name, text) in queries {
            let expression = try QueryExpression(parsing: text)
            var times: [Double] = []
            var processor: [Double] = []
            var rows = "?"
            for _ in 0..<5 {
                let store = try FeedStore(path: database)
                let terminal = try HeadlessTerminal(size: terminalSize)
                let app = ReaderApplication(
                    device: terminal, context: ReaderContext(store: store, config: ReaderConfig()), environment: [:])
                app.processEvents()
                let start = ContinuousClock.now
                let cpuStart = ThreadCPUClock.seconds()
                app.navigation.push(ArticleListViewController(
                    context: app.context, title: name, query: .matching(expression), showsFeed: true))
                app.processEvents()
                times.append(Self.milliseconds(ContinuousClock.now - start))
                processor.append((ThreadCPUClock.seconds() - cpuStart) * 1000)
                // A list with a full first page is counted in the background (the status says … until then).
                rows = terminal.lines.dropLast().last?.split(separator: "/").last.map(String.init) ?? "?"
                if rows == "…" { rows = String(try store.countArticles(.matching(expression))) + " (counted after)" }
            }
            // The CPU time of the reader's thread: on a machine others share, the wall time counts their work too.
            print(String(format: "query_feed_first_screen_ms[%@]: first=%.2f best=%.2f cpu_best=%.2f rows=%@ (target <= 50)",
                         name, times[0], times.min() ?? 0, processor.min() ?? 0, rows))
        }

        // The feed list with 20 query feeds, from opening the store to the first full screen.
        var config = ReaderConfig()
        config.queryFeeds = try (0..<20).map { index in
            let (name, text) = queries[index % queries.count]
            return try QueryFeed(name: "\(name) \(index)", query: index < queries.count ? text : "(\(text)) and unread")
        }
        var launches: [Double] = []
        var complete: [Double] = []
        for _ in 0..<5 {
            let start = ContinuousClock.now
            let store = try FeedStore(path: database)
            let terminal = try HeadlessTerminal(size: terminalSize)
            let app = ReaderApplication(device: terminal, context: ReaderContext(store: store, config: config), environment: [:])
            app.processEvents()
            launches.append(Self.milliseconds(ContinuousClock.now - start))
            guard terminal.lines.contains(where: { $0.hasPrefix("» ") }) else {
                throw ValidationError("the feed list does not show the query feeds")
            }
            // The counts arrive from the background one query feed after the other.
            let counted = app.processEvents(until: {
                !terminal.lines.contains(where: { $0.hasPrefix("» ") && $0.contains("…") })
            }, timeout: .seconds(60))
            guard counted else { throw ValidationError("the query feeds' counts did not arrive within 60 s") }
            complete.append(Self.milliseconds(ContinuousClock.now - start))
        }
        print(String(format: "feed_list_20_query_feeds_ms: first=%.2f best=%.2f (target <= 100 from launch); "
                     + "every count shown: first=%.2f best=%.2f", launches[0], launches.min() ?? 0, complete[0],
                     complete.min() ?? 0))
        let store = try FeedStore(path: database)
        for (name, text) in queries {
            let start = ContinuousClock.now
            _ = try store.listCounts([.matching(try QueryExpression(parsing: text))])
            print(String(format: "  counts_ms[%@]=%.2f", name, Self.milliseconds(ContinuousClock.now - start)))
        }

        try measureIgnoreRules(now: now)
    }

    /// Applies 100 feeds x 50 articles (each feed in its own transaction, as a refresh does) into fresh
    /// databases, without and with five ignore rules; prints the store time of each and the difference.
    private func measureIgnoreRules(now: Date) throws {
        let custom = ProcessInfo.processInfo.environment["BENCH_RULES"].map { text in
            text.split(separator: ";").compactMap { try? IgnoreRule(query: String($0)) }
        }
        let rules = try custom.map { IgnoreRules($0) } ?? IgnoreRules([
            try IgnoreRule(query: "title =~ \"(?i)sponsored|advert\""),
            try IgnoreRule(query: "content contains \"unsubscribe today\""),
            try IgnoreRule(query: "enclosure = \"video/mp4\""),
            try IgnoreRule(query: "author = \"Writer 3\" and title contains needle", tag: "tech"),
            try IgnoreRule(query: "url =~ \"/posts/1[0-9]$\"", feed: "https://feed1.bench.example/rss"),
        ])
        var random = SplitMix(seed: 7)
        let words = ["river", "garden", "thunder", "castle", "needle", "stone", "harbor", "signal", "meadow", "candle",
                     "mirror", "ladder", "pocket", "basket", "thread", "button", "hammer", "anchor", "compass", "island"]
        func phrase(_ n: Int) -> String {
            (0..<n).map { _ in words[Int(random.next() % UInt64(words.count))] }.joined(separator: " ")
        }
        let documents: [Feed] = (0..<100).map { f in
            Feed(format: .rss20, title: "Feed \(f)", items: (0..<50).map { a in
                Article(
                    id: "f\(f)-\(a)", url: "https://feed\(f).bench.example/posts/\(a)", title: (a % 25 == 0 ? "Sponsored: " : "") + phrase(6),
                    contentHTML: (0..<4).map { _ in "<p>\(phrase(40))</p>" }.joined(),
                    published: now.addingTimeInterval(-Double(a) * 3_600), authors: [Author(name: "Writer \(f % 10)")])
            })
        }
        var results: [String: [Double]] = [:]
        var cpu: [String: [Double]] = [:]
        for round in 0..<5 {
            // Alternating which goes first, so that neither always pays for the other's file writes.
            let order = [("without", IgnoreRules.none), ("with", rules)]
            for (label, ruleSet) in round % 2 == 0 ? order : order.reversed() {
                let folder = (paths.dataDirectory as NSString).appendingPathComponent("ignore-bench-\(getpid())-\(round)-\(label)")
                try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
                defer { try? FileManager.default.removeItem(atPath: folder) }
                let store = try FeedStore(path: folder + "/t.db")
                let ids = try (0..<documents.count).map { f in
                    try store.addFeed(url: "https://feed\(f).bench.example/rss", tags: [f % 3 == 0 ? "tech" : "news"]).id
                }
                try store.applyIgnoreRules(ruleSet)
                let start = ContinuousClock.now
                let cpuStart = StoreBenchmark.processorSeconds()
                for (index, document) in documents.enumerated() {
                    try store.apply(feedID: ids[index], feed: document, fetch: FetchRecord(fetchedAt: now),
                                    ignoring: ruleSet)
                }
                results[label, default: []].append(Self.milliseconds(ContinuousClock.now - start))
                cpu[label, default: []].append((StoreBenchmark.processorSeconds() - cpuStart) * 1000)
                if round == 0, label == "with" {
                    print("  ignored_articles=\(try store.counts(includeIgnored: true).articles - store.counts().articles)"
                        + " of \(documents.count * 50)")
                }
            }
        }
        let without = results["without"]?.min() ?? 0
        let with = results["with"]?.min() ?? 0
        print(String(format: "ignore_rules_store_ms: without=%.1f with=%.1f added=%.1f (%.1f%% of storing; %d rules, "
                     + "100 feeds x 50 articles, best of 5)", without, with, with - without,
                     (with - without) / max(without, 1e-9) * 100, rules.rules.count))
        let cpuWithout = cpu["without"]?.min() ?? 0
        let cpuWith = cpu["with"]?.min() ?? 0
        print(String(format: "ignore_rules_store_cpu_ms: without=%.1f with=%.1f added=%.1f (%.1f%%)", cpuWithout, cpuWith,
                     cpuWith - cpuWithout, (cpuWith - cpuWithout) / max(cpuWithout, 1e-9) * 100))
    }

    private static func milliseconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) * 1000 + Double(duration.components.attoseconds) / 1e15
    }
}
