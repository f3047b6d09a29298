import FeedFetch
import FeedStore
import Foundation

/// `tidings downloads run`: downloads every queued entry (and resumes those a killed or stopped run
/// left downloading or a full disk paused), then returns. For cron as for a terminal.
///
/// Files: each entry's name is chosen once (`DownloadFileName`, made unique in the folder and the
/// queue, never one of Tidings' own files) and stored; bytes go to `NAME.part` beside it, which is
/// linked to `NAME` only when whole (link(2) fails rather than replace a file, so an existing file is
/// never overwritten) and then removed. Nothing else is written in the download folder. An entry
/// `downloads cancel` removes meanwhile is stopped (within a second, waiting or running) and its
/// partial file removed: it never lands, and is no failure of the run.
/// Threading: `run` may be called from any task; `progress` and `changed` are called on the run's
/// task. Cancelling that task stops the downloads as a stop signal does (partial files kept).
public struct DownloadRun: Sendable {
    /// What one run did: entries finished, failed (with reasons) and paused.
    public struct Summary: Sendable {
        public var done = 0
        public var failures: [(title: String, reason: String)] = []
        public var paused: [(title: String, reason: String)] = []
        /// Played files deleted beyond an auto-download feed's `keep` (`AutoDownload`).
        public var deleted: [String] = []
    }

    /// A download's progress, for a terminal's status line or the reader's downloads view.
    public struct Progress: Sendable {
        /// The queue entry's id.
        public let id: Int64
        public let title: String
        public let done: Int64
        public let total: Int64?
    }

    private let environment: AppEnvironment
    private let settings: DownloadSettings

    public init(environment: AppEnvironment, settings: DownloadSettings) {
        self.environment = environment
        self.settings = settings
    }

    /// Runs the queue; `changed` is told each time an entry's stored state changed (started, ended).
    public func run(
        progress: (@Sendable (Progress) -> Void)? = nil, changed: (@Sendable () -> Void)? = nil
    ) async throws -> Summary {
        let lockPath = environment.paths.database + ".downloads-lock"
        let lock: RefreshLock
        do {
            lock = try await RefreshLock.acquire(path: lockPath, wait: false)
        } catch RefreshError.locked {
            throw DownloadsError.running(lock: lockPath)
        }
        defer { lock.release() }
        let store = environment.store
        var entries = try store.downloads(in: [.queued, .downloading, .paused])
        guard !entries.isEmpty else {
            var summary = Summary()
            let folder = URL(fileURLWithPath: settings.folder()).standardizedFileURL.path
            summary.deleted = try AutoDownload(environment: environment).prune(folder: folder)
            return summary
        }
        let folder = try prepareFolder()
        var summary = Summary()
        var names = try takenNames(folder)
        for index in entries.indices where entries[index].filePath == nil {
            guard let path = chooseName(for: entries[index], folder: folder, taken: &names) else {
                entries[index].state = .failed
                entries[index].failure = "no safe file name in \(folder)"
                try store.updateDownload(entries[index])
                summary.failures.append((title(entries[index]), entries[index].failure ?? ""))
                continue
            }
            entries[index].filePath = path
            try store.updateDownload(entries[index])
        }
        var byID = Dictionary(uniqueKeysWithValues: entries.filter { $0.filePath != nil && $0.state != .failed }.map { ($0.id, $0) })
        let requests = byID.values.sorted { $0.id < $1.id }.compactMap { entry -> DownloadRequest? in
            guard let path = entry.filePath else { return nil }
            return DownloadRequest(id: entry.id, url: entry.url, partPath: path + ".part", validator: entry.etag ?? entry.lastModified)
        }
        var fetch = environment.fetchConfiguration
        fetch.maxRedirects = max(fetch.maxRedirects, 8)
        let downloader = Downloader(configuration: fetch, limits: DownloadLimits(
            maxConcurrent: settings.maxDownloads, maxPerHost: settings.maxPerHost, stallSeconds: settings.stallSeconds))
        var saved: [Int64: ContinuousClock.Instant] = [:]
        // The entries cancelled meanwhile (gone from the queue), and those ended here.
        var cancelled = Set<Int64>()
        var ended = Set<Int64>()
        var checked = ContinuousClock.now
        func stopCancelled(_ ids: Set<Int64>) {
            guard !ids.isEmpty else { return }
            cancelled.formUnion(ids)
            downloader.cancel(ids: ids)
        }
        try await withTaskCancellationHandler {
            try await StopSignals.cancelling(with: { downloader.cancel() }) {
                for await event in downloader.run(requests) {
                    switch event {
                    case .started(let id, let offset, let total, let etag, let lastModified):
                        guard var entry = byID[id] else { continue }
                        entry.state = .downloading
                        entry.bytesDone = offset
                        entry.bytesTotal = total
                        entry.etag = etag
                        entry.lastModified = lastModified
                        entry.failure = nil
                        byID[id] = entry
                        if try !store.updateDownload(entry) { stopCancelled([id]) }
                        changed?()
                    case .progress(let id, let done, let total):
                        guard var entry = byID[id] else { continue }
                        progress?(Progress(id: id, title: title(entry), done: done, total: total))
                        entry.bytesDone = done
                        entry.bytesTotal = total ?? entry.bytesTotal
                        byID[id] = entry
                        // `tidings downloads` shows how far a running download got, to the second.
                        if ContinuousClock.now - (saved[id] ?? .now - .seconds(2)) >= .seconds(1) {
                            saved[id] = .now
                            if try !store.updateDownload(entry) { stopCancelled([id]) }
                        }
                        // Entries still waiting their turn may have been cancelled too.
                        if ContinuousClock.now - checked >= .seconds(1) {
                            checked = .now
                            let queued = try store.downloadURLs()
                            stopCancelled(Set(byID.values.filter { queued[$0.id] != $0.url }.map(\.id))
                                .subtracting(ended).subtracting(cancelled))
                        }
                    case .finished(let result):
                        guard var entry = byID[result.id] else { continue }
                        ended.insert(result.id)
                        if try cancelled.contains(result.id) || store.download(id: result.id)?.url != entry.url {
                            if let path = entry.filePath { unlink(path + ".part") }
                            changed?()
                            continue
                        }
                        finish(&entry, result, summary: &summary, taken: &names)
                        byID[result.id] = entry
                        try store.updateDownload(entry)
                        changed?()
                    }
                }
            }
        } onCancel: {
            downloader.cancel()
        }
        summary.deleted = try AutoDownload(environment: environment).prune(folder: folder)
        return summary
    }

