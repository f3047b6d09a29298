import ArgumentParser
import FeedHTML
import FeedModel
import FeedStore
import Foundation

/// `tidings-bench sanitize-check`: the differential check of the sanitizer's no-change fast path.
/// Every article body of the given stores (content and summary, against the base URL export uses)
/// and of every feed file under the given folders (parsed, each item's content and summary) is
/// sanitized both ways; wherever `HTMLSanitizer.isKnownUnchanged` accepts a body, libxml2's full
/// sanitizer must return it byte for byte. The sanitized form of each body is checked the same way.
/// Prints how many bodies the fast path took; exits 1 on the first mismatch, naming the body.
struct SanitizeCheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sanitize-check",
        abstract: "Check that the sanitizer's no-change fast path agrees with the full sanitizer on real bodies.")

    @Option(parsing: .upToNextOption, help: "Stores whose every article body is checked.")
    var db: [String] = []

    @Argument(help: "Folders (searched recursively) or files of feeds whose item bodies are checked.")
    var feeds: [String] = []

    private struct Tally {
        var bodies = 0
        var accepted = 0
        var sanitizedAccepted = 0
    }

    func run() throws {
        var tally = Tally()
        for path in db {
            let store = try FeedStore(path: path)
            try store.forEachArticle(matching: .all, withContent: true) { article in
                let base = article.url ?? article.feedSiteURL ?? article.feedURL
                for html in [article.content, article.summary].compactMap({ $0 }) {
                    try check(html, base: base, origin: "\(path) article \(article.id)", &tally)
                }
            }
            print("sanitize-check: \(path): \(tally.bodies) bodies so far")
        }
        for root in feeds {
            for file in Self.files(under: root) {
                guard let data = FileManager.default.contents(atPath: file),
                    let feed = try? FeedParser.parse(data, baseURL: URL(fileURLWithPath: file).absoluteString)
                else { continue }
                for (index, item) in feed.items.enumerated() {
                    let base = item.base ?? item.url
                    for html in [item.contentHTML, item.summary].compactMap({ $0 }) {
                        try check(html, base: base, origin: "\(file) item \(index)", &tally)
                        // The same body against the other kinds of base the sanitizer meets.
                        for other in [nil, "file:///tmp/feed.xml"] where other != base {
                            try check(html, base: other, origin: "\(file) item \(index) base \(other ?? "none")", &tally)
                        }
                    }
                }
            }
        }
        print(
            "sanitize-check: bodies=\(tally.bodies) fast_path=\(tally.accepted) "
                + "sanitized_forms_fast_path=\(tally.sanitizedAccepted) mismatches=0")
    }

    private func check(_ html: String, base: String?, origin: String, _ tally: inout Tally) throws {
        tally.bodies += 1
        let full = HTMLSanitizer.sanitizeParsing(html, baseURL: base)
        if HTMLSanitizer.isKnownUnchanged(html, baseURL: base) {
            tally.accepted += 1
            guard full == html else { throw mismatch(origin, html, full) }
        }
        if HTMLSanitizer.isKnownUnchanged(full, baseURL: base) {
            tally.sanitizedAccepted += 1
            let again = HTMLSanitizer.sanitizeParsing(full, baseURL: base)
            guard again == full else { throw mismatch(origin + " (sanitized form)", full, again) }
        }
    }

    private func mismatch(_ origin: String, _ input: String, _ full: String) -> ValidationError {
        ValidationError("fast path differs from the full sanitizer: \(origin)\n  input: \(input.debugDescription)\n  full:  \(full.debugDescription)")
    }

    /// `root` itself when it is a file, else every regular file under it, sorted.
    private static func files(under root: String) -> [String] {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: root, isDirectory: &isFolder) else { return [] }
        guard isFolder.boolValue else { return [root] }
        var files: [String] = []
        let walker = FileManager.default.enumerator(atPath: root)
        while let relative = walker?.nextObject() as? String {
            let path = (root as NSString).appendingPathComponent(relative)
            var folder: ObjCBool = false
            if FileManager.default.fileExists(atPath: path, isDirectory: &folder), !folder.boolValue { files.append(path) }
        }
        return files.sorted()
    }
}
