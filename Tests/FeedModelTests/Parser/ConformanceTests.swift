import Foundation
import XCTest

@testable import FeedHTML
@testable import FeedModel

/// Runs gofeed's public test inputs (`../shared/conformance/gofeed/testdata`) through FeedParser and
/// compares the fields the JSON Feed contract shares with gofeed's three models (universal, RSS,
/// Atom). A development check: skipped, saying what is missing and how to get it, when the folder is
/// absent, as in a user's clone.
///
/// Deliberate differences from gofeed, following the specifications: titles are text with entities
/// decoded, HTML content keeps its markup, dates are compared as instants; titles, descriptions,
/// rights and names that hold HTML are plain text (see `sameText`).
///
/// Inputs that still fail, where Tidings follows the specification or what a reader shows rather
/// than gofeed: the first RSS `<link>` is the link (gofeed takes the last, even `<link href>`);
/// every `dc:creator` is an author (gofeed keeps the first); relative URLs inside HTML content stay
/// as written with the base beside them (`_tidings.base`), resolved when shown; `xml:base="img"`
/// resolves as RFC 3986 says (`http://example.org/icon.png`); Atom `type="html"` content keeps a
/// wrapping `div` (only XHTML content is wrapped); an Atom `id` is not resolved against `xml:base`;
/// the generator is its name (no version and URI appended); tags are category terms (labels are
/// kept beside them); an article's image is not guessed from an `<img>` in its content.
final class ConformanceTests: XCTestCase {
    private struct Outcome {
        var files = 0
        var passed = 0
        var checks = 0
        var checksPassed = 0
        var failures: [String] = []
    }

    /// `$TIDINGS_CONFORMANCE_DIR`, else `../shared/conformance/gofeed/testdata` beside the checkout.
    private static var root: URL {
        if let folder = ProcessInfo.processInfo.environment["TIDINGS_CONFORMANCE_DIR"], !folder.isEmpty {
            return URL(fileURLWithPath: folder)
        }
        return URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("shared/conformance/gofeed/testdata")
    }

    func testGofeedConformance() throws {
        let root = Self.root
        guard FileManager.default.fileExists(atPath: root.path) else {
            throw XCTSkip(
                "NOT RUN: the gofeed conformance inputs are not at \(root.path); this check needs the testdata/ "
                    + "folder of https://github.com/mmcdole/gofeed (MIT) there, or its path in TIDINGS_CONFORMANCE_DIR")
        }
        var outcome = Outcome()
        let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)
        var inputs: [URL] = []
        while let url = walker?.nextObject() as? URL {
            let name = url.lastPathComponent
            if url.pathExtension == "xml" { inputs.append(url) }
            if url.pathExtension == "json", url.path.contains("/parser/json/"), !name.hasSuffix("_expected.json"),
                !url.path.contains("/invalid")
            { inputs.append(url) }
        }
        for input in inputs.sorted(by: { $0.path < $1.path }) {
            let expectedURL: URL
            if input.pathExtension == "json" {
                expectedURL = input.deletingPathExtension().appendingPathExtension("").deletingPathExtension()
                    .appendingPathExtension("json")
                let alt = URL(fileURLWithPath: input.deletingPathExtension().path + "_expected.json")
                guard FileManager.default.fileExists(atPath: alt.path) else { continue }
                try check(input: input, expected: alt, into: &outcome)
                continue
            }
            expectedURL = input.deletingPathExtension().appendingPathExtension("json")
            guard FileManager.default.fileExists(atPath: expectedURL.path) else { continue }
            try check(input: input, expected: expectedURL, into: &outcome)
        }
        let rate = Double(outcome.passed) / Double(max(1, outcome.files)) * 100
        let checkRate = Double(outcome.checksPassed) / Double(max(1, outcome.checks)) * 100
        print(String(format: "conformance: %d/%d files pass (%.1f%%), %d/%d field checks (%.1f%%)",
                     outcome.passed, outcome.files, rate, outcome.checksPassed, outcome.checks, checkRate))
        if ProcessInfo.processInfo.environment["TIDINGS_CONFORMANCE_VERBOSE"] != nil {
            for failure in outcome.failures { print("  " + failure) }
        }
        XCTAssertGreaterThan(outcome.files, 500)
        XCTAssertGreaterThanOrEqual(rate, 95, "conformance pass rate fell")
    }

    private func check(input: URL, expected: URL, into outcome: inout Outcome) throws {
        let data = try Data(contentsOf: expected)
        guard let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else { return }
        outcome.files += 1
        let name = input.path.replacingOccurrences(of: Self.root.path + "/", with: "")
        let feed: Feed
        do {
            feed = try FeedParser.parse(Data(contentsOf: input))
        } catch {
            outcome.failures.append("\(name): parse failed: \(error)")
            return
        }
        var comparer = Comparer()
        if name.hasPrefix("parser/json") {
            comparer.json(object, feed)
        } else if name.hasPrefix("parser/atom") {
            comparer.atom(object, feed)
        } else if name.hasPrefix("parser/rss") {
            comparer.rss(object, feed)
        } else {
            comparer.universal(object, feed)
        }
        outcome.checks += comparer.checks
        outcome.checksPassed += comparer.checks - comparer.mismatches.count
        if comparer.mismatches.isEmpty {
            outcome.passed += 1
        } else {
            outcome.failures.append("\(name): " + comparer.mismatches.joined(separator: "; "))
        }
    }
}

