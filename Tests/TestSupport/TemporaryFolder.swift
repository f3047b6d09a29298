import Foundation
import XCTest

/// A fresh folder under the system's temporary folder, for one test's files.
public enum TemporaryFolder {
    /// Creates `TMP/PREFIX-UUID` and removes it, with everything in it, when `test` ends.
    public static func make(_ test: XCTestCase, prefix: String) throws -> String {
        let path = create(prefix: prefix)
        test.addTeardownBlock { try? FileManager.default.removeItem(atPath: path) }
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    /// A new path `TMP/PREFIX-UUID`, not created yet; the caller removes it.
    public static func create(prefix: String) -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("\(prefix)-\(UUID().uuidString)").path
    }
}

/// The files one run of Tidings works on inside a test folder: feed list, database, config.
public struct TestFiles: Sendable {
    public let folder: String
    public var feedList: String { folder + "/feeds.opml" }
    public var database: String { folder + "/tidings.db" }
    public var config: String { folder + "/config.toml" }
    public var refreshLock: String { database + ".refresh-lock" }
    /// `--feeds`, `--db` and `--config` naming these files.
    public var arguments: [String] { ["--feeds", feedList, "--db", database, "--config", config] }

    public init(folder: String) {
        self.folder = folder
    }
}
