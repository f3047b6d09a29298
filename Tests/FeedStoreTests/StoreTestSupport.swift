import FeedModel
import FeedStore
import Foundation
import TestSupport
import XCTest

/// A fresh store in its own temporary folder, removed when the test ends.
func makeStore(_ test: XCTestCase, file: StaticString = #filePath, line: UInt = #line) throws -> FeedStore {
    try FeedStore(path: temporaryDatabasePath(test))
}

func temporaryDatabasePath(_ test: XCTestCase) throws -> String {
    try TemporaryFolder.make(test, prefix: "FeedStoreTests") + "/tidings.db"
}

/// An RSS-like feed document with these items.
func document(title: String? = "Example", _ items: [Article]) -> Feed {
    Feed(format: .rss20, title: title, homePageURL: "https://example.org/", items: items)
}

/// An item with a guid, link, title, date (days after 2024-01-01) and HTML content.
func item(
    _ n: Int, guid: String? = nil, url: String? = nil, title: String? = nil, day: Double? = nil,
    content: String? = nil
) -> Article {
    Article(
        id: guid ?? "https://example.org/posts/\(n)", url: url ?? "https://example.org/posts/\(n)",
        title: title ?? "Post number \(n)", contentHTML: content ?? "<p>Body of post \(n)</p>",
        published: Date(timeIntervalSince1970: 1_704_067_200 + (day ?? Double(n)) * 86_400),
        authors: [Author(name: "Author \(n % 3)")])
}

let fetchTime = Date(timeIntervalSince1970: 1_800_000_000)

func fetch(_ date: Date = fetchTime, etag: String? = nil, hash: String? = nil) -> FetchRecord {
    FetchRecord(fetchedAt: date, status: 200, etag: etag, bodyHash: hash)
}

extension FeedStore {
    /// Titles of a list, in order.
    func titles(_ query: ArticleQuery) throws -> [String] {
        try articleSummaries(query, offset: 0, limit: 10_000).map { $0.title ?? "" }
    }
}

/// The sqlite3 command-line program running on `path` (a second, independent client of the file),
/// with pipes to its input and its output (standard output and error together).
struct SQLite3Process {
    let process = Process()
    let input = Pipe()
    let output = Pipe()

    init(path: String) throws {
        process.executableURL = URL(fileURLWithPath: "/usr/bin/sqlite3")
        process.arguments = [path]
        process.standardInput = input
        process.standardOutput = output
        process.standardError = output
        try process.run()
        send(".timeout 5000\n")
    }

    func send(_ text: String) {
        input.fileHandleForWriting.write(Data(text.utf8))
    }
}

/// Runs SQL through sqlite3 and returns its output, trimmed. Fails the test on a non-zero exit status.
@discardableResult
func sqlite3(_ path: String, _ sql: String, file: StaticString = #filePath, line: UInt = #line) throws -> String {
    let child = try SQLite3Process(path: path)
    child.send(sql + "\n")
    try child.input.fileHandleForWriting.close()
    let data = child.output.fileHandleForReading.readDataToEndOfFile()
    child.process.waitUntilExit()
    let text = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    XCTAssertEqual(child.process.terminationStatus, 0, text, file: file, line: line)
    return text
}
