import FeedModel
import TerminalView

/// The feeds a web page links to, for `a` on a page with several: one row each (title, then URL);
/// choosing one hands it to `choose`, going back adds none. Main actor only.
@MainActor
public final class FeedPickerViewController: ViewController {
    public weak var navigationController: NavigationController?
    let context: ReaderContext
    let tableView: TableView
    var tableState = TableState()
    let page: String
    let feeds: [DiscoveredFeed]
    private let choose: (DiscoveredFeed) -> Void

    init(context: ReaderContext, page: String, feeds: [DiscoveredFeed], choose: @escaping (DiscoveredFeed) -> Void) {
        self.context = context
        self.page = page
        self.feeds = feeds
        self.choose = choose
        tableView = TableView(columns: [
            TableColumn("Feed", width: .fraction(0.4, min: 10)),
            TableColumn("URL", width: .flexible(min: 10, weight: 1)),
        ])
        tableView.headerStyle = context.config.theme.header
        tableView.selectionStyle = context.config.theme.selection
        tableView.dataSource = self
        tableView.delegate = self
    }

    public var title: String { "Feeds of \(ReaderFormat.clean(page))" }
    public var status: String { "\(feeds.count) feeds" }

    public func draw(into buffer: inout ScreenBuffer, frame: Rect) {
        tableView.draw(into: &buffer, frame: frame, state: &tableState)
    }

    public func perform(_ command: ReaderCommand, count: Int?) -> Bool {
        guard let action = command.tableAction else { return false }
        tableView.perform(action, state: &tableState)
        return true
    }

    public func handle(_ event: InputEvent) -> Bool {
        tableView.handle(event, state: &tableState)
    }
}

extension FeedPickerViewController: TableViewDataSource {
    public func numberOfRows(in tableView: TableView) -> Int {
        feeds.count
    }

    public func tableView(_ tableView: TableView, rowAt index: Int) -> TableRow {
        let feed = feeds[index]
        return TableRow(cells: [ReaderFormat.clean(feed.title ?? feed.type), ReaderFormat.clean(feed.url)])
    }
}

extension FeedPickerViewController: TableViewDelegate {
    public func tableView(_ tableView: TableView, didChooseRow row: Int) {
        guard row < feeds.count else { return }
        choose(feeds[row])
    }
}
