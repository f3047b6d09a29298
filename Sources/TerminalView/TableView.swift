import TidingsText

/// Supplies a `TableView` with rows. The table asks only for the rows it is about to draw, so a
/// data source can load rows page by page. Called on the main actor, where the table draws.
@MainActor
public protocol TableViewDataSource: AnyObject {
    /// How many rows the table has.
    func numberOfRows(in tableView: TableView) -> Int
    /// The row at `index` (`0 ..< numberOfRows`), asked only while drawing visible rows.
    func tableView(_ tableView: TableView, rowAt index: Int) -> TableRow
}

/// Learns what the user does in a `TableView`. Called synchronously on the main actor, from
/// `TableView.handle`/`perform`, after the state was updated.
@MainActor
public protocol TableViewDelegate: AnyObject {
    /// The user chose `row` (Enter, or a click on it).
    func tableView(_ tableView: TableView, didChooseRow row: Int)
    /// The selection moved to `row`.
    func tableView(_ tableView: TableView, didSelectRow row: Int)
}

extension TableViewDelegate {
    public func tableView(_ tableView: TableView, didSelectRow row: Int) {}
}

/// A scrolling table of rows and columns with a header and a highlighted selected row.
///
/// The view holds no selection: the controller owns a `TableState` and passes it to `draw`, `handle`
/// and `perform`, which adjust it (clamped to the row count, selection scrolled into view).
/// Rows come from the `dataSource`, only for the visible range. Default keys: arrows, PgUp/PgDn,
/// Home/End, Enter; mouse: click chooses a row, wheel scrolls. Letter keys (j/k, g/G, space) are
/// the controller's to bind, via `perform`. Isolated to the main actor, the reader's UI thread.
@MainActor
public final class TableView {
    /// Held weakly: the controller that owns the table keeps its data source alive.
    public weak var dataSource: (any TableViewDataSource)?
    /// Held weakly, like the data source.
    public weak var delegate: (any TableViewDelegate)?
    public var columns: [TableColumn]
    package var showsHeader = true
    public var headerStyle = Style(bold: true, underline: true)
    /// Laid over the selected row's style; reverse video stays visible under `NO_COLOR`.
    public var selectionStyle = Style.reverse
    /// Drawn between columns.
    package var columnSeparator = " "
    /// Shown in the first row when there are no rows.
    public var emptyMessage = ""
    /// Rows kept visible above/below the selection when scrolling.
    package var scrollMargin = 0
    /// The area last drawn into; mouse events and paging use it.
    public private(set) var frame = Rect(x: 0, y: 0, width: 0, height: 0)

    public init(columns: [TableColumn]) {
        self.columns = columns
    }

    /// Rows visible in `frame` (excluding the header).
    package var visibleRowCount: Int { max(0, frame.height - (showsHeader ? 1 : 0)) }

    /// Draws the header and the visible rows into `frame`, first making `state` valid.
    public func draw(into buffer: inout ScreenBuffer, frame: Rect, state: inout TableState) {
        self.frame = frame
        buffer.fill(frame)
        guard !frame.isEmpty else { return }
        let count = rowCount
        clamp(&state, count: count)
        let widths = TableColumn.layout(columns, totalWidth: frame.width, separatorWidth: TextWidth.width(of: columnSeparator))
        var y = frame.y
        if showsHeader {
            buffer.fill(Rect(x: frame.x, y: y, width: frame.width, height: 1), style: headerStyle)
            drawCells(columns.map(\.title), widths: widths, y: y, into: &buffer, style: headerStyle, cellStyles: [])
            y += 1
        }
        if count == 0, !emptyMessage.isEmpty, y < frame.maxY {
            buffer.write(emptyMessage, x: frame.x, y: y, style: .dim, maxWidth: frame.width)
        }
        guard let dataSource else { return }
        let last = min(count, state.scrollOffset + visibleRowCount)
        for index in state.scrollOffset..<max(state.scrollOffset, last) {
            let row = dataSource.tableView(self, rowAt: index)
            var style = row.style
            if index == state.selectedRow { style = style.merged(with: selectionStyle) }
            if style != .plain { buffer.fill(Rect(x: frame.x, y: y, width: frame.width, height: 1), style: style) }
            drawCells(
                row.cells, widths: widths, y: y, into: &buffer, style: style, cellStyles: row.cellStyles,
                selected: index == state.selectedRow, firstIndent: row.indent)
            y += 1
        }
    }

    /// Handles the default keys and mouse events; returns true when the event was the table's.
    @discardableResult
    public func handle(_ event: InputEvent, state: inout TableState) -> Bool {
        switch event {
        case .key(let key):
            let action: TableAction
            switch key {
            case .up: action = .up
            case .down: action = .down
            case .pageUp: action = .pageUp
            case .pageDown: action = .pageDown
            case .home: action = .top
            case .end: action = .bottom
            case .enter: action = .choose
            default: return false
            }
            perform(action, state: &state)
            return true
        case .mouse(let mouse):
            return handleMouse(mouse, state: &state)
        default:
            return false
        }
    }