    /// Records how a download ended, moving a whole file into place.
    private func finish(_ entry: inout StoredDownload, _ result: DownloadResult, summary: inout Summary, taken: inout Set<String>) {
        entry.bytesDone = result.bytes
        entry.bytesTotal = result.total ?? entry.bytesTotal
        guard let path = entry.filePath else { return }
        switch result.error {
        case nil:
            do {
                let placed = try place(part: path + ".part", final: path, taken: &taken)
                entry.filePath = placed
                entry.fileIdentity = PlayedFileRemoval.identity(of: placed)
                entry.state = .done
                entry.failure = nil
                summary.done += 1
            } catch {
                entry.state = .failed
                entry.failure = "cannot move \(path).part into place: \(CommandFailure.systemReason(error))"
                summary.failures.append((title(entry), entry.failure ?? ""))
            }
        case .cancelled?:
            // Stopped by a signal: the next run resumes from the partial file.
            entry.state = .queued
        case .diskFull?:
            entry.state = .paused
            entry.failure = "disk full: \(result.bytes) bytes kept in \(path).part; free space, then run 'tidings downloads run'"
            summary.paused.append((title(entry), entry.failure ?? ""))
        case let error?:
            if !error.keepsPartialFile {
                truncate(path + ".part", 0)
                entry.bytesDone = 0
                entry.etag = nil
                entry.lastModified = nil
            }
            entry.state = .failed
            entry.failure = error.description
            summary.failures.append((title(entry), error.description))
        }
    }

    /// Links the whole partial file to its final name (a numbered one when that is taken: link(2)
    /// never replaces a file), then removes the partial name. Returns the final path.
    private func place(part: String, final: String, taken: inout Set<String>) throws -> String {
        let folder = (final as NSString).deletingLastPathComponent
        let name = (final as NSString).lastPathComponent
        var candidate = final
        var number = 1
        while link(part, candidate) != 0 {
            guard errno == EEXIST, number < 1000 else { throw NSError(domain: NSPOSIXErrorDomain, code: Int(errno)) }
            number += 1
            candidate = folder + "/" + DownloadFileName.numbered(name, number)
        }
        unlink(part)
        taken.insert(((candidate as NSString).lastPathComponent).lowercased())
        return candidate
    }

    /// The download folder, created when missing; it must be a folder.
    private func prepareFolder() throws -> String {
        let folder = settings.folder()
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        } catch {
            throw DownloadsError.folder(path: folder, reason: CommandFailure.systemReason(error))
        }
        return URL(fileURLWithPath: folder).standardizedFileURL.path
    }

    /// The names in use, lower-cased: files in the folder (a partial file's final name included) and
    /// the names already given to queue entries.
    private func takenNames(_ folder: String) throws -> Set<String> {
        var names = Set<String>()
        for name in (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [] {
            names.insert(name.lowercased())
            if name.hasSuffix(".part") { names.insert(String(name.dropLast(5)).lowercased()) }
        }
        for entry in try environment.store.downloads() {
            if let path = entry.filePath { names.insert((path as NSString).lastPathComponent.lowercased()) }
        }
        return names
    }

    /// A free name in `folder` for `entry`, checked against Tidings' own files; nil when none is free.
    private func chooseName(for entry: StoredDownload, folder: String, taken: inout Set<String>) -> String? {
        let base = DownloadFileName.name(for: entry, format: settings.filenameFormat)
        let own = OwnFiles(paths: environment.paths)
        for number in 1...1000 {
            let name = number == 1 ? base : DownloadFileName.numbered(base, number)
            let path = folder + "/" + name
            let lower = name.lowercased()
            guard !taken.contains(lower), !taken.contains(lower + ".part"),
                own.role(of: path) == nil, own.role(of: path + ".part") == nil,
                (path as NSString).deletingLastPathComponent == folder
            else { continue }
            taken.insert(lower)
            return path
        }
        return nil
    }

    private func title(_ entry: StoredDownload) -> String {
        entry.articleTitle ?? entry.url
    }
}
