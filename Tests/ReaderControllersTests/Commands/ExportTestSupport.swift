import FeedExport
import FeedModel
import FeedStore
import Foundation
import ReaderControllers
import TestSupport
import XCTest

/// A store of its own in a temporary folder (removed when the test ends), with the environment and
/// export controller over it.
struct ExportFixture: SampleFeedStoring {
    let folder: URL
    let environment: AppEnvironment
    var store: FeedStore { environment.store }
    var controller: ExportController { ExportController(environment: environment) }

    init(_ test: XCTestCase) throws {
        folder = URL(fileURLWithPath: try TemporaryFolder.make(test, prefix: "ExportTests"), isDirectory: true)
        environment = try AppEnvironment(paths: TidingsPaths(
            feedList: folder.appendingPathComponent("feeds.opml").path,
            database: folder.appendingPathComponent("tidings.db").path,
            config: folder.appendingPathComponent("config.toml").path))
    }

    func path(_ name: String) -> String {
        folder.appendingPathComponent(name).path
    }

    /// Runs an export to a file in the folder and returns the summary and the file's bytes.
    func export(_ options: ExportOptions, file: String = "out") throws -> (ExportSummary, [UInt8]) {
        var options = options
        options.outputPath = path(file)
        let summary = try controller.run(options, now: exportNow)
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path(file))))
        return (summary, bytes)
    }

    func exportText(_ options: ExportOptions, file: String = "out") throws -> String {
        String(decoding: try export(options, file: file).1, as: UTF8.self)
    }
}
