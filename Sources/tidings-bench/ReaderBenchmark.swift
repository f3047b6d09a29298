import ArgumentParser
import FeedStore
import Foundation
import ReaderControllers
import TerminalView

/// `tidings-bench reader`: the terminal reader over a 100,000-article database (500 feeds), driven by
/// the real controllers on a `HeadlessTerminal` (every frame rendered and diffed as for a tty): time
/// from opening the store to the first full screen, time per key press (j and PgDn through the
/// 100k-article "All" list, G, opening an article and going back), and peak memory (VmHWM).
struct ReaderBenchmark: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "reader",
        abstract: "Time the reader's first screen and key presses on a 100k-article database; print peak RSS.")

    @OptionGroup var paths: BenchmarkPaths

    @OptionGroup var databaseSize: BenchmarkDatabaseSize

    @OptionGroup var screen: BenchmarkTerminalSize

    func run() throws {
        // `TidingsBench.main` calls this on the main actor, where the reader runs.
        try MainActor.assumeIsolated { try measure() }
    }

    @MainActor
    private func measure() throws {
        let database = try paths.dataFile("reader-bench.db")
        let fill = try StoreBenchmark.reuseOrBuild(at: database, size: databaseSize)
        let terminalSize = try screen.parsed()
        let baseline = ProcessStatus.kilobytes("VmHWM")

        // First screen: open the store, build the controllers, draw the feed list.
        var firstScreens: [Double] = []
        var session: (ReaderApplication, HeadlessTerminal)?
        for _ in 0..<5 {
            let start = ContinuousClock.now
            let store = try FeedStore(path: database, readerCacheKilobytes: ReaderLauncher.storeReaderCacheKilobytes)
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
        let fresh = try FeedStore(path: database, readerCacheKilobytes: ReaderLauncher.storeReaderCacheKilobytes)
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

        // The "All" list: every article, newest first.
        var start = ContinuousClock.now
        app.navigation.push(ArticleListViewController(
            context: app.context, title: "All", query: ArticleQuery(sort: .newestFirst), showsFeed: true))
        app.processEvents()
        print(String(format: "all_list_first_screen_ms=%.2f rows=%@", Self.milliseconds(ContinuousClock.now - start),
                     terminal.lines.dropLast().last?.split(separator: "/").last.map(String.init) ?? "?"))

        func press(_ keys: String, times: Int, pace: Duration? = nil) -> [Double] {
            (0..<times).map { _ in
                // The pause between keys is not timed; background work that ends in it is handled
                // as the real loop would.
                if let pace { app.processEvents(until: { false }, timeout: pace) }
                let begin = ContinuousClock.now
                terminal.type(keys)
                app.processEvents()
                return Self.milliseconds(ContinuousClock.now - begin)
            }
        }
        report("key_j", press("j", times: 2_000))
        report("key_pgdn", press("\u{1B}[6~", times: 1_000))
        report("key_G", press("G", times: 1))
        report("key_pgup_deep", press("\u{1B}[5~", times: 200))
        report("key_g", press("g", times: 1))
        // The same at a held key's repeat rate (30 keys/s; the pause is not timed), the way a person
        // scrolls: the read-ahead has time to bring the next page.
        report("key_j_at_30_per_s", press("j", times: 300, pace: .milliseconds(33)))
        report("key_pgdn_at_30_per_s", press("\u{1B}[6~", times: 300, pace: .milliseconds(33)))
        report("key_pgup_at_30_per_s", press("\u{1B}[5~", times: 100, pace: .milliseconds(33)))

        // Opening articles: Enter (loads, renders, marks read) and q back, at several depths.
        var opens: [Double] = []
        var backs: [Double] = []
        for round in 0..<100 {
            _ = press("\u{1B}[6~", times: round % 10 == 0 ? 50 : 1)
            opens += press("\r", times: 1)
            guard terminal.lines.contains(where: { $0.hasPrefix("Feed ") }) else {
                throw ValidationError("Enter did not open an article")
            }
            backs += press("q", times: 1)
        }
        report("key_open", opens)
        report("key_back", backs)

        // S: the list read again in the next order (oldest first, then title A-Z: no index, a sort).
        report("key_S_oldest_first", press("S", times: 1))
        report("key_S_title", press("S", times: 1))
        report("key_pgdn_title", press("\u{1B}[6~", times: 100))
        _ = press("SSSS", times: 1)  // back to newest first

        // n from an article, through one feed's unread articles and on into the next feeds.
        _ = press("q", times: 1)
        report("key_n_from_feed_list", press("n", times: 1))  // the first feed with unread, its first article
        guard terminal.lines.contains(where: { $0.hasPrefix("Feed ") }) else {
            throw ValidationError("Enter did not open an article of the first feed")
        }
        report("key_n", press("n", times: 500))
        start = ContinuousClock.now
        let memory = ProcessStatus.kilobytes("VmHWM")
        print(String(format: "peak_rss_mb=%.1f (at start of measuring: %.1f)", ProcessStatus.megabytes(memory),
                     ProcessStatus.megabytes(baseline)))
        print("frames=\(terminal.frameCount) bytes_sent=\(terminal.bytesWritten)")
    }

    private func report(_ name: String, _ samples: [Double]) {
        let sorted = samples.sorted()
        guard !sorted.isEmpty else { return }
        let p50 = sorted[sorted.count / 2]
        let p99 = sorted[min(sorted.count - 1, sorted.count * 99 / 100)]
        print(String(format: "%@_ms: p50=%.3f p99=%.3f max=%.3f (n=%d)", name, p50, p99, sorted.last ?? 0, sorted.count))
    }

    private static func milliseconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) * 1000 + Double(duration.components.attoseconds) / 1e15
    }
}
