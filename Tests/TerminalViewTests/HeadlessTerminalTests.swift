import XCTest

@testable import TerminalView

@MainActor
final class HeadlessTerminalTests: XCTestCase {
    /// A minimal event loop over the protocol, as a controller would write it.
    private func runLoop(on device: any TerminalDevice, table: TableView, state: inout TableState) {
        while true {
            var frame = ScreenBuffer(size: device.size)
            table.draw(into: &frame, frame: frame.bounds, state: &state)
            device.draw(frame)
            guard let event = device.nextEvent(timeout: .milliseconds(10)) else { return }
            if event == .key(.character("q")) { return }
            if case .resize = event { continue }
            table.handle(event, state: &state)
        }
    }

    private final class Words: TableViewDataSource {
        let words = ["alpha", "beta", "gamma", "delta", "epsilon", "zeta"]
        func numberOfRows(in tableView: TableView) -> Int { words.count }
        func tableView(_ tableView: TableView, rowAt index: Int) -> TableRow { TableRow(cells: [words[index]]) }
    }

    func testDrivesAnEventLoopWithTypedKeysAndResize() async throws {
        let device = try HeadlessTerminal(size: TerminalSize(width: 12, height: 4))
        let words = Words()
        let table = TableView(columns: [TableColumn("Word", width: .flexible(min: 1, weight: 1))])
        table.dataSource = words
        var state = TableState()
        device.type("\u{1B}[B\u{1B}[B\u{1B}[B")  // three Down arrows
        device.resize(to: TerminalSize(width: 12, height: 3))
        device.type("\u{1B}[Bq")
        runLoop(on: device, table: table, state: &state)
        XCTAssertEqual(state, TableState(selectedRow: 4, scrollOffset: 3))
        XCTAssertEqual(device.lines, ["Word", "delta", "epsilon"])
        XCTAssertTrue(device.frame?[0, 2].style.reverse ?? false)
        XCTAssertEqual(device.frameCount, 6)
        XCTAssertGreaterThan(device.bytesWritten, 0)
        XCTAssertNil(device.nextEvent(timeout: .zero), "an empty queue with no wakeup posted has no event")
    }

    func testAWakeupPostedFromAnotherTaskEndsAWait() async throws {
        let device = try HeadlessTerminal(size: TerminalSize(width: 12, height: 4))
        device.wakeup.post()
        device.wakeup.post()
        XCTAssertEqual(device.nextEvent(timeout: .zero), .wakeup, "a pending post is reported at once")
        XCTAssertNil(device.nextEvent(timeout: .zero), "posts before the look merge into one wakeup")
        let wakeup = device.wakeup
        let poster = Task.detached { wakeup.post() }
        // Without limit: only the post can end this wait.
        XCTAssertEqual(device.nextEvent(timeout: nil), .wakeup)
        await poster.value
        device.type("j")
        wakeup.post()
        XCTAssertEqual(device.nextEvent(timeout: nil), .key(.character("j")), "queued input comes before a wakeup")
    }
}
