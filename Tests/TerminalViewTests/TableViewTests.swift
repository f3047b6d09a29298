import XCTest

@testable import TerminalView

/// A data source over generated rows that records which rows the table asked for.
private final class NumberedRows: TableViewDataSource, TableViewDelegate {
    var count: Int
    var requested: [Int] = []
    var chosen: [Int] = []
    var selected: [Int] = []

    init(count: Int) { self.count = count }

    func numberOfRows(in tableView: TableView) -> Int { count }

    func tableView(_ tableView: TableView, rowAt index: Int) -> TableRow {
        requested.append(index)
        return TableRow(cells: [index % 2 == 0 ? "N" : " ", "row \(index)", "\(index * 7)"], style: index % 2 == 0 ? .bold : .plain)
    }

    func tableView(_ tableView: TableView, didChooseRow row: Int) { chosen.append(row) }
    func tableView(_ tableView: TableView, didSelectRow row: Int) { selected.append(row) }
}

@MainActor
final class TableViewTests: XCTestCase {
    private func gap(_ count: Int) -> String { String(repeating: " ", count: count) }

    private func makeTable(rows: Int) -> (TableView, NumberedRows) {
        let table = TableView(columns: [
            TableColumn("", width: .fixed(1)),
            TableColumn("Title", width: .flexible(min: 5, weight: 1)),
            TableColumn("N", width: .fixed(4), alignment: .right),
        ])
        let source = NumberedRows(count: rows)
        table.dataSource = source
        table.delegate = source
        return (table, source)
    }

    func testDrawsHeaderVisibleRowsAndSelection() async {
        let (table, source) = makeTable(rows: 1000)
        var buffer = ScreenBuffer(width: 20, height: 6)
        var state = TableState()
        table.draw(into: &buffer, frame: Rect(x: 0, y: 1, width: 20, height: 4), state: &state)
                // 1 + 1 + 13 (flexible) + 1 + 4 (right-aligned) = 20 cells
        XCTAssertEqual(buffer.lines, ["", "  Title" + gap(12) + "N", "N row 0" + gap(12) + "0", "  row 1" + gap(12) + "7", "N row 2" + gap(11) + "14", ""])
        XCTAssertEqual(source.requested, [0, 1, 2], "only visible rows are asked for")
        XCTAssertEqual(buffer[5, 2].style, Style(bold: true, reverse: true), "selected unread row")
        XCTAssertEqual(buffer[5, 3].style, .plain)
        XCTAssertEqual(buffer[19, 2].style.reverse, true, "the selection spans the full width")
    }

    func testScrollingKeepsSelectionVisibleAndAsksOnlyForVisibleRows() async {
        let (table, source) = makeTable(rows: 1000)
        var buffer = ScreenBuffer(width: 20, height: 5)
        var state = TableState()
        let frame = Rect(x: 0, y: 0, width: 20, height: 5)  // header + 4 rows
        table.draw(into: &buffer, frame: frame, state: &state)
        for _ in 0..<6 { table.handle(.key(.down), state: &state) }
        XCTAssertEqual(state, TableState(selectedRow: 6, scrollOffset: 3))
        source.requested = []
        table.draw(into: &buffer, frame: frame, state: &state)
        XCTAssertEqual(source.requested, [3, 4, 5, 6])
        XCTAssertEqual(buffer.lines[4], "N row 6" + gap(11) + "42")
        XCTAssertTrue(buffer[0, 4].style.reverse)

        table.handle(.key(.pageDown), state: &state)
        XCTAssertEqual(state, TableState(selectedRow: 10, scrollOffset: 7))
        table.handle(.key(.end), state: &state)
        XCTAssertEqual(state, TableState(selectedRow: 999, scrollOffset: 996))
        source.requested = []
        table.draw(into: &buffer, frame: frame, state: &state)
        XCTAssertEqual(source.requested, [996, 997, 998, 999])
        table.handle(.key(.down), state: &state)
        XCTAssertEqual(state.selectedRow, 999, "stays on the last row")
        table.handle(.key(.home), state: &state)
        XCTAssertEqual(state, TableState(selectedRow: 0, scrollOffset: 0))
        table.handle(.key(.up), state: &state)
        XCTAssertEqual(state, TableState(selectedRow: 0, scrollOffset: 0))
        XCTAssertEqual(source.selected, [1, 2, 3, 4, 5, 6, 10, 999, 0])
    }

