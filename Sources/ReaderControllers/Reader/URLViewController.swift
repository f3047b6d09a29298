import FeedStore
import TerminalView

/// The links of one article (`u` in the article view): the article's own URL, its enclosures (`E1`,
/// `E2` …), then its numbered links as the article view lists them. Enter or `o` opens the selected
/// one in the browser, `m` plays it, `y` copies it (OSC 52), `|` pipes it to a command. Main actor only.
@MainActor
package final class URLViewController: ViewController {
    public weak var navigationController: NavigationController?
    let context: ReaderContext
    let tableView: TableView
    var tableState = TableState()
    /// (label, URL): "URL" for the article's link, "E1", "E2" … for enclosures, then "1", "2", ….
    let links: [(label: String, url: String)]
    private var chosen = false

    init(context: ReaderContext, articleURL: String?, enclosures: [String] = [], links: [String]) {
        self.context = context
        var rows: [(String, String)] = articleURL.map { [("URL", $0)] } ?? []
        rows += enclosures.enumerated().map { ("E\($0.offset + 1)", $0.element) }
        rows += links.enumerated().map { ("\($0.offset + 1)", $0.element) }
        self.links = rows
        tableView = TableView(columns: [
            TableColumn("#", width: .fixed(4), alignment: .right),
            TableColumn("Link", width: .flexible(min: 10, weight: 1)),
        ])
        tableView.headerStyle = context.config.theme.header
        tableView.selectionStyle = context.config.theme.selection
        tableView.emptyMessage = "This article has no links."
        tableView.dataSource = self
        tableView.delegate = self
    }

    package var title: String { "Links" }
    package var status: String { links.isEmpty ? "0 links" : "\(tableState.selectedRow + 1)/\(links.count)" }

    package func draw(into buffer: inout ScreenBuffer, frame: Rect) {
        tableView.draw(into: &buffer, frame: frame, state: &tableState)
    }

    package func perform(_ command: ReaderCommand, count: Int?) -> Bool {
        if let count, count >= 1, count <= links.count, command == .openInBrowser || command == .copyURL {
            tableState.selectedRow = links.firstIndex { $0.label == "\(count)" } ?? tableState.selectedRow
        }
        switch command {
        case .up, .down, .pageUp, .pageDown, .top, .bottom, .open:
            if let action = command.tableAction { tableView.perform(action, state: &tableState) }
            openIfChosen()
        case .openInBrowser:
            if let url = selected { context.actions?.openInBrowser(url) }
        case .copyURL:
            if let url = selected { context.actions?.copyToClipboard(url) }
        case .play:
            guard let url = selected else { return true }
            EnclosureCommands(context: context).play(url: url, articleID: nil)
        case .pipe:
            guard let url = selected else { return true }
            context.actions?.beginPrompt("Pipe link to command: ", initial: "") { [context] command in
                let trimmed = command.trimmingCharacters(in: .whitespaces)
                if !trimmed.isEmpty { context.actions?.pipe(url + "\n", to: trimmed) }
            }
        default:
            return false
        }
        return true
    }

    package func handle(_ event: InputEvent) -> Bool {
        let handled = tableView.handle(event, state: &tableState)
        openIfChosen()
        return handled
    }

    private var selected: String? {
        tableState.selectedRow < links.count ? links[tableState.selectedRow].url : nil
    }

    private func openIfChosen() {
        guard chosen else { return }
        chosen = false
        if let url = selected { context.actions?.openInBrowser(url) }
    }
}

extension URLViewController: TableViewDataSource {
    package func numberOfRows(in tableView: TableView) -> Int { links.count }

    package func tableView(_ tableView: TableView, rowAt index: Int) -> TableRow {
        TableRow(cells: [links[index].label, ReaderFormat.clean(links[index].url)])
    }
}

extension URLViewController: TableViewDelegate {
    package func tableView(_ tableView: TableView, didChooseRow row: Int) {
        chosen = true
    }
}
