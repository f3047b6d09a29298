import ArgumentParser
import FeedStore
import Foundation
import ReaderControllers
import TerminalView

/// `tidings-bench reader`: the terminal reader over a 100,000-article database (500 feeds), driven by
/// the real controllers on a `HeadlessTerminal` (every frame rendered and diffed as for a tty): time
/// from opening the store to the first full screen, time per key press (j and PgDn through the
/// 100k-article "All" list, G and g, opening an article and going back, S into each of the six orders
/// 20 times, PgDn in the title and feed orders, n), each key's wall and UI-thread CPU time, the
/// slowest key by p99 (`keys_worst_p99_ms`), how many presses waited for the disk (the UI thread read
/// from storage: the store file's pages were not in the page cache), and peak memory (VmHWM). With
/// `--cold-file` the store file's pages are dropped from the page cache first, as on a store that sat
/// idle until the kernel paged it out. With `--downloads-from URL`, downloads run in the reader's
/// background run meanwhile (the issue's "keys while downloads run": compare with a run without).
struct ReaderBenchmark: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "reader",
        abstract: "Time the reader's first screen and key presses on a 100k-article database; print peak RSS.")

    @OptionGroup var paths: BenchmarkPaths

    @OptionGroup var databaseSize: BenchmarkDatabaseSize

    @OptionGroup var screen: BenchmarkTerminalSize

    @Flag(help: "Drop the store file's pages from the page cache before opening it (a store idle for long).")
    var coldFile = false

    @Option(help: "Time the keys while the reader downloads copies of this file (a loopback URL, paced by the server).")
    var downloadsFrom: String?

    @Option(help: "How many copies download at once with --downloads-from.")
    var downloads = 4

    func run() throws {
        // `TidingsBench.main` calls this on the main actor, where the reader runs.
        try MainActor.assumeIsolated { try measure() }
    }

    @MainActor
    private func measure() throws {
        let database = try paths.dataFile("reader-bench.db")
        let fill = try StoreBenchmark.reuseOrBuild(at: database, size: databaseSize)
        let terminalSize = try screen.parsed()
        if coldFile {
            let eviction = StoreFileEviction.evict(database)
            print("cold_file: store pages in the page cache before \(eviction.residentBefore) KB,"
                  + " after \(eviction.residentAfter) KB")
        }
        let baseline = ProcessStatus.kilobytes("VmHWM")

        // First screen: open the store, build the controllers, draw the feed list.
        var firstScreens: [Double] = []
        var session: (ReaderApplication, HeadlessTerminal)?
        for _ in 0..<5 {
            let start = ContinuousClock.now
            let store = try FeedStore(
                path: database, readerCacheKilobytes: ReaderLauncher.storeReaderCacheKilobytes, prefetchesListRows: true)
            let terminal = try HeadlessTerminal(size: terminalSize)
            let app = ReaderApplication(
                device: terminal, context: ReaderContext(store: store, config: ReaderConfig()), environment: [:])
            app.processEvents()
            firstScreens.append(Self.milliseconds(ContinuousClock.now - start))
            guard terminal.lines.contains(where: { $0.hasPrefix("All unread") }) else {
                throw ValidationError("the first screen does not show the feed list")
            }
            session = (app, terminal)
        }
        guard let (app, terminal) = session else { return }
        print(String(format: "reader: %d feeds, %d articles, %dx%d terminal", databaseSize.feeds, fill.articles,
                     terminalSize.width, terminalSize.height))
        print(String(format: "first_screen_ms=%.2f (first of 5) best_ms=%.2f", firstScreens[0], firstScreens.min() ?? 0))
        // Where the first screen's time goes: the feed list's one store read on a fresh store, then
        // the three reads it adds up (feeds, tags, counts) each on its own.
        var clock = ContinuousClock.now
        let fresh = try FeedStore(
            path: database, readerCacheKilobytes: ReaderLauncher.storeReaderCacheKilobytes, prefetchesListRows: true)
        var timings: [String] = [String(format: "open=%.2f", Self.milliseconds(ContinuousClock.now - clock))]
        clock = .now
        _ = try fresh.feedList()
        timings.append(String(format: "feed_list=%.2f", Self.milliseconds(ContinuousClock.now - clock)))
        clock = .now
        _ = try fresh.feeds()
        timings.append(String(format: "feeds=%.2f", Self.milliseconds(ContinuousClock.now - clock)))
        clock = .now
        _ = try fresh.tags()
        timings.append(String(format: "tags=%.2f", Self.milliseconds(ContinuousClock.now - clock)))
        clock = .now
        _ = try fresh.counts()
        timings.append(String(format: "counts=%.2f", Self.milliseconds(ContinuousClock.now - clock)))
        print("first_screen_parts_ms: " + timings.joined(separator: " "))

        let load = try downloadsFrom.map { url in
            try ReaderDownloadLoad(url: url, count: downloads, database: database, application: app)
        }
        // The "All" list: every article, newest first.
        let start = ContinuousClock.now
        app.navigation.push(ArticleListViewController(
            context: app.context, title: "All", query: ArticleQuery(sort: .newestFirst), showsFeed: true))
        app.processEvents()
        print(String(format: "all_list_first_screen_ms=%.2f rows=%@", Self.milliseconds(ContinuousClock.now - start),
                     terminal.lines.dropLast().last?.split(separator: "/").last.map(String.init) ?? "?"))

        var keyTimings = KeyTimings()
        func press(_ keys: String, times: Int, pace: Duration? = nil) -> KeyTimings.Samples {
            var samples = KeyTimings.Samples()
            for _ in 0..<times {
                // The pause between keys is not timed; background work that ends in it is handled
                // as the real loop would.
                if let pace { app.processEvents(until: { false }, timeout: pace) }
                let storageBegin = ThreadStorageReads.bytes()
                let waitBegin = ThreadRunQueueWait.milliseconds()
                let begin = ContinuousClock.now
                let cpuBegin = ThreadCPUClock.seconds()
                terminal.type(keys)
                app.processEvents()
                samples.cpu.append((ThreadCPUClock.seconds() - cpuBegin) * 1000)
                samples.wall.append(Self.milliseconds(ContinuousClock.now - begin))
                if let storageBegin, let storageEnd = ThreadStorageReads.bytes() {
                    samples.storageBytes.append(storageEnd - storageBegin)
                }
                if let waitBegin, let waitEnd = ThreadRunQueueWait.milliseconds() {
                    samples.runQueue.append(waitEnd - waitBegin)
                }
            }
            return samples
        }
        keyTimings.report("key_j", press("j", times: 2_000))
        keyTimings.report("key_pgdn", press("\u{1B}[6~", times: 1_000))
        keyTimings.report("key_G", press("G", times: 1))
        keyTimings.report("key_pgup_deep", press("\u{1B}[5~", times: 200))
        keyTimings.report("key_g", press("g", times: 1))
        // G and g again and again: the end of the list read from its other end, the top kept.
        var ends = (bottom: KeyTimings.Samples(), top: KeyTimings.Samples())
        for _ in 0..<20 {
            ends.bottom.append(press("G", times: 1))
            ends.top.append(press("g", times: 1))
        }
        keyTimings.report("key_G_repeated", ends.bottom)
        keyTimings.report("key_g_repeated", ends.top)
        // The same at a held key's repeat rate (30 keys/s; the pause is not timed), the way a person
        // scrolls: the read-ahead has time to bring the next page.
        keyTimings.report("key_j_at_30_per_s", press("j", times: 300, pace: .milliseconds(33)))
        keyTimings.report("key_pgdn_at_30_per_s", press("\u{1B}[6~", times: 300, pace: .milliseconds(33)))
        keyTimings.report("key_pgup_at_30_per_s", press("\u{1B}[5~", times: 100, pace: .milliseconds(33)))

        // Opening articles: Enter (loads, renders, marks read) and q back, at several depths.
        var opens = KeyTimings.Samples()
        var backs = KeyTimings.Samples()
        for round in 0..<100 {
            _ = press("\u{1B}[6~", times: round % 10 == 0 ? 50 : 1)
            opens.append(press("\r", times: 1))
            guard terminal.lines.contains(where: { $0.hasPrefix("Feed ") }) else {
                throw ValidationError("Enter did not open an article")
            }
            backs.append(press("q", times: 1))
        }
        keyTimings.report("key_open", opens)
        keyTimings.report("key_back", backs)

        // S: the list read again in the next order, round the six orders 20 times, each S after a
        // few PgDn (a new order starts at its top); each press counted under the order it switches to.
        var sorts: [ArticleSort: KeyTimings.Samples] = [:]
        for round in 0..<20 {
            for _ in ArticleSort.allCases {
                _ = press("\u{1B}[6~", times: round % 5 == 0 ? 30 : 3)
                let samples = press("S", times: 1)
                sorts[app.context.sort, default: KeyTimings.Samples()].append(samples)
            }
        }
        guard app.context.sort == .newestFirst else { throw ValidationError("S did not go round the six orders") }
        for sort in ArticleSort.allCases { keyTimings.report("key_S_\(Self.name(of: sort))", sorts[sort] ?? .init()) }
        // PgDn through the first 100 screens of each order that is not by date.
        for sort in [ArticleSort.titleAscending, .byFeed] {
            while app.context.sort != sort { _ = press("S", times: 1) }
            keyTimings.report("key_pgdn_\(Self.name(of: sort))", press("\u{1B}[6~", times: 100))
        }
        while app.context.sort != .newestFirst { _ = press("S", times: 1) }

        // n from an article, through one feed's unread articles and on into the next feeds.
        _ = press("q", times: 1)
        keyTimings.report("key_n_from_feed_list", press("n", times: 1))  // the first feed with unread, its first article
        guard terminal.lines.contains(where: { $0.hasPrefix("Feed ") }) else {
            throw ValidationError("Enter did not open an article of the first feed")
        }
        keyTimings.report("key_n", press("n", times: 500))
        keyTimings.printWorst()
        try load?.finish()
        let memory = ProcessStatus.kilobytes("VmHWM")
        print(String(format: "peak_rss_mb=%.1f (at start of measuring: %.1f)", ProcessStatus.megabytes(memory),
                     ProcessStatus.megabytes(baseline)))
        print("frames=\(terminal.frameCount) bytes_sent=\(terminal.bytesWritten)")
    }

    /// The name of an order in the benchmark's output.
    private static func name(of sort: ArticleSort) -> String {
        switch sort {
        case .newestFirst: "newest_first"
        case .oldestFirst: "oldest_first"
        case .titleAscending: "title"
        case .titleDescending: "title_descending"
        case .byFeed: "feed"
        case .byFeedDescending: "feed_descending"
        }
    }

    private static func milliseconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) * 1000 + Double(duration.components.attoseconds) / 1e15
    }
}
