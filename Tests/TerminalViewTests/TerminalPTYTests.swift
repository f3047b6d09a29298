import CTerminal
import Glibc
import XCTest

@testable import TerminalView

/// Drives `Terminal` over a real pseudo-terminal pair: the test holds the master side, the terminal
/// owns the slave side as its tty.
@MainActor
final class TerminalPTYTests: XCTestCase {
    private var master: Int32 = -1
    private var slave: Int32 = -1

    override func setUp() async throws {
        guard tidings_open_pseudo_terminal(&master, &slave) == 0 else {
            throw XCTSkip("no pseudo-terminals available")
        }
        XCTAssertEqual(tidings_set_window_size(master, 30, 100), 0)
    }

    override func tearDown() async throws {
        if slave >= 0 { close(slave) }
        if master >= 0 { close(master) }
    }

    private func send(_ text: String) {
        let bytes = Array(text.utf8)
        XCTAssertEqual(write(master, bytes, bytes.count), bytes.count)
    }

    /// Everything the terminal wrote, collected until nothing more arrives for 50 ms.
    private func received() -> String {
        var collected: [UInt8] = []
        var descriptor = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
        while poll(&descriptor, 1, 50) > 0 {
            var chunk = [UInt8](repeating: 0, count: 4096)
            let count = read(master, &chunk, chunk.count)
            if count <= 0 { break }
            collected += chunk[0..<count]
        }
        return String(decoding: collected, as: UTF8.self)
    }

    private func localFlags() -> tcflag_t {
        var settings = termios()
        XCTAssertEqual(tcgetattr(slave, &settings), 0)
        return settings.c_lflag
    }

    func testCurrentSizeIsTheWindowSizeOfATerminalAndNilForAFile() async throws {
        XCTAssertEqual(TerminalSize.current(of: slave), TerminalSize(width: 100, height: 30))
        XCTAssertEqual(tidings_set_window_size(master, 12, 40), 0)
        XCTAssertEqual(TerminalSize.current(of: slave), TerminalSize(width: 40, height: 12))

        let path = FileManager.default.temporaryDirectory.appendingPathComponent("not-a-tty-\(getpid())").path
        let file = open(path, O_CREAT | O_RDWR, 0o600)
        XCTAssertGreaterThanOrEqual(file, 0)
        defer { close(file); unlink(path) }
        XCTAssertNil(TerminalSize.current(of: file))
    }

    func testStartEntersRawFullScreenModeAndStopRestoresIt() async throws {
        let before = localFlags()
        XCTAssertNotEqual(before & tcflag_t(ICANON), 0)
        let terminal = try Terminal(input: slave, output: slave)
        try terminal.start()
        XCTAssertEqual(received(), "\u{1B}[?1049h\u{1B}[?25l\u{1B}[?1000h\u{1B}[?1006h\u{1B}[?2004h")
        XCTAssertEqual(localFlags() & tcflag_t(ICANON | ECHO | ISIG), 0)

        terminal.stop()
        XCTAssertEqual(received(), "\u{1B}[?2004l\u{1B}[?1006l\u{1B}[?1000l\u{1B}[0m\u{1B}[?25h\u{1B}[?1049l")
        XCTAssertEqual(localFlags(), before)
        terminal.stop()
        XCTAssertEqual(received(), "", "stopping twice writes nothing")
    }

    func testDeinitRestoresTheTerminal() async throws {
        let before = localFlags()
        do {
            let terminal = try Terminal(input: slave, output: slave, options: Terminal.Options(mouse: false, bracketedPaste: false))
            try terminal.start()
            _ = received()
        }
        XCTAssertEqual(received(), "\u{1B}[0m\u{1B}[?25h\u{1B}[?1049l")
        XCTAssertEqual(localFlags(), before)
    }

