import FeedExport
import FeedModel
import FeedStore
import Foundation
import ReaderControllers
import TestSupport
import XCTest

/// `--new` states, `--mark-read`, atomic output, failed writes and the selection options.
final class ExportStateTests: XCTestCase {
    private func fixture(articles: Int = 6) throws -> (ExportFixture, Int64) {
        let fixture = try ExportFixture(self)
        let id = try fixture.addFeed(
            "https://a.example.org/feed", title: "Alpha", tags: ["news"],
            items: (1...articles).map { exportArticle($0) })
        return (fixture, id)
    }

    func testNewTwiceExportsNothingTheSecondTime() throws {
        let (fixture, feedID) = try fixture()
        let first = try fixture.export(ExportOptions(format: .text, onlyNew: true))
        XCTAssertEqual(first.0.exported, 6)
        XCTAssertEqual(String(decoding: first.1, as: UTF8.self).split(separator: "\n").count, 6)
        let second = try fixture.export(ExportOptions(format: .text, onlyNew: true))
        XCTAssertEqual(second.0.exported, 0)
        XCTAssertEqual(second.1, [], "text output is empty when nothing is new")
        try fixture.apply(feedID, items: (1...8).map { exportArticle($0) })
        let third = try fixture.exportText(ExportOptions(format: .text, onlyNew: true))
        XCTAssertEqual(third.split(separator: "\n").map { $0.split(separator: "\t")[2] }, ["Post number 8", "Post number 7"])
        let states = try fixture.store.exportStates()
        XCTAssertEqual(states.map(\.name), ["default"])
        XCTAssertEqual(states.first?.exportedCount, 8)
        XCTAssertEqual(try fixture.store.counts().unread, 8, "without --mark-read nothing is marked")
    }

    func testMarkReadGoesWithTheState() throws {
        let (fixture, _) = try fixture()
        let summary = try fixture.export(ExportOptions(format: .csv, onlyNew: true, stateName: "mail", markRead: true)).0
        XCTAssertEqual(summary.exported, 6)
        XCTAssertEqual(try fixture.store.counts().unread, 0)
        XCTAssertEqual(try fixture.store.exportStates().map(\.name), ["mail"])
        let plain = try ExportFixture(self)
        try plain.addFeed("https://p.example.org/", title: "P", items: (1...3).map { exportArticle($0) })
        _ = try plain.export(ExportOptions(format: .text, limit: 2, markRead: true))
        XCTAssertEqual(try plain.store.counts().unread, 1, "--mark-read without --new marks what was exported")
        XCTAssertEqual(try plain.store.exportStates(), [])
    }

    func testFailedWriteExportsNothingAndAdvancesNoState() throws {
        let (fixture, _) = try fixture()
        var options = ExportOptions(format: .html, onlyNew: true, markRead: true)
        // A folder that cannot exist (its parent is a regular file).
        let blocker = fixture.path("file")
        try Data("x".utf8).write(to: URL(fileURLWithPath: blocker))
        options.outputPath = blocker + "/out.html"
        XCTAssertThrowsError(try fixture.controller.run(options)) { error in
            guard case .cannotCreate? = error as? ExportError else { return XCTFail("\(error)") }
            XCTAssertEqual((error as? ExportError)?.exitStatus, .cannotCreate)
        }
        // A full disk: /dev/full accepts the open and fails every write with ENOSPC.
        if FileManager.default.fileExists(atPath: "/dev/full") {
            options.outputPath = "/dev/full"
            XCTAssertThrowsError(try fixture.controller.run(options)) { error in
                guard case .writeFailed(_, let reason)? = error as? ExportError else { return XCTFail("\(error)") }
                XCTAssertTrue(reason.lowercased().contains("space"), reason)
                XCTAssertEqual((error as? ExportError)?.exitStatus, .ioError)
            }
        }
        XCTAssertEqual(try fixture.store.exportStates(), [], "no state was created")
        XCTAssertEqual(try fixture.store.counts().unread, 6, "nothing was marked read")
        XCTAssertEqual(try fixture.export(ExportOptions(format: .text, onlyNew: true)).0.exported, 6)
    }