    func testControllerStateIsClampedWhenRowsDisappear() async {
        let (table, source) = makeTable(rows: 50)
        var buffer = ScreenBuffer(width: 20, height: 5)
        var state = TableState(selectedRow: 40, scrollOffset: 38)
        table.draw(into: &buffer, frame: buffer.bounds, state: &state)
        XCTAssertEqual(state, TableState(selectedRow: 40, scrollOffset: 38))
        source.count = 3
        table.draw(into: &buffer, frame: buffer.bounds, state: &state)
        XCTAssertEqual(state, TableState(selectedRow: 2, scrollOffset: 0))
        XCTAssertEqual(buffer.lines.count, 5)
        XCTAssertEqual(buffer.lines[4], "")
    }

    func testEnterAndClickChooseRows() async {
        let (table, source) = makeTable(rows: 10)
        var buffer = ScreenBuffer(width: 20, height: 6)
        var state = TableState()
        table.draw(into: &buffer, frame: Rect(x: 0, y: 1, width: 20, height: 5), state: &state)
        table.handle(.key(.down), state: &state)
        table.handle(.key(.enter), state: &state)
        XCTAssertEqual(source.chosen, [1])
        XCTAssertTrue(table.handle(.mouse(MouseEvent(button: .left, x: 4, y: 4, action: .press)), state: &state))
        XCTAssertEqual(state.selectedRow, 2, "screen row 4 = first row at y 2, so row 2")
        XCTAssertEqual(source.chosen, [1, 2])
        table.handle(.mouse(MouseEvent(button: .left, x: 4, y: 1, action: .press)), state: &state)
        XCTAssertEqual(source.chosen, [1, 2], "a click on the header chooses nothing")
        XCTAssertFalse(table.handle(.mouse(MouseEvent(button: .left, x: 4, y: 0, action: .press)), state: &state))
        XCTAssertFalse(table.handle(.key(.character("j")), state: &state), "letter keys are the controller's")
    }

    func testWheelScrollsAndDragsSelectionAlong() async {
        let (table, source) = makeTable(rows: 100)
        defer { withExtendedLifetime(source) {} }  // the table holds its data source weakly
        var buffer = ScreenBuffer(width: 20, height: 11)
        var state = TableState()
        table.draw(into: &buffer, frame: buffer.bounds, state: &state)
        table.handle(.mouse(MouseEvent(button: .wheelDown, x: 1, y: 3, action: .press)), state: &state)
        XCTAssertEqual(state, TableState(selectedRow: 3, scrollOffset: 3))
        table.handle(.mouse(MouseEvent(button: .wheelUp, x: 1, y: 3, action: .press)), state: &state)
        XCTAssertEqual(state, TableState(selectedRow: 3, scrollOffset: 0))
    }

    func testCellsAreSanitizedTruncatedAndWideAware() async {
        final class Hostile: TableViewDataSource {
            func numberOfRows(in tableView: TableView) -> Int { 2 }
            func tableView(_ tableView: TableView, rowAt index: Int) -> TableRow {
                index == 0
                    ? TableRow(cells: ["\u{1B}]0;pwned\u{07}\u{1B}[2JEvil title that is long", "x"])
                    : TableRow(cells: ["中文标题很长很长", "y"])
            }
        }
        let source = Hostile()
        let table = TableView(columns: [TableColumn("T", width: .flexible(min: 1, weight: 1)), TableColumn("", width: .fixed(1))])
        table.dataSource = source
        table.showsHeader = false
        var buffer = ScreenBuffer(width: 12, height: 2)
        var state = TableState()
        table.draw(into: &buffer, frame: buffer.bounds, state: &state)
        XCTAssertEqual(buffer.lines, ["Evil titl… x", "中文标题…  y"])
    }

    func testColumnLayout() async {
        let columns = [
            TableColumn("a", width: .fixed(3)), TableColumn("b", width: .flexible(min: 4, weight: 2)),
            TableColumn("c", width: .flexible(min: 2, weight: 1)), TableColumn("d", width: .fraction(0.1, min: 2)),
        ]
        XCTAssertEqual(TableColumn.layout(columns, totalWidth: 100, separatorWidth: 1), [3, 56, 28, 10])
        XCTAssertEqual(TableColumn.layout(columns, totalWidth: 14, separatorWidth: 1), [3, 4, 2, 2])
        XCTAssertEqual(TableColumn.layout(columns, totalWidth: 10, separatorWidth: 1), [3, 4, 0, 0])
    }

    func testEmptyTableShowsMessage() async {
        let (table, source) = makeTable(rows: 0)
        defer { withExtendedLifetime(source) {} }
        table.emptyMessage = "No articles"
        var buffer = ScreenBuffer(width: 20, height: 3)
        var state = TableState(selectedRow: 5, scrollOffset: 2)
        table.draw(into: &buffer, frame: buffer.bounds, state: &state)
        XCTAssertEqual(buffer.lines, ["  Title" + gap(12) + "N", "No articles", ""])
        XCTAssertEqual(state, TableState())
        table.handle(.key(.enter), state: &state)
    }
}
