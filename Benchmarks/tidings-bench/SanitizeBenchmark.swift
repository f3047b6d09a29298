import ArgumentParser
import FeedHTML
import FeedModel
import Foundation

/// `tidings-bench sanitize`: runs `HTMLSanitizer.sanitize` over realistic article bodies (the items of
/// the bundled feeds in Feeds/, and generated 1-3 KB bodies like Benchmarks/generate_feeds.py makes,
/// once with relative and once with absolute links) and prints articles/s and MB/s per set, from the
/// thread's CPU time (the machine may be shared) and from wall time.
struct SanitizeBenchmark: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sanitize",
        abstract: "Sanitize realistic article bodies: articles/s and MB/s.")

    @OptionGroup var paths: BenchmarkPaths

    @OptionGroup var time: BenchmarkCPUTime

    func run() throws {
        let sets: [(String, [(html: String, base: String?)])] = [
            ("feeds", try feedBodies()),
            ("generated-relative", Self.generatedBodies(count: 2_000, absolute: false)),
            ("generated-absolute", Self.generatedBodies(count: 2_000, absolute: true)),
        ]
        for (name, bodies) in sets {
            guard !bodies.isEmpty else { continue }
            let bytes = bodies.reduce(0) { $0 + $1.html.utf8.count }
            var outputBytes = 0
            for body in bodies { outputBytes += HTMLSanitizer.sanitize(body.html, baseURL: body.base).utf8.count }
            let (rounds, cpu, wall) = ThreadCPUClock.repeatRounds(forAtLeast: time.seconds) {
                for body in bodies { outputBytes &+= HTMLSanitizer.sanitize(body.html, baseURL: body.base).utf8.count }
            }
            let articles = Double(bodies.count * rounds)
            print(String(
                format: "sanitize %@: articles=%d avg_bytes=%d articles_per_s=%.0f mb_per_s=%.1f us_per_article=%.1f (cpu %.2f s, wall %.2f s)",
                name as NSString, bodies.count, bytes / bodies.count, articles / cpu,
                Double(bytes * rounds) / cpu / 1e6, cpu / articles * 1e6, cpu, wall))
        }
    }

    /// Content (or summary) HTML of every item of the feeds in Feeds/, with its base URL.
    private func feedBodies() throws -> [(html: String, base: String?)] {
        let folder = (paths.root as NSString).appendingPathComponent("Feeds")
        var bodies: [(html: String, base: String?)] = []
        for name in try FileManager.default.contentsOfDirectory(atPath: folder).sorted() {
            guard name.hasSuffix(".xml") || name.hasSuffix(".json") || name.hasSuffix(".rss") || name.hasSuffix(".atom"),
                let data = FileManager.default.contents(atPath: (folder as NSString).appendingPathComponent(name)),
                let feed = try? FeedParser.parse(data, baseURL: "https://feeds.example/\(name)")
            else { continue }
            for item in feed.items {
                if let html = item.contentHTML ?? item.summary { bodies.append((html, item.base ?? item.url)) }
            }
        }
        return bodies
    }

    /// Bodies of 1-3 KB in the shape of Benchmarks/generate_feeds.py: paragraphs with an entity, a
    /// link, emphasis and a dash, from a fixed seed.
    static func generatedBodies(count: Int, absolute: Bool) -> [(html: String, base: String?)] {
        let words = [
            "feed", "reader", "terminal", "swift", "parser", "article", "café", "naïve", "日本語", "ニュース",
            "emoji", "🎉", "résumé", "über", "данные", "مرحبا", "linux", "cron", "export", "html",
        ]
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next() -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int(truncatingIfNeeded: state >> 33)
        }
        func sentence(_ n: Int) -> String { (0..<n).map { _ in words[next() % words.count] }.joined(separator: " ") }
        return (0..<count).map { _ in
            let target = 1_000 + next() % 2_001
            var body = ""
            while body.utf8.count < target {
                let link = absolute ? "https://bench.example/post/\(next() % 1_000_000)" : "/post/\(next() % 1_000_000)"
                body += "<p>\(sentence(12)) &amp; <a href=\"\(link)\">\(sentence(3))</a> <em>\(sentence(2))</em> &mdash; \(sentence(10))</p>"
            }
            return (body, "https://bench.example/feed.xml")
        }
    }
}
