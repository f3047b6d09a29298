import FeedStore
import Foundation

/// The reader's side of the download queue: queues an article's enclosures, runs the queue in the
/// background while the user reads, and cancels or retries entries from the downloads view.
///
/// One `DownloadRun` at a time, in a detached task (its libcurl loop on the `Downloader`'s own
/// thread); it reports through a `DownloadBoard`, which the UI loop reads before it draws
/// (`takeEnd`). Cancelling an entry the run is downloading stops the run (partial files kept) and
/// starts it again for the rest once it has ended; so does queueing while it runs. Quitting stops
/// it: the next run resumes.
/// Main actor only.
@MainActor
public final class ReaderDownloads {
    let store: FeedStore
    let settings: DownloadSettings
    let board: DownloadBoard
    private let commands: DownloadsController
    private let run: DownloadRun
    private var task: Task<Void, Never>?
    /// The run was stopped to drop an entry it was downloading: start it again once it has ended.
    private var restartsWhenEnded = false

    /// - Parameter wake: wakes the reader's loop (`ReaderContext.wake`).
    package init(environment: AppEnvironment, settings: DownloadSettings, wake: @escaping @Sendable () -> Void) {
        store = environment.store
        self.settings = settings
        board = DownloadBoard(wake: wake)
        commands = DownloadsController(environment: environment, settings: settings)
        run = DownloadRun(environment: environment, settings: settings)
    }

    /// True while a run is going on.
    package var isRunning: Bool { task != nil }

    /// Queues the enclosures of the article and starts the run; returns what was queued, as a line.
    func queue(articleID: Int64) throws -> String {
        let line = try commands.queue(articleIDs: [articleID], query: nil)
        start()
        return line
    }

    /// Starts downloading what is queued; when a run is going on, another starts after it for what
    /// was queued meanwhile (a run downloads what was queued when it started).
    package func start() {
        guard task == nil else {
            restartsWhenEnded = true
            return
        }
        let run = self.run
        let board = self.board
        task = Task.detached {
            do {
                let summary = try await run.run(
                    progress: { board.progress(id: $0.id, done: $0.done, total: $0.total) },
                    changed: { board.changed() })
                board.end(Self.describe(summary), isError: !summary.failures.isEmpty || !summary.paused.isEmpty)
            } catch {
                board.end("Downloads stopped: \(CommandFailure(error).message)", isError: true)
            }
        }
    }

    /// The run's last line when it ended since the last look (then another run may start); nil else,
    /// or when it had nothing to say.
    func takeEnd() -> (text: String, isError: Bool)? {
        guard let end = board.takeEnd() else { return nil }
        task = nil
        guard restartsWhenEnded else { return end.text.isEmpty ? nil : end }
        restartsWhenEnded = false
        start()
        return nil
    }

    /// Removes entries from the queue with their partial files (`tidings downloads cancel`); returns
    /// the line to show.
    func cancel(_ entry: StoredDownload) throws -> String {
        let line = try commands.cancel(ids: [entry.id])
        if entry.state == .downloading, let task {
            restartsWhenEnded = true
            task.cancel()
        }
        return line
    }

    /// Queues a failed or paused entry again and starts the run; returns the line to show.
    func retry(_ entry: StoredDownload) throws -> String {
        let line = try commands.retry(ids: [entry.id])
        start()
        return line
    }

    /// Stops the run (the reader quits): partial files stay for the next run to resume.
    package func stop() {
        restartsWhenEnded = false
        task?.cancel()
    }

    /// How a run ended, in one line; empty when it had nothing to do (all cancelled, or none queued).
    nonisolated static func describe(_ summary: DownloadRun.Summary) -> String {
        guard summary.done > 0 || !summary.failures.isEmpty || !summary.paused.isEmpty else { return "" }
        var parts = ["\(summary.done) downloaded"]
        if let failure = summary.failures.first {
            parts.append("\(summary.failures.count) failed (\(ReaderFormat.clean(failure.title)): \(failure.reason))")
        }
        if let paused = summary.paused.first {
            parts.append("\(summary.paused.count) paused (\(paused.reason))")
        }
        return "Downloads: " + parts.joined(separator: ", ")
    }
}