/// Field-by-field comparison of one expected gofeed result against a parsed Feed.
private struct Comparer {
    var checks = 0
    var mismatches: [String] = []

    mutating func same(_ field: String, _ expected: Any?, _ actual: String?) {
        guard let expected = Self.text(expected) else { return }
        checks += 1
        let e = Self.normalize(expected)
        let a = Self.normalize(actual ?? "")
        if e != a { mismatches.append("\(field): expected \(e.debugDescription) got \(a.debugDescription)") }
    }

    /// A text field: equal as written, or equal to the plain text of gofeed's value when gofeed kept
    /// the HTML of a title, description, rights or name (Tidings shows those fields as plain text,
    /// through the same HTML-to-text conversion as bodies; gofeed keeps the markup).
    mutating func sameText(_ field: String, _ expected: Any?, _ actual: String?) {
        guard let text = Self.text(expected) else { return }
        let plain = Self.normalize(HTMLText.plainText(text))
        if plain == Self.normalize(actual ?? ""), plain != Self.normalize(text) {
            checks += 1
            return
        }
        same(field, expected, actual)
    }

    mutating func sameDate(_ field: String, _ expected: Any?, _ actual: Date?) {
        guard let text = expected as? String, !text.isEmpty else { return }
        checks += 1
        let formatter = ISO8601DateFormatter()
        var e = formatter.date(from: text)
        if e == nil {
            formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
            e = formatter.date(from: text)
        }
        guard let e else { return }
        if actual.map({ abs($0.timeIntervalSince(e)) < 1 }) != true {
            mismatches.append("\(field): expected \(text) got \(actual.map { "\($0)" } ?? "nil")")
        }
    }

    mutating func count(_ field: String, _ expected: Int, _ actual: Int) {
        checks += 1
        if expected != actual { mismatches.append("\(field) count: expected \(expected) got \(actual)") }
    }

    static func text(_ value: Any?) -> String? {
        if let s = value as? String { return s.isEmpty ? nil : s }
        if let n = value as? NSNumber { return n.stringValue }
        return nil
    }

    static func normalize(_ s: String) -> String {
        s.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
    }

    private static func dicts(_ value: Any?) -> [[String: Any]] {
        if let list = value as? [[String: Any]] { return list }
        if let one = value as? [String: Any] { return [one] }
        return []
    }

    // MARK: gofeed's universal model (translator tests, extensions, universal parser)

