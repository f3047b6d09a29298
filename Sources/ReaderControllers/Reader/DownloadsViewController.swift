import FeedStore
import Foundation
import TerminalView

/// The downloads view (`P`): one row per queue entry (id, state, a progress bar, bytes, title) and,
/// in the status line, the bytes of the whole queue and the speed of the downloads running. The rows
/// are read from the store when an entry's state changed and the bytes of running downloads from the
/// `DownloadBoard`, as the loop draws. `d` downloads the selected entry (again, for a failed or
/// paused one), `D` cancels it (asks first; its partial file is deleted, never a finished file), `m`
/// plays it, `o`/`O` open its URL, `y` copies it. Main actor only.
@MainActor
final class DownloadsViewController: ViewController {
    weak var navigationController: NavigationController?
    let context: ReaderContext
    let tableView: TableView
    var tableState = TableState()
    private(set) var entries: [StoredDownload] = []
    /// The board's version the rows were read at.
    private var readAtVersion: Int?

    /// Cells of the progress bar between its brackets.
    static let barWidth = 16

    init(context: ReaderContext) {
        self.context = context
        tableView = TableView(columns: [
            TableColumn("#", width: .fixed(4), alignment: .right),
            TableColumn("State", width: .fixed(11)),
            TableColumn("Progress", width: .fixed(Self.barWidth + 7)),
            TableColumn("MB", width: .fixed(15), alignment: .right),
            TableColumn("Title", width: .flexible(min: 10, weight: 1)),
        ])
        tableView.headerStyle = context.config.theme.header
        tableView.selectionStyle = context.config.theme.selection
        let download = context.config.keys.keys(for: .download).first?.name ?? "the download key"
        tableView.emptyMessage = "No downloads. \(download) on an article with an enclosure queues it."
        tableView.dataSource = self
        reload()
    }

    var title: String { "Downloads" }

    /// The total and speed line: entries, bytes of the whole queue, and the speed of running downloads.
    var status: String {
        let live = context.downloads?.board.live ?? [:]
        var done: Int64 = 0
        var total: Int64 = 0
        var speed = 0.0
        var running = 0
        for entry in entries {
            let bytes = progress(of: entry, live: live)
            done += bytes.done
            total += bytes.total ?? bytes.done
            if entry.state == .downloading {
                running += 1
                speed += live[entry.id]?.bytesPerSecond ?? 0
            }
        }
        let count = "\(entries.count) \(entries.count == 1 ? "entry" : "entries")"
        let rate = running > 0 ? ", \(running) running at \(Self.megabytes(Int64(speed))) MB/s" : ""
        return "\(count): \(Self.megabytes(done)) of \(Self.megabytes(total)) MB\(rate)"
    }

    func draw(into buffer: inout ScreenBuffer, frame: Rect) {
        if let board = context.downloads?.board, board.version != readAtVersion { reload() }
        tableView.draw(into: &buffer, frame: frame, state: &tableState)
    }

    func perform(_ command: ReaderCommand, count: Int?) -> Bool {
        switch command {
        case .up, .down, .pageUp, .pageDown, .top, .bottom:
            if let action = command.tableAction { tableView.perform(action, state: &tableState) }
        case .download:
            guard let entry = selected else { return true }
            retry(entry)
        case .unsubscribe:
            guard let entry = selected else { return true }
            askToCancel(entry)
        case .play, .open:
            guard let entry = selected else { return true }
            EnclosureCommands(context: context).play(url: entry.url, articleID: entry.articleID)
            reload()
        case .openInBrowser, .openEnclosure:
            if let entry = selected { context.actions?.openInBrowser(entry.url) }
        case .copyURL:
            if let entry = selected { context.actions?.copyToClipboard(entry.url) }
        default:
            return false
        }
        return true
    }

    func handle(_ event: InputEvent) -> Bool {
        tableView.handle(event, state: &tableState)
    }

    func storeDidChange() {
        reload()
    }

