import ArgumentParser
import Foundation

/// `tidings-bench store`: builds (or reuses) the benchmark database through `FeedStore.apply`, then
/// times the store's list, count, search and streaming queries. Figures are the best of five runs,
/// wall clock and processor time.
struct StoreBenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "store",
        abstract: "Fill a database with N articles over M feeds (articles/s), then time the reader's and export's queries.")

    @OptionGroup var paths: BenchmarkPaths

    @OptionGroup var size: BenchmarkDatabaseSize

    @Flag(help: "Build the database again even when a usable one is there.")
    var rebuild = false

    func run() throws {
        let database = try paths.dataFile("store-bench.db")
        let fill = try StoreBenchmark.makeDatabase(
            at: database, feeds: size.feeds, articlesPerFeed: size.articlesPerFeed, reuse: !rebuild)
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
