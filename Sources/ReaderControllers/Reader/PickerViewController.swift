import FeedModel
import FeedStore
import TerminalView

/// A list to choose one row from, pushed over another screen: the tags for `t`, or the feeds a web
/// page links to for `a`. Choosing a row calls `choose` with its index; going back chooses nothing.
/// Main actor only.
@MainActor
final class PickerViewController: ViewController {
    weak var navigationController: NavigationController?
    let title: String
    let status: String
    let tableView: TableView
    var tableState = TableState()
    let rows: [TableRow]
    private let choose: (Int) -> Void

    init(
        context: ReaderContext, title: String, status: String, columns: [TableColumn], rows: [TableRow],
        selectedRow: Int = 0, choose: @escaping (Int) -> Void
    ) {
        self.title = title
        self.status = status
        self.rows = rows
        self.choose = choose
        tableView = TableView(columns: columns)
        tableView.headerStyle = context.config.theme.header
        tableView.selectionStyle = context.config.theme.selection
        tableState.selectedRow = selectedRow
        tableView.dataSource = self
        tableView.delegate = self
    }

    /// The tags ("All feeds" first, then each with its feed and unread counts), the current one
    /// selected; `choose` gets the tag chosen, nil for every feed.
    static func tags(context: ReaderContext, current: String?, choose: @escaping (String?) -> Void) -> PickerViewController {
        let tags = context.attempt { try context.store.tags() } ?? []
        let rows = [TableRow(cells: ["All feeds", "", ""])] + tags.map {
            TableRow(cells: [ReaderFormat.clean($0.tag), "\($0.feedCount)", "\($0.unreadCount)"])
        }
        let selected = current.flatMap { tag in tags.firstIndex { $0.tag == tag } }.map { $0 + 1 } ?? 0
        let columns = [
            TableColumn("Tag", width: .flexible(min: 10, weight: 1)),
            TableColumn("Feeds", width: .fixed(6), alignment: .right),
            TableColumn("Unread", width: .fixed(7), alignment: .right),
        ]
        return PickerViewController(
            context: context, title: "Choose a tag", status: "\(tags.count) tags", columns: columns, rows: rows,
            selectedRow: selected
        ) { row in
            choose(row == 0 ? nil : tags[row - 1].tag)
        }
    }

    /// The feeds the web page `page` links to (title, then URL); `choose` gets the one chosen.
    static func feeds(
        context: ReaderContext, page: String, feeds: [DiscoveredFeed], choose: @escaping (DiscoveredFeed) -> Void
    ) -> PickerViewController {
        let rows = feeds.map { TableRow(cells: [ReaderFormat.clean($0.title ?? $0.type), ReaderFormat.clean($0.url)]) }
        let columns = [
            TableColumn("Feed", width: .fraction(0.4, min: 10)),
            TableColumn("URL", width: .flexible(min: 10, weight: 1)),
        ]
        return PickerViewController(
            context: context, title: "Feeds of \(ReaderFormat.clean(page))", status: "\(feeds.count) feeds",
            columns: columns, rows: rows
        ) { row in
            choose(feeds[row])
        }
    }

    func draw(into buffer: inout ScreenBuffer, frame: Rect) {
        tableView.draw(into: &buffer, frame: frame, state: &tableState)
    }

    func perform(_ command: ReaderCommand, count: Int?) -> Bool {
        guard let action = command.tableAction else { return false }
        tableView.perform(action, state: &tableState)
        return true
    }

    func handle(_ event: InputEvent) -> Bool {
        tableView.handle(event, state: &tableState)
    }
}

extension PickerViewController: TableViewDataSource {
    func numberOfRows(in tableView: TableView) -> Int {
        rows.count
    }

    func tableView(_ tableView: TableView, rowAt index: Int) -> TableRow {
        rows[index]
    }
}

extension PickerViewController: TableViewDelegate {
    func tableView(_ tableView: TableView, didChooseRow row: Int) {
        guard rows.indices.contains(row) else { return }
        choose(row)
    }
}