    mutating func universal(_ o: [String: Any], _ f: Feed) {
        sameText("title", o["title"], f.title)
        sameText("description", o["description"], f.description)
        same("link", o["link"], f.homePageURL)
        same("feedLink", o["feedLink"], f.feedURL)
        same("language", o["language"], f.language)
        sameText("copyright", o["copyright"], f.rights)
        same("generator", o["generator"], f.generator)
        sameDate("updated", o["updatedParsed"], f.updated)
        if let image = o["image"] as? [String: Any] { same("image.url", image["url"], f.image?.url ?? f.icon ?? f.favicon) }
        authors("authors", o["authors"] ?? o["author"], f.authors)
        if let categories = o["categories"] as? [String] { same("categories", categories.joined(separator: "|"), f.categories.joined(separator: "|")) }
        let items = Self.dicts(o["items"])
        count("items", items.count, f.items.count)
        for (i, (e, a)) in zip(items, f.items).enumerated() {
            let p = "items[\(i)]."
            sameText(p + "title", e["title"], a.title)
            same(p + "description", e["description"], a.summary ?? a.contentHTML ?? a.contentText)
            same(p + "content", e["content"], a.contentHTML ?? a.contentText)
            same(p + "link", e["link"], a.url)
            same(p + "guid", e["guid"], a.id)
            sameDate(p + "published", e["publishedParsed"], a.published)
            sameDate(p + "updated", e["updatedParsed"], a.modified ?? a.published)
            authors(p + "authors", e["authors"] ?? e["author"], a.authors)
            if let categories = e["categories"] as? [String] {
                same(p + "categories", categories.joined(separator: "|"), a.tags.joined(separator: "|"))
            }
            if let image = e["image"] as? [String: Any] { same(p + "image", image["url"], a.image) }
            let enclosures = Self.dicts(e["enclosures"])
            if !enclosures.isEmpty { attachments(p, enclosures, a.attachments) }
        }
    }

    private mutating func authors(_ field: String, _ expected: Any?, _ actual: [Author]) {
        let list = Self.dicts(expected)
        guard !list.isEmpty else { return }
        count(field, list.count, actual.count)
        for (e, a) in zip(list, actual) {
            sameText(field + ".name", e["name"], a.name)
            same(field + ".email", e["email"], a.email)
        }
    }

    private mutating func attachments(_ p: String, _ expected: [[String: Any]], _ actual: [Enclosure]) {
        count(p + "enclosures", expected.count, actual.count)
        for (e, a) in zip(expected, actual) {
            same(p + "enclosure.url", e["url"], a.url)
            same(p + "enclosure.type", e["type"], a.mimeType)
            if let length = Self.text(e["length"]), length != "0" { same(p + "enclosure.length", length, a.sizeInBytes.map { "\($0)" }) }
        }
    }

    // MARK: gofeed's RSS model

    mutating func rss(_ o: [String: Any], _ f: Feed) {
        sameText("title", o["title"], f.title)
        same("link", o["link"], f.homePageURL)
        sameText("description", o["description"], f.description)
        same("language", o["language"], f.language)
        sameText("copyright", o["copyright"], f.rights)
        same("generator", o["generator"], f.generator)
        same("ttl", o["ttl"], f.ttl.map { "\($0)" })
        if let image = o["image"] as? [String: Any] {
            same("image.url", image["url"], f.image?.url)
            sameText("image.title", image["title"], f.image?.title)
            same("image.link", image["link"], f.image?.link)
        }
        let categories = Self.dicts(o["categories"]).compactMap { Self.text($0["value"]) }
        if !categories.isEmpty { same("categories", categories.joined(separator: "|"), f.categories.joined(separator: "|")) }
        let items = Self.dicts(o["items"])
        count("items", items.count, f.items.count)
        for (i, (e, a)) in zip(items, f.items).enumerated() {
            let p = "items[\(i)]."
            sameText(p + "title", e["title"], a.title)
            same(p + "link", e["link"], a.url)
            if e["content"] != nil {
                same(p + "content", e["content"], a.contentHTML)
                same(p + "description", e["description"], a.summary)
            } else {
                same(p + "description", e["description"], a.contentHTML)
            }
            same(p + "comments", e["comments"], a.comments)
            if let guid = e["guid"] as? [String: Any] { same(p + "guid", guid["value"], a.id) }
            let cats = Self.dicts(e["categories"]).compactMap { Self.text($0["value"]) }
            if !cats.isEmpty { same(p + "categories", cats.joined(separator: "|"), a.tags.joined(separator: "|")) }
            let enclosures = Self.dicts(e["enclosures"] ?? e["enclosure"])
            if !enclosures.isEmpty { attachments(p, enclosures, a.attachments) }
            if let source = e["source"] as? [String: Any] {
                same(p + "source.title", source["value"], a.source?.title)
                same(p + "source.url", source["url"], a.source?.url)
            }
            if let author = Self.text(e["author"]), let parsed = AuthorText.parse(author) {
                sameText(p + "author.name", parsed.name, a.authors.first?.name)
                same(p + "author.email", parsed.email, a.authors.first?.email)
            }
        }
    }

