import XCTest

@testable import TerminalView

/// Prints how long a full 100x30 frame takes to draw and diff; does not assert on time.
@MainActor
final class RenderTimingTests: XCTestCase {
    private final class Rows: TableViewDataSource {
        func numberOfRows(in tableView: TableView) -> Int { 100_000 }
        func tableView(_ tableView: TableView, rowAt index: Int) -> TableRow {
            TableRow(
                cells: [index % 3 == 0 ? "N" : " ", "2026-11-\(index % 28 + 1)", "Feed \(index % 500)",
                        "Article title number \(index) with some 日本語 and an emoji 🎉 to measure"],
                style: index % 3 == 0 ? .bold : .plain)
        }
    }

    func testFrameDrawAndDiffTiming() async {
        let rows = Rows()
        let table = TableView(columns: [
            TableColumn("", width: .fixed(1)), TableColumn("Date", width: .fixed(10)),
            TableColumn("Feed", width: .fraction(0.2, min: 8)), TableColumn("Title", width: .flexible(min: 10, weight: 1)),
        ])
        table.dataSource = rows
        let renderer = Renderer()
        let layout = Layout(size: TerminalSize(width: 100, height: 30))
        var state = TableState()
        var totalBytes = 0
        let iterations = 300
        let clock = ContinuousClock()
        var drawing = Duration.zero
        var diffing = Duration.zero
        for _ in 0..<iterations {
            let started = clock.now
            var buffer = ScreenBuffer(size: layout.size)
            StatusLine(left: "Tidings — All unread", right: "\(state.selectedRow + 1)/100000").draw(into: &buffer, frame: layout.titleBar)
            table.draw(into: &buffer, frame: layout.content, state: &state)
            StatusLine(left: "Refreshing 12/500", right: "").draw(into: &buffer, frame: layout.statusLine)
            let drawn = clock.now
            totalBytes += renderer.render(buffer).count
            diffing += drawn.duration(to: clock.now)
            drawing += started.duration(to: drawn)
            table.perform(.down, state: &state)
        }
        print("""
            TerminalView timing, 100x30 frame, scrolling one row per frame (every row changes): \
            draw \(drawing / iterations), diff \(diffing / iterations), \
            total \((drawing + diffing) / iterations) per frame, \(totalBytes / iterations) bytes per frame
            """)
        XCTAssertEqual(state.selectedRow, iterations)
        XCTAssertGreaterThan(totalBytes, 0)
    }
}