    /// Reads the queue again, keeping the selected entry selected.
    func reload() {
        let selectedID = selected?.id
        readAtVersion = context.downloads?.board.version
        entries = context.attempt { try context.store.downloads() } ?? entries
        if let selectedID, let index = entries.firstIndex(where: { $0.id == selectedID }) {
            tableState.selectedRow = index
        }
        tableView.clamp(&tableState)
    }

    private var selected: StoredDownload? {
        tableState.selectedRow < entries.count ? entries[tableState.selectedRow] : nil
    }

    private func retry(_ entry: StoredDownload) {
        guard let downloads = context.downloads else {
            context.actions?.showMessage("Downloads are not available here.", isError: true)
            return
        }
        switch entry.state {
        case .done:
            context.actions?.showMessage("Already downloaded: \(ReaderFormat.clean(entry.filePath))", isError: false)
        case .failed, .paused:
            do {
                context.actions?.showMessage(try downloads.retry(entry), isError: false)
            } catch {
                context.report(error)
            }
        case .queued, .downloading:
            downloads.start()
            context.actions?.showMessage("Downloading in the background.", isError: false)
        }
        reload()
    }

    private func askToCancel(_ entry: StoredDownload) {
        guard let downloads = context.downloads else {
            context.actions?.showMessage("Downloads are not available here.", isError: true)
            return
        }
        let name = ReaderFormat.clean(entry.articleTitle ?? entry.url).prefix(50)
        let what = entry.state == .done ? "its file stays" : "its partial file is deleted"
        context.actions?.ask("Remove \"\(name)\" from the downloads (\(what))?") { [weak self] yes in
            guard yes, let self else { return }
            do {
                self.context.actions?.showMessage(try downloads.cancel(entry), isError: false)
            } catch {
                self.context.report(error)
            }
            self.reload()
        }
    }

    /// Bytes done and total of `entry`: the running download's latest report, else the stored ones.
    private func progress(of entry: StoredDownload, live: [Int64: DownloadBoard.Live]) -> (done: Int64, total: Int64?) {
        if entry.state == .downloading, let now = live[entry.id] { return (now.done, now.total ?? entry.bytesTotal) }
        return (entry.bytesDone, entry.bytesTotal)
    }

    /// `[########--------]  50%`, or the bar without a fill when the size is unknown.
    static func bar(done: Int64, total: Int64?) -> String {
        guard let total, total > 0 else { return "[" + String(repeating: " ", count: barWidth) + "]    ?" }
        let fraction = min(1, max(0, Double(done) / Double(total)))
        let filled = Int((fraction * Double(barWidth)).rounded(.down))
        let percent = String(Int((fraction * 100).rounded(.down)))
        return "[" + String(repeating: "#", count: filled) + String(repeating: "-", count: barWidth - filled) + "] "
            + String(repeating: " ", count: max(0, 3 - percent.count)) + percent + "%"
    }

    /// Bytes as megabytes with one decimal: `12.3`.
    static func megabytes(_ bytes: Int64) -> String {
        String(format: "%.1f", Double(bytes) / 1_000_000)
    }
}

extension DownloadsViewController: TableViewDataSource {
    func numberOfRows(in tableView: TableView) -> Int { entries.count }

    func tableView(_ tableView: TableView, rowAt index: Int) -> TableRow {
        let entry = entries[index]
        let bytes = progress(of: entry, live: context.downloads?.board.live ?? [:])
        let state = entry.state == .done && entry.playedAt != nil ? "done,played" : entry.state.rawValue
        let size = Self.megabytes(bytes.done) + (bytes.total.map { "/" + Self.megabytes($0) } ?? "")
        var title = ReaderFormat.clean(entry.articleTitle ?? entry.url)
        if let failure = entry.failure, entry.state == .failed || entry.state == .paused {
            title += ": " + ReaderFormat.clean(failure)
        }
        let theme = context.config.theme
        return TableRow(
            cells: ["\(entry.id)", state, Self.bar(done: bytes.done, total: bytes.total), size, title],
            style: entry.state == .failed ? theme.error : .plain)
    }
}
