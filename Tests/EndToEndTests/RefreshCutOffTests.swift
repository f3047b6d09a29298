import Foundation
import TestSupport
import XCTest

/// Only a complete response changes what is stored. A server on 127.0.0.1 sends a known feed cut off
/// (at several points of RSS, Atom and JSON Feed documents, inside a CDATA section, inside an entry,
/// gzip cut short, a body shorter than its Content-Length); the built `tidings refresh` then exits 1,
/// says "incomplete" on its line and in `--json`, adds only the new items that closed before the
/// cut, leaves every stored article byte-identical and the feed's validators unsaved, applies no
/// retention to the feed, and the next whole response is stored as usual.
final class RefreshCutOffTests: FeedServerTestCase {
    private struct Item {
        var guid: String
        var title: String
        var body: String
        /// Minutes after 10:00 on the feed's day: a later item is newer.
        var minute: Int
    }

    private enum Format: String, CaseIterable {
        case rss, atom, json

        var type: String {
            switch self {
            case .rss: "application/rss+xml; charset=utf-8"
            case .atom: "application/atom+xml; charset=utf-8"
            case .json: "application/feed+json; charset=utf-8"
            }
        }

        /// Where the document element (JSON Feed: the top-level object) ends.
        var rootEnd: String {
            switch self {
            case .rss: "</rss>"
            case .atom: "</feed>"
            case .json: "\n}"
            }
        }
    }

    private static func longBody(_ title: String, words: Int = 2_000) -> String {
        var text = "<p>"
        var n = 0
        while text.utf8.count < words {
            text += "Sentence \(n) of \(title), with a comma, a [bracket] and {braces}. "
            n += 1
        }
        return text + "</p>"
    }

    private static func document(_ format: Format, title: String, items: [Item]) -> String {
        let date = { (minute: Int) in String(format: "2026-11-21T10:%02d:00Z", minute) }
        switch format {
        case .rss:
            var text = "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<rss version=\"2.0\"><channel><title>\(title)</title>"
                + "<link>http://127.0.0.1/</link><description>test</description>\n"
            for item in items {
                text += "<item><guid>\(item.guid)</guid><title>\(item.title)</title>"
                    + "<pubDate>Sat, 21 Nov 2026 10:\(String(format: "%02d", item.minute)):00 GMT</pubDate>"
                    + "<description><![CDATA[\(item.body)]]></description></item>\n"
            }
            return text + "</channel></rss>\n"
        case .atom:
            var text = "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<feed xmlns=\"http://www.w3.org/2005/Atom\">"
                + "<title>\(title)</title><id>urn:cut</id><updated>\(date(59))</updated>\n"
            for item in items {
                text += "<entry><id>urn:cut:\(item.guid)</id><title>\(item.title)</title><updated>\(date(item.minute))</updated>"
                    + "<content type=\"xhtml\"><div xmlns=\"http://www.w3.org/1999/xhtml\">\(item.body)</div></content></entry>\n"
            }
            return text + "</feed>\n"
        case .json:
            var entries: [String] = []
            for item in items {
                let body = item.body.replacingOccurrences(of: "\"", with: "\\\"")
                entries.append(
                    "  {\"id\": \"\(item.guid)\", \"title\": \"\(item.title)\", \"date_published\": \"\(date(item.minute))\", "
                        + "\"content_html\": \"\(body)\"}")
            }
            return "{\"version\": \"https://jsonfeed.org/version/1.1\", \"title\": \"\(title)\", \"items\": [\n"
                + entries.joined(separator: ",\n") + "\n]\n}\n"
        }
    }

    private static let first = [
        Item(guid: "a", title: "Alpha", body: longBody("Alpha"), minute: 1),
        Item(guid: "b", title: "Bravo", body: longBody("Bravo"), minute: 2),
        Item(guid: "c", title: "Charlie", body: longBody("Charlie"), minute: 3),
    ]

    /// The next version: a new item first, and Alpha changed (an update, were the document whole).
    private static let second = [Item(guid: "n", title: "November", body: longBody("November"), minute: 9)]
        + [Item(guid: "a", title: "Alpha revised", body: "<p>short</p>", minute: 1)] + first.dropFirst()

    /// The files of one feed's case, in a folder of their own.
    private func arguments(_ name: String) throws -> (folder: String, args: [String]) {
        let sub = folder + "/" + name
        try FileManager.default.createDirectory(atPath: sub, withIntermediateDirectories: true)
        return (sub, ["--feeds", sub + "/feeds.opml", "--db", sub + "/tidings.db", "--config", sub + "/config.toml"])
    }

