import ArgumentParser
import FeedHTML
import FeedModel
import Foundation

/// `tidings-bench plaintext [PATH...]`: converts the bodies of feed files (default: Feeds/; folders
/// are searched for .xml, .rdf, .atom, .rss and .json files) to plain text, as a refresh does for the
/// search index, with `HTMLText.plainText` (libxml2's parse events as they come) and with
/// `HTMLText.plainTextFromDocument` (a whole document, walked), compares the two texts of every body
/// byte for byte, and prints how many bodies matched and each conversion's MB/s of bodies from the
/// thread's CPU time. Then the fast scan (`HTMLText.plainTextFromScan`) against libxml2's events
/// (`plainTextFromParser`): how many bodies it accepts, how many of those differ (must be none), and
/// why it declines the others (the first construct it stopped at, counted). Exits 1 when any body differs
/// (the first ones are printed). `--only stream` times `plainText` as a refresh calls it (scan, else
/// libxml2); `parser`, `scan` and `document` time one path alone.
struct PlainTextBenchmark: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "plaintext",
        abstract: "HTML bodies to plain text, streamed against the document walk: equality and MB/s.")

    @Argument(help: "Feed files or folders of them (default: the package's Feeds/).")
    var inputs: [String] = []

    @Option(help: "Time only this conversion (stream or document), without comparing: for profiles.")
    var only: String?

    @OptionGroup var paths: BenchmarkPaths

    @OptionGroup var time: BenchmarkCPUTime

    func run() throws {
        let files = try feedFiles()
        var bodies: [String] = []
        for file in files {
            guard let data = FileManager.default.contents(atPath: file), let feed = try? FeedParser.parse(data) else {
                continue
            }
            for item in feed.items {
                for text in [item.contentHTML, item.summary, item.title] {
                    if let text, !text.isEmpty { bodies.append(text) }
                }
            }
        }
        guard !bodies.isEmpty else { throw ValidationError("no bodies found in \(files.count) files") }
        let bytes = bodies.reduce(0) { $0 + $1.utf8.count }

        var differences = 0
        for body in only == nil ? bodies : [] {
            let streamed = HTMLText.plainText(body)
            let walked = HTMLText.plainTextFromDocument(body)
            guard streamed != walked else { continue }
            differences += 1
            if differences <= 5 {
                print("DIFFERENT: \(body.prefix(300).debugDescription)\n  stream: \(streamed.prefix(300).debugDescription)"
                    + "\n  tree:   \(walked.prefix(300).debugDescription)")
            }
        }
        print("plaintext compare: files=\(files.count) bodies=\(bodies.count) bytes=\(bytes) differences=\(differences)")

        var accepted = 0
        var acceptedBytes = 0
        var scanDifferences = 0
        var declines: [String: Int] = [:]
        for body in only == nil ? bodies : [] {
            guard let scanned = HTMLText.plainTextFromScan(body) else {
                declines[HTMLText.plainTextScanDecline(body) ?? "?", default: 0] += 1
                continue
            }
            accepted += 1
            acceptedBytes += body.utf8.count
            let parsed = HTMLText.plainTextFromParser(body)
            guard scanned != parsed else { continue }
            scanDifferences += 1
            if scanDifferences <= 5 {
                print("SCAN DIFFERENT: \(body.prefix(300).debugDescription)\n  scan:   \(scanned.prefix(300).debugDescription)"
                    + "\n  parser: \(parsed.prefix(300).debugDescription)")
            }
        }
        differences += scanDifferences
        if only == nil {
            print(String(
                format: "plaintext scan: accepted=%d (%.1f%%) accepted_bytes=%.1f%% differences=%d",
                accepted, Double(accepted) * 100 / Double(bodies.count), Double(acceptedBytes) * 100 / Double(bytes),
                scanDifferences))
            for (reason, count) in declines.sorted(by: { $0.value > $1.value }).prefix(12) {
                print("plaintext scan declined: \(count) \(reason)")
            }
        }

        for (name, convert) in [
            ("stream", { HTMLText.plainText($0) }), ("parser", { HTMLText.plainTextFromParser($0) }),
            ("scan", { HTMLText.plainTextFromScan($0) ?? "" }), ("document", { HTMLText.plainTextFromDocument($0) }),
        ] as [(String, (String) -> String)] where only == nil || only == name {
            var outputBytes = 0
            let (rounds, cpu, wall) = ThreadCPUClock.repeatRounds(forAtLeast: time.seconds) {
                for body in bodies { outputBytes &+= convert(body).utf8.count }
            }
            print(String(
                format: "plaintext %@: bodies=%d mb_per_s=%.1f us_per_body=%.2f (cpu %.2f s, wall %.2f s, %d rounds)",
                name as NSString, bodies.count, Double(bytes * rounds) / cpu / 1e6,
                cpu / Double(bodies.count * rounds) * 1e6, cpu, wall, rounds))
        }
        if differences > 0 { throw ExitCode(1) }
    }

    private func feedFiles() throws -> [String] {
        let roots = inputs.isEmpty ? [(paths.root as NSString).appendingPathComponent("Feeds")] : inputs
        let extensions: Set<String> = ["xml", "rdf", "atom", "rss", "json"]
        var files: [String] = []
        for root in roots {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: root, isDirectory: &isFolder) else {
                throw ValidationError("\(root): no such file or folder")
            }
            guard isFolder.boolValue else {
                files.append(root)
                continue
            }
            let walker = FileManager.default.enumerator(atPath: root)
            while let relative = walker?.nextObject() as? String {
                if extensions.contains((relative as NSString).pathExtension.lowercased()) {
                    files.append((root as NSString).appendingPathComponent(relative))
                }
            }
        }
        return files.sorted()
    }
}