    func testOutputReplacesTheFileAtomicallyAndKeepsItsMode() throws {
        let (fixture, _) = try fixture()
        let target = fixture.path("page.html")
        try Data("old page".utf8).write(to: URL(fileURLWithPath: target))
        chmod(target, 0o640)
        _ = try fixture.export(ExportOptions(format: .html), file: "page.html")
        let page = try String(contentsOfFile: target, encoding: .utf8)
        XCTAssertTrue(page.hasPrefix("<!DOCTYPE html>"))
        XCTAssertTrue(page.hasSuffix("</html>\n"))
        let attributes = try FileManager.default.attributesOfItem(atPath: target)
        XCTAssertEqual((attributes[.posixPermissions] as? NSNumber)?.intValue, 0o640)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: fixture.folder.path)
            .filter { $0.hasSuffix(".tmp") }
        XCTAssertEqual(leftovers, [])
        // A failed template leaves the old file untouched.
        try Data("kept".utf8).write(to: URL(fileURLWithPath: target))
        let bad = fixture.path("bad.mustache")
        try "{{#a}}".write(toFile: bad, atomically: true, encoding: .utf8)
        XCTAssertThrowsError(try fixture.export(ExportOptions(templatePath: bad), file: "page.html"))
        XCTAssertEqual(try String(contentsOfFile: target, encoding: .utf8), "kept")
    }

    func testConcurrentExportsWithDifferentStatesDoNotDisturbEachOther() throws {
        let (fixture, feedID) = try fixture(articles: 40)
        let names = ["cron-a", "cron-b", "cron-c", "cron-d"]
        let results = ConcurrentResults(count: names.count)
        DispatchQueue.concurrentPerform(iterations: names.count) { i in
            do {
                let (summary, _) = try fixture.export(
                    ExportOptions(format: .json, onlyNew: true, stateName: names[i]), file: "out-\(i)")
                results.set(i, summary.exported)
            } catch {
                results.set(i, -1)
            }
        }
        XCTAssertEqual(results.values, [40, 40, 40, 40])
        try fixture.apply(feedID, items: (1...45).map { exportArticle($0) })
        XCTAssertEqual(try fixture.export(ExportOptions(onlyNew: true, stateName: "cron-a")).0.exported, 5)
        XCTAssertEqual(try fixture.export(ExportOptions(onlyNew: true, stateName: "cron-a")).0.exported, 0)
        XCTAssertEqual(try fixture.export(ExportOptions(onlyNew: true, stateName: "cron-b")).0.exported, 5)
        XCTAssertEqual(try fixture.export(ExportOptions(onlyNew: true, stateName: "fresh")).0.exported, 45)
        XCTAssertEqual(try fixture.store.exportStates().map(\.exportedCount), [45, 45, 40, 40, 45])
    }

    func testSelectionOptions() throws {
        let fixture = try ExportFixture(self)
        try fixture.addFeed("https://a.example.org/feed", title: "Alpha", tags: ["news"],
                            items: (1...4).map { exportArticle($0, hours: Double($0) * 24) })
        let beta = try fixture.addFeed("https://b.example.org/feed", title: "Beta", tags: ["science"],
                                       items: [exportArticle(10, title: "Telescope news", hours: 200)])
        func titles(_ options: ExportOptions) throws -> [String] {
            try fixture.exportText(options).split(separator: "\n").map { String($0.split(separator: "\t")[2]) }
        }
        XCTAssertEqual(try titles(ExportOptions(feeds: ["beta"])), ["Telescope news"])
        XCTAssertEqual(try titles(ExportOptions(feeds: ["https://b.example.org/feed"])), ["Telescope news"])
        XCTAssertEqual(try titles(ExportOptions(tags: ["news"])).count, 4)
        XCTAssertEqual(try titles(ExportOptions(search: "telescope")), ["Telescope news"])
        XCTAssertEqual(try titles(ExportOptions(limit: 2)), ["Telescope news", "Post number 4"])
        XCTAssertEqual(try titles(ExportOptions(sort: .feed)).first, "Post number 4")
        let since = Date(timeIntervalSince1970: 1_793_491_200 + 72 * 3600)
        XCTAssertEqual(try titles(ExportOptions(since: since)), ["Telescope news", "Post number 4", "Post number 3"])
        var one: [Int64] = []
        try fixture.store.forEachArticle(matching: .feed(beta)) { one.append($0.id) }
        try fixture.store.setStarred(true, articleIDs: one)
        try fixture.store.setRead(true, articleIDs: one)
        XCTAssertEqual(try titles(ExportOptions(starredOnly: true)), ["Telescope news"])
        XCTAssertEqual(try titles(ExportOptions(unreadOnly: true)).count, 4)
        XCTAssertThrowsError(try fixture.export(ExportOptions(feeds: ["Gamma"]))) { error in
            XCTAssertEqual(error as? ExportError, .unknownFeed("Gamma"))
            XCTAssertEqual((error as? ExportError)?.exitStatus, .usage)
        }
    }

    func testSinceTakesDurationsAndDates() {
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        XCTAssertEqual(ExportSince.parse("90m", now: now), now.addingTimeInterval(-5400))
        XCTAssertEqual(ExportSince.parse("1d12h", now: now), now.addingTimeInterval(-129_600))
        XCTAssertEqual(ExportSince.parse("2w", now: now), now.addingTimeInterval(-1_209_600))
        XCTAssertEqual(ExportSince.parse("2026-11-01T00:00:00Z", now: now), Date(timeIntervalSince1970: 1_793_491_200))
        XCTAssertNotNil(ExportSince.parse("2026-11-01", now: now))
        for bad in ["", "12", "h", "3x", "yesterday-ish", "1d 2h"] {
            XCTAssertNil(ExportSince.parse(bad, now: now), bad)
        }
    }

    func testCountsAsTextAndJSON() throws {
        let (fixture, feedID) = try fixture()
        // Beta's post has a link of its own: a copy of Alpha's (same link) would be counted once.
        try fixture.addFeed(
            "https://b.example.org/feed", title: "Beta", items: [exportArticle(1, url: "https://b.example.org/posts/1")])
        let controller = CountController(environment: fixture.environment)
        XCTAssertEqual(try controller.run(unreadOnly: true, format: .text), "7 unread articles in 2 feeds\n")
        var ids: [Int64] = []
        try fixture.store.forEachArticle(matching: .feed(feedID)) { ids.append($0.id) }
        try fixture.store.setRead(true, articleIDs: ids)
        try fixture.store.setStarred(true, articleIDs: [ids[0]])
        XCTAssertEqual(try controller.run(unreadOnly: true, format: .text), "1 unread article in 1 feed\n")
        XCTAssertEqual(try controller.run(unreadOnly: false, format: .text), "7 articles in 2 feeds (1 unread, 1 starred)\n")
        XCTAssertEqual(try controller.run(unreadOnly: true, format: .json), "{\"unread\":1,\"feeds_with_unread\":1}\n")
        let json = try controller.run(unreadOnly: false, format: .json)
        let object = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Int])
        XCTAssertEqual(object, ["articles": 7, "unread": 1, "starred": 1, "feeds": 2, "feeds_with_unread": 1])
    }
}

/// Results written from several threads at once.
private final class ConcurrentResults: @unchecked Sendable {
    private let lock = NSLock()
    private var storage: [Int]

    init(count: Int) { storage = Array(repeating: 0, count: count) }

    func set(_ index: Int, _ value: Int) {
        lock.lock()
        storage[index] = value
        lock.unlock()
    }

    var values: [Int] {
        lock.lock()
        defer { lock.unlock() }
        return storage
    }
}
