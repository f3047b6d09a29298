import ArgumentParser
import FeedFetch
import Foundation
import LocalFeedServer

/// `tidings-bench fetch`: fetches N generated feeds (50 items each) from the local test server with a
/// fresh fetcher, cold and then warm (every request carrying its validators, so all answers are 304),
/// prints feeds/s and seconds, then repeats cold refreshes to show RSS and descriptor growth.
struct FetchBenchmark: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fetch",
        abstract: "Fetch N feeds from a local HTTP server cold, then warm (all 304); print feeds/s and RSS.")

    @OptionGroup var paths: BenchmarkPaths

    @Option(help: "Path of test_server.py (default: found from the package root).")
    var server: String?

    @Option(help: "Number of feeds to fetch.")
    var feeds = 500

    @Option(help: "Cold refreshes to repeat after the measurement, reporting RSS and descriptors (0: none).")
    var rounds = 20

    @Option(help: "Transfers per host at once.")
    var maxPerHost = FetchConfiguration().maxPerHost

    @Option(help: "Transfers at once in total.")
    var maxConcurrent = FetchConfiguration().maxConcurrent

    func run() async throws {
        FeedFetcher.globalInit()
        let script = try server ?? FetchBenchServer.findScript(packageRoot: paths.packageRoot)
        let httpServer = try LocalFeedServer(script: script, feeds: feeds)
        var configuration = FetchConfiguration()
        configuration.maxPerHost = maxPerHost
        configuration.maxConcurrent = maxConcurrent
        let requests = (0..<feeds).map { FetchRequest(id: Int64($0), url: httpServer.url("/feeds/\($0).xml")) }
        say("fetch: \(feeds) feeds of 50 items from 127.0.0.1 (python3 http.server), "
            + "max-per-host=\(maxPerHost) max-concurrent=\(maxConcurrent)")

        let (cold, coldSeconds) = await timedRefresh(requests, configuration: configuration)
        let received = cold.reduce(0) { $0 + $1.body.count }
        report("cold", seconds: coldSeconds, results: cold, extra: "ok=\(cold.filter { $0.status == 200 }.count) bytes=\(received)")

        let validated = cold.map {
            FetchRequest(id: $0.requestID, url: $0.url, etag: $0.etag, lastModified: $0.lastModified)
        }
        let (warm, warmSeconds) = await timedRefresh(validated, configuration: configuration)
        report("warm", seconds: warmSeconds, results: warm, extra: "not_modified=\(warm.filter(\.notModified).count)")

        if rounds > 0 {
            let rssBefore = ProcessStatus.kilobytes("VmRSS")
            let descriptorsBefore = ProcessStatus.openDescriptors()
            var slowest = 0.0
            for _ in 0..<rounds {
                let (results, seconds) = await timedRefresh(requests, configuration: configuration)
                slowest = max(slowest, seconds)
                if results.contains(where: { $0.error != nil }) { say("  round with errors") }
            }
            say(String(
                format: "repeat rounds=%d feeds=%d slowest_s=%.3f rss_before_mb=%.1f rss_after_mb=%.1f fds_before=%d fds_after=%d",
                rounds, feeds, slowest, ProcessStatus.megabytes(rssBefore),
                ProcessStatus.megabytes(ProcessStatus.kilobytes("VmRSS")), descriptorsBefore,
                ProcessStatus.openDescriptors()))
        }
        say(String(format: "peak_rss_mb=%.1f", ProcessStatus.megabytes(ProcessStatus.kilobytes("VmHWM"))))
    }

    /// One refresh by a fresh fetcher, as a refresh run would do; returns its results and wall seconds.
    private func timedRefresh(_ requests: [FetchRequest], configuration: FetchConfiguration) async
        -> ([FetchResult], Double)
    {
        let clock = ContinuousClock()
        let start = clock.now
        let results = await FeedFetcher(configuration: configuration).fetchAll(requests)
        let elapsed = clock.now - start
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        return (results, seconds)
    }

    private func report(_ phase: String, seconds: Double, results: [FetchResult], extra: String) {
        let failed = results.filter { $0.error != nil }
        say(phase + String(format: " feeds=%d seconds=%.3f feeds_per_s=%.0f errors=%d ",
                           results.count, seconds, Double(results.count) / max(seconds, 1e-9), failed.count) + extra)
        if let first = failed.first { say("  first error: \(first.url): \(first.error.map(String.init(describing:)) ?? "")") }
    }
}

/// Writes one line to standard output at once, so a reader through a pipe sees progress as it happens.
private func say(_ line: String) {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
}

/// Figures of this process from /proc/self (Linux).
enum ProcessStatus {
    /// A `kB` field of /proc/self/status, such as VmRSS or VmHWM (peak RSS); 0 when unreadable.
    static func kilobytes(_ field: String) -> Int {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return 0 }
        for line in status.split(separator: "\n") where line.hasPrefix(field + ":") {
            let value = line.dropFirst(field.count + 1).split(whereSeparator: { $0 == " " || $0 == "\t" }).first
            return value.flatMap { Int($0) } ?? 0
        }
        return 0
    }

    static func megabytes(_ kilobytes: Int) -> Double { Double(kilobytes) / 1024 }

    static func openDescriptors() -> Int {
        (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd").count) ?? -1
    }
}