    /// Applies a navigation command; tells the delegate when the selection moves or a row is chosen.
    public func perform(_ action: TableAction, state: inout TableState) {
        let count = rowCount
        let before = state.selectedRow
        let page = max(1, visibleRowCount)
        switch action {
        case .up: state.selectedRow -= 1
        case .down: state.selectedRow += 1
        case .pageUp:
            state.selectedRow -= page
            state.scrollOffset -= page
        case .pageDown:
            state.selectedRow += page
            state.scrollOffset += page
        case .top: state.selectedRow = 0
        case .bottom: state.selectedRow = count - 1
        case .choose:
            clamp(&state, count: count)
            if count > 0 { delegate?.tableView(self, didChooseRow: state.selectedRow) }
            return
        case .scroll(let rows):
            state.scrollOffset += rows
            clampScroll(&state, count: count)
            let lastVisible = state.scrollOffset + page - 1
            state.selectedRow = min(max(state.selectedRow, state.scrollOffset + scrollMarginFitting(page)), lastVisible - scrollMarginFitting(page))
            clampSelection(&state, count: count)
            if state.selectedRow != before { delegate?.tableView(self, didSelectRow: state.selectedRow) }
            return
        }
        clamp(&state, count: count)
        if state.selectedRow != before { delegate?.tableView(self, didSelectRow: state.selectedRow) }
    }

    /// The row index under screen position `y`, if a row is drawn there.
    public func row(atY y: Int, state: TableState) -> Int? {
        let firstRowY = frame.y + (showsHeader ? 1 : 0)
        guard y >= firstRowY, y < frame.maxY else { return nil }
        let index = state.scrollOffset + (y - firstRowY)
        return index < rowCount ? index : nil
    }

    /// Makes `state` valid for the current row count and frame: selection in range, scrolled so
    /// the selection is visible.
    package func clamp(_ state: inout TableState) {
        clamp(&state, count: rowCount)
    }

    private var rowCount: Int { max(0, dataSource?.numberOfRows(in: self) ?? 0) }

    private func handleMouse(_ mouse: MouseEvent, state: inout TableState) -> Bool {
        guard frame.contains(x: mouse.x, y: mouse.y) else { return false }
        switch (mouse.button, mouse.action) {
        case (.wheelUp, .press):
            perform(.scroll(-3), state: &state)
        case (.wheelDown, .press):
            perform(.scroll(3), state: &state)
        case (.left, .press):
            guard let index = row(atY: mouse.y, state: state) else { return true }
            if index != state.selectedRow {
                state.selectedRow = index
                delegate?.tableView(self, didSelectRow: index)
            }
            delegate?.tableView(self, didChooseRow: index)
        default:
            return false
        }
        return true
    }

    private func scrollMarginFitting(_ page: Int) -> Int {
        min(max(0, scrollMargin), max(0, (page - 1) / 2))
    }

    private func clamp(_ state: inout TableState, count: Int) {
        clampSelection(&state, count: count)
        let page = visibleRowCount
        let margin = scrollMarginFitting(page)
        if page > 0 {
            if state.selectedRow - margin < state.scrollOffset { state.scrollOffset = state.selectedRow - margin }
            if state.selectedRow + margin >= state.scrollOffset + page {
                state.scrollOffset = state.selectedRow + margin - page + 1
            }
        }
        clampScroll(&state, count: count)
    }

    private func clampSelection(_ state: inout TableState, count: Int) {
        state.selectedRow = min(max(0, state.selectedRow), max(0, count - 1))
    }

    private func clampScroll(_ state: inout TableState, count: Int) {
        state.scrollOffset = min(max(0, state.scrollOffset), max(0, count - max(1, visibleRowCount)))
    }

    private func drawCells(
        _ cells: [String], widths: [Int], y: Int, into buffer: inout ScreenBuffer, style: Style, cellStyles: [Style?],
        selected: Bool = false, firstIndent: Int = 0
    ) {
        guard y < frame.maxY else { return }
        var x = frame.x
        let separatorWidth = TextWidth.width(of: columnSeparator)
        for (index, width) in widths.enumerated() {
            if index > 0 {
                if x + separatorWidth > frame.maxX { break }
                buffer.write(columnSeparator, x: x, y: y, style: style, maxWidth: separatorWidth)
                x += separatorWidth
            }
            guard width > 0 else { continue }
            let text = index < cells.count ? TerminalSanitizer.singleLine(cells[index]) : ""
            var cellStyle = style
            if index < cellStyles.count, var extra = cellStyles[index] {
                // On the selected row the selection's colours win: a cell keeps its attributes only.
                if selected {
                    extra.foreground = nil
                    extra.background = nil
                }
                cellStyle = style.merged(with: extra)
            }
            let room = min(width, frame.maxX - x)
            var indent = index == 0 ? min(firstIndent, room) : 0
            if columns[index].alignment != .left {
                let gap = max(0, room - TextWidth.width(of: text))
                indent = columns[index].alignment == .right ? gap : gap / 2
            }
            buffer.write(text, x: x + indent, y: y, style: cellStyle, maxWidth: room - indent)
            x += width
        }
    }
}
