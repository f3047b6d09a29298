import ArgumentParser
import FeedFetch
import Foundation
import LocalFeedServer

/// `tidings-bench refresh`: 500 generated feeds (50 items each, half RSS half Atom) served by the local
/// test server; `tidings refresh` into an empty database (cold), then again with every validator known
/// (warm, all 304), and `newsboat -x reload` (reload-threads 8, its own config, urls and cache) cold and
/// warm on the same list and server, in the same run; prints the times and the ratios.
struct RefreshBenchmark: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "refresh",
        abstract: "Refresh N local feeds cold and warm with tidings and with newsboat; print times and ratios.")

    @OptionGroup var paths: BenchmarkPaths

    @Option(help: "Number of feeds.")
    var feeds = 500

    @Option(help: "The tidings executable (default: beside this one).")
    var tidings: String?

    @Option(help: "The newsboat executable (empty: skip newsboat).")
    var newsboat = "newsboat"

    func run() async throws {
        let script = try FetchBenchServer.findScript(packageRoot: paths.packageRoot)
        let server = try LocalFeedServer(script: script, feeds: feeds)
        let binary = tidings
            ?? URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("tidings").path
        guard FileManager.default.isExecutableFile(atPath: binary) else {
            throw ValidationError("no tidings executable at \(binary); build it or pass --tidings")
        }
        let base = paths.data ?? NSTemporaryDirectory()
        let work = (base as NSString).appendingPathComponent("refresh-bench-\(getpid())")
        try FileManager.default.createDirectory(atPath: work, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: work) }

        let urls = (0..<feeds).map { server.url("/feeds/\($0).xml") }
        // The server builds each feed on its first request: do that before anything is timed.
        _ = await FeedFetcher().fetchAll(urls.enumerated().map { FetchRequest(id: Int64($0.offset), url: $0.element) })
        var opml = "<?xml version=\"1.0\"?>\n<opml version=\"2.0\"><head><title>bench</title></head><body>\n"
        for (index, url) in urls.enumerated() { opml += "<outline type=\"rss\" text=\"feed \(index)\" xmlUrl=\"\(url)\"/>\n" }
        opml += "</body></opml>\n"
        try opml.write(toFile: work + "/feeds.opml", atomically: true, encoding: .utf8)
        try (urls.joined(separator: "\n") + "\n").write(toFile: work + "/urls", atomically: true, encoding: .utf8)
        try "reload-threads 8\nshow-read-feeds yes\n".write(toFile: work + "/newsboat.conf", atomically: true, encoding: .utf8)

        print("refresh: \(feeds) feeds x 50 items (half RSS 2.0, half Atom 1.0) from 127.0.0.1 (python3 http.server)")
        let arguments = ["refresh", "--all", "--feeds", work + "/feeds.opml", "--db", work + "/tidings.db",
                         "--config", work + "/none.toml"]
        let cold = try Self.time(binary, arguments, environment: [:])
        let warm = try Self.time(binary, arguments + ["--json"], environment: [:])
        let warmJSON = (try? JSONSerialization.jsonObject(with: Data(warm.stdout.utf8))) as? [String: Any]
        let warmFeeds = (warmJSON?["feeds"] as? [[String: Any]]) ?? []
        let unchanged = warmFeeds.filter { $0["status"] as? String == "unchanged" }.count
        print(String(format: "tidings  cold_s=%.3f status=%d   warm_s=%.3f status=%d not_modified=%d",
                     cold.seconds, cold.status, warm.seconds, warm.status, unchanged))
        if cold.status != 0 || warm.status != 0 { print("  tidings stderr: \(cold.stderr.prefix(300)) \(warm.stderr.prefix(300))") }
        try filterCost(binary: binary, work: work, plainCold: cold.seconds)

        guard !newsboat.isEmpty, let newsboatPath = Self.which(newsboat) else {
            print("newsboat: not installed; no comparison")
            return
        }
        let newsboatArguments = ["-C", work + "/newsboat.conf", "-u", work + "/urls", "-c", work + "/newsboat.db",
                                 "-x", "reload"]
        let home = ["HOME": work, "XDG_CONFIG_HOME": work + "/xdg-config", "XDG_DATA_HOME": work + "/xdg-data"]
        let newsboatCold = try Self.time(newsboatPath, newsboatArguments, environment: home)
        let newsboatWarm = try Self.time(newsboatPath, newsboatArguments, environment: home)
        print(String(format: "newsboat cold_s=%.3f status=%d   warm_s=%.3f status=%d (reload-threads 8)",
                     newsboatCold.seconds, newsboatCold.status, newsboatWarm.seconds, newsboatWarm.status))
        print(String(format: "ratio newsboat/tidings cold=%.1fx warm=%.1fx   (targets: cold < 3 s, warm < 1 s, >= 5x and >= 10x)",
                     newsboatCold.seconds / max(cold.seconds, 1e-9), newsboatWarm.seconds / max(warm.seconds, 1e-9)))
    }

    /// Cold refreshes with five `[[ignore]]` rules in the config against cold refreshes without,
    /// alternating, each into an empty database; prints the best of each and the difference.
    private func filterCost(binary: String, work: String, plainCold: Double) throws {
        try #"""
            [[ignore]]
            query = "title =~ \"(?i)sponsored|advert\""
            [[ignore]]
            query = "content contains \"lorem ipsum\""
            [[ignore]]
            query = "enclosure = \"video/mp4\""
            [[ignore]]
            query = "author = \"nobody\" or title contains needle"
            [[ignore]]
            query = "url =~ \"/1[0-9]$\""
            feed = "feed 3"
            """#.write(toFile: work + "/rules.toml", atomically: true, encoding: .utf8)
        var plain = [plainCold]
        var filtered: [Double] = []
        for round in 0..<2 {
            for config in ["rules.toml", "none.toml"] where !(round == 1 && config == "none.toml") {
                let database = work + "/filter-\(round)-\(config).db"
                let run = try Self.time(binary, ["refresh", "--all", "--feeds", work + "/feeds.opml", "--db", database,
                                                 "--config", work + "/" + config], environment: [:])
                if run.status != 0 { print("  filtered refresh failed: \(run.stderr.prefix(300))") }
                if config == "rules.toml" { filtered.append(run.seconds) } else { plain.append(run.seconds) }
            }
        }
        let best = (plain.min() ?? 0, filtered.min() ?? 0)
        print(String(format: "tidings  cold_with_5_ignore_rules_s=%.3f cold_s=%.3f added=%.1f%% (best of %d and %d; target <= 5%%)",
                     best.1, best.0, (best.1 - best.0) / max(best.0, 1e-9) * 100, filtered.count, plain.count))
    }

    private struct Timed {
        var seconds: Double
        var status: Int32
        var stdout: String
        var stderr: String
    }

    /// Runs a program to the end and returns its wall time, status and output.
    private static func time(_ path: String, _ arguments: [String], environment: [String: String]) throws -> Timed {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        var merged = ProcessInfo.processInfo.environment
        for (key, value) in environment { merged[key] = value }
        process.environment = merged
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        let clock = ContinuousClock()
        let start = clock.now
        try process.run()
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        let errData = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let elapsed = clock.now - start
        return Timed(
            seconds: Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18,
            status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
            stderr: String(decoding: errData, as: UTF8.self))
    }

    private static func which(_ name: String) -> String? {
        if name.contains("/") { return FileManager.default.isExecutableFile(atPath: name) ? name : nil }
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for directory in path.split(separator: ":") {
            let candidate = "\(directory)/\(name)"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }
}