    // MARK: gofeed's Atom model

    mutating func atom(_ o: [String: Any], _ f: Feed) {
        sameText("title", o["title"], f.title)
        sameText("subtitle", o["subtitle"], f.description)
        sameText("rights", o["rights"], f.rights)
        same("language", o["language"], f.language)
        same("icon", o["icon"], f.favicon)
        same("logo", o["logo"], f.icon)
        if let generator = o["generator"] as? [String: Any] { same("generator", generator["value"], f.generator) }
        sameDate("updated", o["updatedParsed"], f.updated)
        atomAuthors("authors", o["authors"], f.authors)
        let categories = Self.dicts(o["categories"]).compactMap { Self.text($0["term"]) }
        if !categories.isEmpty { same("categories", categories.joined(separator: "|"), f.categories.joined(separator: "|")) }
        for link in Self.dicts(o["links"]) {
            let rel = Self.text(link["rel"]) ?? "alternate"
            if rel == "self" { same("links.self", link["href"], f.feedURL) }
        }
        if let first = Self.dicts(o["links"]).first(where: { (Self.text($0["rel"]) ?? "alternate") == "alternate" }) {
            same("links.alternate", first["href"], f.homePageURL)
        }
        let entries = Self.dicts(o["entries"])
        count("entries", entries.count, f.items.count)
        for (i, (e, a)) in zip(entries, f.items).enumerated() {
            let p = "entries[\(i)]."
            sameText(p + "title", e["title"], a.title)
            same(p + "id", e["id"], a.id)
            same(p + "summary", e["summary"], a.summary)
            if let content = e["content"] as? [String: Any] { same(p + "content", content["value"], a.contentHTML ?? a.contentText) }
            sameDate(p + "published", e["publishedParsed"], a.published)
            sameDate(p + "updated", e["updatedParsed"], a.modified)
            atomAuthors(p + "authors", e["authors"], a.authors)
            let cats = Self.dicts(e["categories"]).compactMap { Self.text($0["term"]) }
            if !cats.isEmpty { same(p + "categories", cats.joined(separator: "|"), a.tags.joined(separator: "|")) }
            if let first = Self.dicts(e["links"]).first(where: { (Self.text($0["rel"]) ?? "alternate") == "alternate" }) {
                same(p + "links.alternate", first["href"], a.url)
            }
        }
    }

    private mutating func atomAuthors(_ field: String, _ expected: Any?, _ actual: [Author]) {
        let list = Self.dicts(expected)
        guard !list.isEmpty else { return }
        count(field, list.count, actual.count)
        for (e, a) in zip(list, actual) {
            sameText(field + ".name", e["name"], a.name)
            same(field + ".email", e["email"], a.email)
            same(field + ".uri", e["uri"], a.url)
        }
    }

    // MARK: JSON Feed

    mutating func json(_ o: [String: Any], _ f: Feed) {
        same("title", o["title"], f.title)
        same("home_page_url", o["home_page_url"], f.homePageURL)
        same("feed_url", o["feed_url"], f.feedURL)
        same("description", o["description"], f.description)
        same("icon", o["icon"], f.icon)
        same("favicon", o["favicon"], f.favicon)
        same("language", o["language"], f.language)
        let items = Self.dicts(o["items"])
        count("items", items.count, f.items.count)
        for (i, (e, a)) in zip(items, f.items).enumerated() {
            let p = "items[\(i)]."
            same(p + "id", e["id"], a.id)
            same(p + "url", e["url"], a.url)
            same(p + "external_url", e["external_url"], a.externalURL)
            same(p + "title", e["title"], a.title)
            same(p + "content_html", e["content_html"], a.contentHTML)
            same(p + "content_text", e["content_text"], a.contentText)
            same(p + "summary", e["summary"], a.summary)
            sameDate(p + "date_published", e["date_published"], a.published)
            sameDate(p + "date_modified", e["date_modified"], a.modified)
        }
    }
}
