import ArgumentParser
import FeedModel
import FeedStore
import Foundation

/// `tidings-bench writer`: the store's write path alone, on the feeds of a corpus folder (the shared
/// corpus of ../shared/bench: the files its `urls` names, read from `feeds/`). Every feed is parsed
/// and prepared first (`FeedStore.prepare`, timed apart), then applied one transaction per feed as a cold
/// refresh applies them; prints the processor time of those applies alone, what they wrote
/// (`/proc/self/io`), the database's size, and searches timed afterwards. Numbers of two builds are
/// comparable on a shared machine: nothing else runs while the applies are timed.
struct WriterBenchmark: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "writer",
        abstract: "Time FeedStore.apply of a corpus's feeds into an empty database (the cold refresh's writer).")

    @Option(help: "The corpus folder (holding `urls` and `feeds/`).")
    var corpus: String

    @Option(help: "Where the database is made (removed first).")
    var database: String

    @Option(help: "Runs (a fresh database each); the least is printed too.")
    var runs = 1

    @Flag(help: "Leave the list indexes out while applying and build them after, as a first refresh does (timed).")
    var deferListIndexes = false

    @Option(parsing: .upToNextOption, help: "Words searched for afterwards (`tidings export --search`'s query).")
    var search: [String] = ["kernel", "\"conference namespace\"", "résumé OR latency", "ドキュメント"]

    func run() throws {
        let names = try String(contentsOfFile: corpus + "/urls", encoding: .utf8)
            .split(separator: "\n").compactMap { line in line.split(separator: " ").first?.split(separator: "/").last }
            .map(String.init)
        let feeds: [(url: String, feed: Feed)] = try names.map { name in
            let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: corpus + "/feeds/" + name)))
            return ("http://corpus.example/feeds/" + name, try FeedParser.parse(bytes, baseURL: nil, charset: nil))
        }
        var least: (cpu: Double, wall: Double) = (.infinity, .infinity)
        var leastPrepare = Double.infinity
        for run in 1...max(1, runs) {
            for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: database + suffix) }
            let store = try FeedStore(path: database)
            let fetchedAt = Date()
            let ids = try feeds.map { entry in try store.addFeed(url: entry.url).id }
            let prepareStart = StoreBenchmark.processorSeconds()
            let documents = try zip(ids, feeds).map { id, entry in
                try store.prepare(feedID: id, feed: entry.feed, fetchedAt: fetchedAt, neverStored: true)
            }
            let prepareCPU = StoreBenchmark.processorSeconds() - prepareStart
            let written = Self.bytesWritten()
            let cpuStart = StoreBenchmark.processorSeconds()
            let wallStart = DispatchTime.now().uptimeNanoseconds
            var articles = 0
            let deferred = deferListIndexes ? try store.deferListIndexes(newFeeds: documents.count) : false
            for document in documents {
                articles += try store.apply(document, fetch: FetchRecord(fetchedAt: fetchedAt, etag: "\"e\"")).new
            }
            let restoreStart = StoreBenchmark.processorSeconds()
            if deferred { try store.restoreListIndexes() }
            let restoreCPU = StoreBenchmark.processorSeconds() - restoreStart
            if let copy = ProcessInfo.processInfo.environment["TIDINGS_X_WALCOPY"] {
                try? FileManager.default.removeItem(atPath: copy)
                try FileManager.default.copyItem(atPath: database + "-wal", toPath: copy)
                try FileManager.default.copyItem(atPath: database, toPath: copy + ".db")
            }
            try store.truncateWriteAheadLog()
            let cpu = StoreBenchmark.processorSeconds() - cpuStart
            let wall = Double(DispatchTime.now().uptimeNanoseconds - wallStart) / 1e9
            let megabytesWritten = Double(Self.bytesWritten() - written) / 1e6
            least = (min(least.cpu, cpu), min(least.wall, wall))
            leastPrepare = min(leastPrepare, prepareCPU)
            let size = (try? FileManager.default.attributesOfItem(atPath: database)[.size] as? Int) ?? 0
            print(String(
                format: "writer run %d: feeds=%d articles=%d prepare_cpu_s=%.3f cpu_s=%.3f wall_s=%.3f written_mb=%.1f db_mb=%.1f deferred_indexes=%@ index_build_cpu_s=%.3f",
                run, documents.count, articles, prepareCPU, cpu, wall, megabytesWritten, Double(size) / 1e6,
                deferred ? "yes" : "no", restoreCPU))
            for word in search {
                var query = ArticleQuery()
                query.search = word
                var found = 0
                let timing = ThreadCPUClock.repeatRounds(forAtLeast: 0.3) {
                    found = (try? store.countArticles(query)) ?? -1
                }
                print(String(
                    format: "  search %@: found=%d ms=%.2f", word, found, timing.wall / Double(timing.rounds) * 1000))
            }
        }
        print(String(
            format: "writer least: prepare_cpu_s=%.3f cpu_s=%.3f wall_s=%.3f", leastPrepare, least.cpu, least.wall))
    }

    /// Bytes this process has handed to write calls (`wchar` of /proc/self/io).
    static func bytesWritten() -> Int {
        guard let text = try? String(contentsOfFile: "/proc/self/io", encoding: .utf8) else { return 0 }
        for line in text.split(separator: "\n") where line.hasPrefix("wchar:") {
            return Int(line.dropFirst(6).trimmingCharacters(in: .whitespaces)) ?? 0
        }
        return 0
    }
}
