import ArgumentParser
import Foundation

/// `tidings-bench store`: builds (or reuses) the benchmark database through `FeedStore.apply`, then
/// times the store's list, count, search and streaming queries. Figures are the best of five runs,
/// wall clock and processor time.
struct StoreBenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "store",
        abstract: "Fill a database with N articles over M feeds (articles/s), then time the reader's and export's queries.")

    @Option(help: "Benchmark data directory (the database is kept there for reuse).")
    var data: String = ".build/bench-data"

    @Option(help: "Feeds in the database.")
    var feeds = 500

    @Option(help: "Articles per feed.")
    var articlesPerFeed = 200

    @Flag(help: "Build the database again even when a usable one is there.")
    var rebuild = false

    @Option(help: "Ignored; Benchmarks/run.sh passes it to every benchmark.")
    var packageRoot: String?

    func run() throws {
        try FileManager.default.createDirectory(atPath: data, withIntermediateDirectories: true)
        let database = (data as NSString).appendingPathComponent("store-bench.db")
        let fill = try StoreBenchmark.makeDatabase(
            at: database, feeds: feeds, articlesPerFeed: articlesPerFeed, reuse: !rebuild)
        if fill.seconds > 0 {
            print(String(
                format: "fill: %d articles over %d feeds in %.2f s (%.0f articles/s), %.2f s processor time",
                fill.articles, fill.feeds, fill.seconds, fill.articlesPerSecond, fill.cpuSeconds))
        } else {
            print("fill: reused \(database)")
        }
        for line in try StoreBenchmark.measureQueries(at: database) { print(line) }
    }
}
