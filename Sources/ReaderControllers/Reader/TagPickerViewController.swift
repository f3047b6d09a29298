import FeedStore
import TerminalView

/// Tells the feed list which tag the user chose (nil: every feed). Called on the main actor.
@MainActor
public protocol TagPickerViewControllerDelegate: AnyObject {
    func tagPicker(_ picker: TagPickerViewController, didChoose tag: String?)
}

/// A list of the tags ("All feeds" first) for `t`; choosing one tells the delegate. Main actor only.
@MainActor
public final class TagPickerViewController: ViewController {
    public weak var navigationController: NavigationController?
    /// Held weakly: the feed list that pushed the picker.
    public weak var delegate: (any TagPickerViewControllerDelegate)?
    let context: ReaderContext
    let tableView: TableView
    var tableState = TableState()
    private(set) var tags: [TagSummary] = []

    public init(context: ReaderContext, current: String?) {
        self.context = context
        tableView = TableView(columns: [
            TableColumn("Tag", width: .flexible(min: 10, weight: 1)),
            TableColumn("Feeds", width: .fixed(6), alignment: .right),
            TableColumn("Unread", width: .fixed(7), alignment: .right),
        ])
        tableView.headerStyle = context.config.theme.header
        tableView.selectionStyle = context.config.theme.selection
        tags = context.attempt { try context.store.tags() } ?? []
        if let current, let index = tags.firstIndex(where: { $0.tag == current }) {
            tableState.selectedRow = index + 1
        }
        tableView.dataSource = self
        tableView.delegate = self
    }

    public var title: String { "Choose a tag" }
    public var status: String { "\(tags.count) tags" }

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

extension TagPickerViewController: TableViewDataSource {
    public func numberOfRows(in tableView: TableView) -> Int {
        tags.count + 1
    }

    public func tableView(_ tableView: TableView, rowAt index: Int) -> TableRow {
        guard index > 0 else { return TableRow(cells: ["All feeds", "", ""]) }
        let tag = tags[index - 1]
        return TableRow(cells: [ReaderFormat.clean(tag.tag), "\(tag.feedCount)", "\(tag.unreadCount)"])
    }
}

extension TagPickerViewController: TableViewDelegate {
    public func tableView(_ tableView: TableView, didChooseRow row: Int) {
        delegate?.tagPicker(self, didChoose: row == 0 ? nil : tags[row - 1].tag)
    }
}
