import FeedStore
import Foundation
import ReaderControllers

/// The downloads `tidings-bench reader --downloads-from URL` runs while it times keys: `count` copies
/// of the file at URL (a loopback server's, paced with nginx's `limit_rate` so that they last the
/// whole run), queued afresh and downloaded by the reader's own background run, as `d` starts it.
@MainActor
struct ReaderDownloadLoad {
    let downloads: ReaderDownloads
    let store: FeedStore
    let folder: String

    /// Queues the copies in the database at `database` and starts the reader's download run.
    init(url: String, count: Int, database: String, application: ReaderApplication) throws {
        folder = database + "-downloads"
        try? FileManager.default.removeItem(atPath: folder)
        let environment = try AppEnvironment(paths: TidingsPaths(
            feedList: folder + "/none.opml", database: database, config: folder + "/none.toml"))
        store = environment.store
        try store.removeDownloads(ids: try store.downloads().map(\.id))
        _ = try store.queueDownloads((0..<count).map { index in
            NewDownload(
                articleID: nil, url: url + (url.contains("?") ? "&" : "?") + "copy=\(index)",
                articleTitle: "bench copy \(index)", feedTitle: "bench", published: nil, mimeType: nil)
        })
        var settings = DownloadSettings()
        settings.path = folder
        settings.maxDownloads = count
        settings.maxPerHost = count
        downloads = ReaderDownloads(environment: environment, settings: settings, wake: application.context.wake)
        application.context.downloads = downloads
        downloads.start()
    }

    /// Stops the run and prints how many megabytes arrived and whether it was still going.
    func finish() throws {
        let running = downloads.isRunning
        downloads.stop()
        let bytes = try store.downloads().reduce(Int64(0)) { $0 + $1.bytesDone }
        print(String(format: "downloads_while_keys: %.1f MB stored, still running at the end: %@",
                     Double(bytes) / 1_000_000, running ? "yes" : "no"))
        try? FileManager.default.removeItem(atPath: folder)
    }
}