    func testKeysLoneEscapeWakeupResizeAndTimeout() async throws {
        let terminal = try Terminal(input: slave, output: slave)
        try terminal.start()
        defer { terminal.stop() }
        _ = received()

        send("j\u{1B}[A\u{1B}[<0;5;3M")
        XCTAssertEqual(terminal.nextEvent(timeout: .seconds(10)), .key(.character("j")))
        XCTAssertEqual(terminal.nextEvent(timeout: .seconds(10)), .key(.up))
        XCTAssertEqual(terminal.nextEvent(timeout: .seconds(10)), .mouse(MouseEvent(button: .left, x: 4, y: 2, action: .press)))

        send("\u{1B}")
        XCTAssertEqual(terminal.nextEvent(timeout: .seconds(10)), .key(.escape), "a lone ESC is reported after the escape timeout")

        let wakeup = terminal.wakeup
        let poster = Task.detached {
            try await Task.sleep(for: .milliseconds(20))
            wakeup.post()
        }
        XCTAssertEqual(terminal.nextEvent(timeout: .seconds(5)), .wakeup, "posted from another thread")
        _ = poster
        wakeup.post()
        wakeup.post()
        XCTAssertEqual(terminal.nextEvent(timeout: .seconds(10)), .wakeup)
        XCTAssertNil(terminal.nextEvent(timeout: .milliseconds(20)), "pending posts merge into one wakeup")

        XCTAssertEqual(terminal.size, TerminalSize(width: 100, height: 30))
        XCTAssertEqual(tidings_set_window_size(master, 40, 120), 0)
        raise(SIGWINCH)  // the kernel signals only the pty's foreground group, which the test is not
        XCTAssertEqual(terminal.nextEvent(timeout: .seconds(10)), .resize(TerminalSize(width: 120, height: 40)))

        let clock = ContinuousClock()
        let started = clock.now
        XCTAssertNil(terminal.nextEvent(timeout: .milliseconds(40)))
        XCTAssertGreaterThanOrEqual(started.duration(to: clock.now), .milliseconds(40))
    }

    func testDrawWritesOnlyTheDifference() async throws {
        let terminal = try Terminal(input: slave, output: slave)
        try terminal.start()
        defer { terminal.stop() }
        _ = received()
        var frame = ScreenBuffer(width: 20, height: 3)
        frame.write("hello", x: 0, y: 1)
        terminal.draw(frame)
        XCTAssertEqual(received(), "\u{1B}[0m\u{1B}[H\u{1B}[2J\u{1B}[2;1Hhello\u{1B}[?25l")
        terminal.draw(frame)
        XCTAssertEqual(received(), "")
        frame.write("J", x: 0, y: 1)
        terminal.draw(frame)
        XCTAssertEqual(received(), "\u{1B}[2;1HJ")
        terminal.requestFullRedraw()
        terminal.draw(frame)
        XCTAssertTrue(received().hasPrefix("\u{1B}[0m\u{1B}[H\u{1B}[2J"))
    }

    func testRunRestoredGivesTheTerminalBackForTheBody() async throws {
        let before = localFlags()
        let terminal = try Terminal(input: slave, output: slave, options: Terminal.Options(mouse: false, bracketedPaste: false))
        try terminal.start()
        defer { terminal.stop() }
        _ = received()
        let flagsInside = try terminal.runRestored { localFlags() }
        XCTAssertEqual(flagsInside, before)
        XCTAssertEqual(received(), "\u{1B}[0m\u{1B}[?25h\u{1B}[?1049l\u{1B}[?1049h\u{1B}[?25l")
        XCTAssertEqual(localFlags() & tcflag_t(ICANON | ECHO), 0, "raw again afterwards")
    }

    func testCtrlZKeyIsPassedOnWhenNotHandled() async throws {
        let terminal = try Terminal(input: slave, output: slave)
        terminal.handlesSuspendKey = false
        try terminal.start()
        defer { terminal.stop() }
        send("\u{1A}")
        XCTAssertEqual(terminal.nextEvent(timeout: .seconds(10)), .key(.ctrl("z")))
    }

    func testClosedInputIsReported() async throws {
        let terminal = try Terminal(input: slave, output: slave)
        try terminal.start()
        _ = received()
        close(master)
        master = -1
        XCTAssertEqual(terminal.nextEvent(timeout: .seconds(10)), .inputClosed)
        terminal.stop()
    }

    func testNotATerminalIsRefused() async {
        var descriptors: [Int32] = [-1, -1]
        XCTAssertEqual(pipe(&descriptors), 0)
        defer { descriptors.forEach { close($0) } }
        XCTAssertThrowsError(try Terminal(input: descriptors[0], output: descriptors[1])) { error in
            XCTAssertEqual(error as? TerminalError, .notATerminal)
        }
    }
}
