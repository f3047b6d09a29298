import ArgumentParser
import FeedHTML
import FeedModel
import Foundation

/// `tidings-bench extract`: runs `ArticleExtractor` over the development pages (Mozilla Readability's
/// test pages, unpacked by Benchmarks/extraction-check.py into .build/extraction) and prints MB/s of
/// HTML on one core, from the thread's CPU time (the machine may be shared) and from wall time.
struct ExtractBenchmark: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "extract",
        abstract: "Extract the article of each development page: MB/s of HTML on one core.")

    @OptionGroup var paths: BenchmarkPaths

    @OptionGroup var time: BenchmarkCPUTime

    @Option(help: "The folder of page folders, each with a source.html (default: the unpacked test pages).")
    var pages: String?

    func run() throws {
        let folder = pages ?? (paths.root as NSString).appendingPathComponent(
            ".build/extraction/readability-test-pages/test/test-pages")
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else {
            print("extract: no pages in \(folder) (run Benchmarks/extraction-check.py to unpack them); skipped")
            return
        }
        let documents: [[UInt8]] = names.sorted().compactMap { name in
            let path = (folder as NSString).appendingPathComponent(name + "/source.html")
            return FileManager.default.contents(atPath: path).map { [UInt8]($0) }
        }
        guard !documents.isEmpty else {
            print("extract: no source.html under \(folder); skipped")
            return
        }
        let bytes = documents.reduce(0) { $0 + $1.count }
        var found = 0
        let (rounds, cpu, wall) = ThreadCPUClock.repeatRounds(forAtLeast: time.seconds) {
            for page in documents where ArticleExtractor.extract(page: page, url: "http://fakehost/test/page.html") != nil {
                found += 1
            }
        }
        print(String(
            format: "extract: pages=%d avg_kb=%.0f found=%d mb_per_s=%.1f ms_per_page=%.2f (target >= 20 MB/s; cpu %.2f s, wall %.2f s)",
            documents.count, Double(bytes) / Double(documents.count) / 1e3, found / rounds,
            Double(bytes * rounds) / cpu / 1e6, cpu / Double(documents.count * rounds) * 1e3, cpu, wall))
    }
}