    private func writeList(_ folder: String, _ feeds: [(url: String, title: String)]) throws {
        try FeedListText.opml(feeds.map { ($0.url, $0.title, nil) })
            .write(toFile: folder + "/feeds.opml", atomically: true, encoding: .utf8)
    }

    /// What must not change: every stored article as `export --format json` writes it (by id, keys
    /// sorted), and the feed's row as SQLite holds it (validators, body hash, title, apply count).
    private struct Stored: Equatable {
        var articles: [String: String]
        var feedRow: String
    }

    private func stored(_ folder: String, _ args: [String]) throws -> Stored {
        let export = try TidingsBinary.run(["export", "--format", "json", "--include-ignored"] + args, folder: folder)
        XCTAssertEqual(export.status, 0, export.stderr)
        let json = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(export.stdout.utf8)) as? [String: Any])
        var articles: [String: String] = [:]
        for case let item as [String: Any] in json["items"] as? [Any] ?? [] {
            let text = try JSONSerialization.data(withJSONObject: item, options: [.sortedKeys])
            articles[item["id"] as? String ?? "?"] = String(decoding: text, as: UTF8.self)
        }
        let row = try sqlite(
            folder + "/tidings.db",
            "SELECT etag, last_modified, body_hash, feed_title, apply_count, last_success_at FROM feeds ORDER BY id")
        return Stored(articles: articles, feedRow: row)
    }

    private func sqlite(_ database: String, _ sql: String) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/sqlite3")
        process.arguments = [database, sql]
        let run = try EndToEndRun.run(process)
        XCTAssertEqual(run.status, 0, run.stderr)
        return run.stdout
    }

    /// Runs `refresh --all --json` on a cut-off response and checks what it reports.
    private func refreshCutOff(
        _ folder: String, _ args: [String], title: String, _ label: String, file: StaticString = #filePath,
        line: UInt = #line
    ) throws -> [String: Any] {
        let run = try TidingsBinary.run(["refresh", "--all", "--json"] + args, folder: folder)
        XCTAssertEqual(run.status, 1, "\(label): \(run.stderr)", file: file, line: line)
        let lines = run.stderr.split(separator: "\n")
        XCTAssertEqual(lines.count, 1, "\(label): \(run.stderr)", file: file, line: line)
        XCTAssertTrue(
            lines.first?.hasPrefix("tidings: \(title): incomplete response: ") == true, "\(label): \(run.stderr)",
            file: file, line: line)
        let summary = try XCTUnwrap(
            try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any], file: file, line: line)
        XCTAssertEqual(summary["incomplete"] as? Int, 1, label, file: file, line: line)
        XCTAssertEqual(summary["failed"] as? Int, 1, label, file: file, line: line)
        let feed = try XCTUnwrap((summary["feeds"] as? [[String: Any]])?.first, file: file, line: line)
        XCTAssertEqual(feed["status"] as? String, "incomplete", label, file: file, line: line)
        XCTAssertEqual(feed["updated"] as? Int, 0, label, file: file, line: line)
        XCTAssertTrue((feed["error"] as? String)?.hasPrefix("incomplete response: ") == true, label, file: file, line: line)
        return feed
    }

    func testCutDocumentsChangeNothingStoredAndAddOnlyTheNewItemsThatClosed() async throws {
        let server = try server
        for format in Format.allCases {
            let key = "cut-\(format)-\(UUID().uuidString.prefix(8))"
            let url = server.url("/m/\(key)")
            let title = "Cut \(format)"
            let (folder, args) = try arguments(format.rawValue)
            try writeList(folder, [(url, title)])
            try await server.set(key, body: Self.document(format, title: title, items: Self.first), type: format.type)
            let whole = try TidingsBinary.run(["refresh", "--all"] + args, folder: folder)
            XCTAssertEqual(whole.status, 0, whole.stderr)
            let before = try stored(folder, args)
            XCTAssertEqual(before.articles.count, 3, "\(format)")

            let next = Self.document(format, title: title, items: Self.second)
            let bytes = Array(next.utf8)
            let newBody = try XCTUnwrap(next.range(of: "Sentence 3 of November")).lowerBound
            let revisedBody = try XCTUnwrap(next.range(of: "short")).lowerBound
            let rootEnd = try XCTUnwrap(next.range(of: format.rootEnd, options: .backwards)).lowerBound
            // Inside the new item (nothing closed), inside Alpha's body (a CDATA section in RSS, the
            // XHTML of an Atom entry) once the new item closed, and just before the root's end (every
            // item closed, the document not).
            let cuts: [(at: Int, newAdded: Bool)] = [
                (next.utf8.distance(from: next.startIndex, to: newBody), false),
                (next.utf8.distance(from: next.startIndex, to: revisedBody) + 3, true),
                (next.utf8.distance(from: next.startIndex, to: rootEnd), true),
            ]
            for (cut, newAdded) in cuts {
                let label = "\(format) cut at \(cut) of \(bytes.count)"
                try await server.set(key, body: String(decoding: bytes[..<cut], as: UTF8.self), type: format.type)
                let feed = try refreshCutOff(folder, args, title: title, label)
                XCTAssertEqual(feed["new"] as? Int, newAdded && cut == cuts[1].at ? 1 : 0, label)
                let after = try stored(folder, args)
                XCTAssertEqual(after.feedRow, before.feedRow, "\(label): validators, body hash and title kept")
                for (id, text) in before.articles {
                    XCTAssertEqual(after.articles[id], text, "\(label): article \(id) byte-identical")
                }
                let added = Set(after.articles.keys).subtracting(before.articles.keys)
                XCTAssertEqual(added.count, newAdded ? 1 : 0, "\(label): \(added)")
            }

            // The whole document is then fetched and stored as usual: Alpha revised, November once.
            try await server.set(key, body: next, type: format.type)
            let repaired = try TidingsBinary.run(["refresh", "--all", "--json"] + args, folder: folder)
            XCTAssertEqual(repaired.status, 0, repaired.stderr)
            let after = try stored(folder, args)
            XCTAssertEqual(after.articles.count, 4, "\(format)")
            XCTAssertTrue(after.articles.values.contains { $0.contains("Alpha revised") }, "\(format)")
            XCTAssertNotEqual(after.feedRow, before.feedRow, "\(format): the whole response's validators are saved")
        }
    }

    func testGzipCutShortAndBodiesShorterThanTheirContentLengthAreIncomplete() async throws {
        let server = try server
        let key = "cutgz-\(UUID().uuidString.prefix(8))"
        let url = server.url("/m/\(key)")
        let title = "Cut gzip"
        let (folder, args) = try arguments("gzip")
        try writeList(folder, [(url, title)])
        try await server.set(key, body: Self.document(.rss, title: title, items: Self.first))
        XCTAssertEqual(try TidingsBinary.run(["refresh", "--all"] + args, folder: folder).status, 0)
        let before = try stored(folder, args)
        let next = Self.document(.rss, title: title, items: Self.second)
        let afterNew = next.utf8.distance(
            from: next.startIndex, to: try XCTUnwrap(next.range(of: "short")).lowerBound)

        // (coding, bytes kept (negative: from the end), bytes announced beyond those sent, new item added)
        let cases: [(coding: String?, cut: Int?, extra: Int, newAdded: Bool)] = [
            ("gzip", -30, 0, false),  // the stream cut short, Content-Length matching
            ("gzip", -30, 200, false),  // the same, Content-Length larger than sent
            ("gzip", nil, 200, false),  // the whole stream, Content-Length larger than sent
            (nil, afterNew, 500, true),  // a plain body cut after the new item, Content-Length larger
            (nil, nil, 40, true),  // the whole document, Content-Length larger: still not trusted
        ]
        var added = 0
        for (coding, cut, extra, newAdded) in cases {
            let label = "coding \(coding ?? "none"), cut \(cut.map(String.init) ?? "none"), extra \(extra)"
            try await server.set(key, body: next, coding: coding, cut: cut, extra: extra)
            let feed = try refreshCutOff(folder, args, title: title, label)
            let error = feed["error"] as? String ?? ""
            if coding != nil, extra == 0 {
                XCTAssertTrue(error.contains("gzip"), "\(label): \(error)")
            } else {
                XCTAssertTrue(error.contains("connection closed before the whole body arrived"), "\(label): \(error)")
            }
            let after = try stored(folder, args)
            XCTAssertEqual(after.feedRow, before.feedRow, label)
            for (id, text) in before.articles {
                XCTAssertEqual(after.articles[id], text, "\(label): article \(id) byte-identical")
            }
            if newAdded, added == 0 {
                XCTAssertEqual(feed["new"] as? Int, 1, label)
                added = 1
            } else {
                XCTAssertEqual(feed["new"] as? Int, 0, label)
            }
            XCTAssertEqual(after.articles.count, 3 + added, label)
        }
        try await server.set(key, body: next, coding: "gzip")
        let whole = try TidingsBinary.run(["refresh", "--all"] + args, folder: folder)
        XCTAssertEqual(whole.status, 0, whole.stderr)
        XCTAssertTrue(try stored(folder, args).articles.values.contains { $0.contains("Alpha revised") })
    }

    /// Retention runs after a refresh that stored a whole document, over every feed but the one whose
    /// response was cut off: an old read article there, which a new item would push past the limit,
    /// stays; in the feed stored whole, the same article goes.
    func testRetentionLeavesAFeedWhoseResponseWasCutOffAlone() async throws {
        let server = try server
        let id = UUID().uuidString.prefix(8)
        let (folder, args) = try arguments("retention")
        try "[retention]\nmax_articles_per_feed = 3\n".write(toFile: folder + "/config.toml", atomically: true, encoding: .utf8)
        let feeds = [("cut", "Cut feed"), ("whole", "Whole feed")]
        try writeList(folder, feeds.map { (server.url("/m/ret-\($0.0)-\(id)"), $0.1) })
        let old = Item(guid: "o", title: "Old", body: "<p>old</p>", minute: 0)
        let versions = [[old, Self.first[0]], Array(Self.first.prefix(2))]
        for version in versions {
            for (name, title) in feeds {
                try await server.set("ret-\(name)-\(id)", body: Self.document(.rss, title: title, items: version))
            }
            let run = try TidingsBinary.run(["refresh", "--all"] + args, folder: folder)
            XCTAssertEqual(run.status, 0, run.stderr)
        }
        // Old is no longer in either feed's document; read, it is kept only while within the limit.
        let marked = try TidingsBinary.run(["export", "--mark-read"] + args, folder: folder)
        XCTAssertEqual(marked.status, 0, marked.stderr)
        let next = Self.document(.rss, title: "Cut feed", items: Self.second)
        let cut = next.utf8.distance(from: next.startIndex, to: try XCTUnwrap(next.range(of: "</channel>")).lowerBound)
        try await server.set("ret-cut-\(id)", body: next, cut: cut)
        try await server.set("ret-whole-\(id)", body: Self.document(.rss, title: "Whole feed", items: Self.second))
        let run = try TidingsBinary.run(["refresh", "--all", "--json"] + args, folder: folder)
        XCTAssertEqual(run.status, 1, run.stderr)
        let titles = try sqlite(
            folder + "/tidings.db",
            "SELECT f.feed_title || ':' || a.title FROM articles a JOIN feeds f ON f.id = a.feed_id ORDER BY 1")
        let kept = Set(titles.split(separator: "\n").map(String.init))
        XCTAssertTrue(kept.contains("Cut feed:Old"), titles)
        XCTAssertTrue(kept.contains("Cut feed:November"), titles)
        XCTAssertFalse(kept.contains("Whole feed:Old"), titles)
    }

    /// `parse` of a cut-off file still writes the feed (exit 0, as for any recovered document), marks
    /// it `"complete": false` and says on standard error that it is incomplete.
    func testParseOfACutOffFileSaysItIsIncomplete() throws {
        let next = Self.document(.atom, title: "Parse", items: Self.second)
        let path = folder + "/cut.xml"
        let cut = next.utf8.distance(from: next.startIndex, to: try XCTUnwrap(next.range(of: "short")).lowerBound)
        try Data(next.utf8.prefix(cut)).write(to: URL(fileURLWithPath: path))
        let run = try TidingsBinary.run(["parse", path], folder: folder)
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertEqual(
            run.stderr,
            "tidings: \(path): incomplete: its root element (JSON: top-level object) never closes (cut off?); "
                + "only the items that closed before its end were written\n")
        let json = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        XCTAssertEqual((json["_tidings"] as? [String: Any])?["complete"] as? Bool, false)
        XCTAssertEqual((json["items"] as? [[String: Any]])?.compactMap { $0["title"] as? String }, ["November"])

        try Data(next.utf8).write(to: URL(fileURLWithPath: path))
        let whole = try TidingsBinary.run(["parse", path], folder: folder)
        XCTAssertEqual(whole.status, 0, whole.stderr)
        XCTAssertEqual(whole.stderr, "")
    }
}
