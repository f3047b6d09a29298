import CTerminal

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The tty, taken over for a full-screen program: raw mode, alternate screen, hidden cursor, SGR
/// mouse reports (1000/1006) and bracketed paste (2004), undone by `stop()`.
///
/// The terminal is restored on every way out: `stop()`, deinit, `exit()`, SIGINT/SIGTERM/SIGHUP/
/// SIGQUIT (restored, then the signal takes its normal effect) and crashes (restored before the
/// previous handler runs). Ctrl-Z (as a key, or SIGTSTP) restores the terminal and stops the process;
/// on SIGCONT raw mode comes back and `nextEvent` reports `.resize` so the controller redraws, in
/// full. SIGWINCH is reported as `.resize`. `start()` unblocks all these signals in the calling
/// thread, so a mask inherited from the launching process cannot keep them from the handlers.
///
/// Only one `Terminal` may be started at a time (signal handlers are process-wide). Isolated to the
/// main actor (the UI loop); other threads and tasks reach it only through `wakeup`.
@MainActor
public final class Terminal {
    /// What to turn on besides raw mode.
    public struct Options: Hashable, Sendable {
        package var alternateScreen: Bool
        package var mouse: Bool
        package var bracketedPaste: Bool

        public init(alternateScreen: Bool = true, mouse: Bool = true, bracketedPaste: Bool = true) {
            self.alternateScreen = alternateScreen
            self.mouse = mouse
            self.bracketedPaste = bracketedPaste
        }
    }

    /// Post to it from any thread to make `nextEvent` return `.wakeup`.
    public nonisolated let wakeup: TerminalWakeup
    /// Turns frames into terminal updates; its options (colours, hyperlinks) may be changed.
    package let renderer: Renderer
    /// When true (the default) a Ctrl-Z key suspends the program as the shell's Ctrl-Z would.
    package var handlesSuspendKey = true
    /// How long to wait for the rest of an escape sequence before reporting a lone Escape.
    package var escapeTimeout: Duration = .milliseconds(30)
    /// The size last read from the tty.
    public private(set) var size: TerminalSize

    private let input: Int32
    private let output: Int32
    private let options: Options
    private var decoder = KeyDecoder()
    private var queued: [InputEvent] = []
    private var isStarted = false

    /// Prepares to drive the terminal on `input`/`output` (default: standard input and output).
    /// Throws `TerminalError.notATerminal` when either is not a tty. Nothing changes until `start()`.
    public init(
        input: Int32 = STDIN_FILENO, output: Int32 = STDOUT_FILENO, options: Options = Options(),
        renderOptions: RenderOptions = RenderOptions()
    ) throws {
        guard isatty(input) == 1, isatty(output) == 1 else { throw TerminalError.notATerminal }
        self.input = input
        self.output = output
        self.options = options
        self.wakeup = try TerminalWakeup()
        self.renderer = Renderer(options: renderOptions)
        self.size = Terminal.readSize(output)
    }

    deinit {
        // `stop()` without the actor: a deinit runs on whichever thread dropped the last reference, and
        // then nothing else can reach the terminal.
        guard isStarted else { return }
        tidings_term_leave()
        tidings_term_remove_signal_handlers()
    }

    /// Enters raw mode and the full-screen state and installs the signal handlers.
    public func start() throws {
        guard !isStarted else { return }
        var enter = ""
        var leave = ""
        if options.alternateScreen { enter += "\u{1B}[?1049h" }
        enter += "\u{1B}[?25l"
        if options.mouse { enter += "\u{1B}[?1000h\u{1B}[?1006h" }
        if options.bracketedPaste { enter += "\u{1B}[?2004h" }
        if options.bracketedPaste { leave += "\u{1B}[?2004l" }
        if options.mouse { leave += "\u{1B}[?1006l\u{1B}[?1000l" }
        leave += "\u{1B}[0m\u{1B}[?25h"
        if options.alternateScreen { leave += "\u{1B}[?1049l" }
        guard tidings_term_setup(input, output, enter, leave) == 0 else { throw TerminalError.systemCall("tcgetattr", errno) }
        guard tidings_term_install_signal_handlers(wakeup.writeDescriptor) == 0 else {
            throw TerminalError.systemCall("sigaction", errno)
        }
        guard tidings_term_enter() == 0 else {
            let code = errno
            tidings_term_remove_signal_handlers()
            throw TerminalError.systemCall("tcsetattr", code)
        }
        isStarted = true
        size = Terminal.readSize(output)
        renderer.invalidate()
    }

    /// Restores the terminal as it was before `start()` and removes the signal handlers. Idempotent.
    public func stop() {
        guard isStarted else { return }
        isStarted = false
        tidings_term_leave()
        tidings_term_remove_signal_handlers()
    }

    /// Runs `body` with the terminal restored to its normal state (e.g. to start a terminal browser
    /// or pager in the foreground), then takes it over again and requests a full redraw.
    package func runRestored<T>(_ body: () throws -> T) throws -> T {
        let wasStarted = isStarted
        stop()
        let result = Result { try body() }
        if wasStarted { try start() }
        return try result.get()
    }

    /// Runs a program that uses the terminal (see `TerminalChild`) with the terminal restored, handing
    /// it the terminal's foreground, then takes the terminal over again for a full redraw. Returns
    /// its exit status (128 + N when signal N ended it).
    public func runChild(_ arguments: [String], input: [UInt8]?) throws -> Int32 {
        try runRestored { try TerminalChild.run(arguments, input: input, terminal: self.input) }
    }

    /// Stops the program as Ctrl-Z would; returns after SIGCONT, with the terminal taken over again.
    package func suspend() {
        guard isStarted else { return }
        tidings_term_suspend()
    }

    /// Makes the next `draw` repaint everything (^L).
    public func requestFullRedraw() {
        renderer.invalidate()
    }

    /// Sends the difference between `frame` and the previous frame in one write.
    public func draw(_ frame: ScreenBuffer) {
        send(renderer.render(frame))
    }

    /// Sends the OSC 52 sequence for `text` (see `TerminalDevice.copyToClipboard`).
    public func copyToClipboard(_ text: String) {
        send(ClipboardSequence.bytes(for: text))
    }

    private func send(_ bytes: [UInt8]) {
        guard !bytes.isEmpty else { return }
        bytes.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let written = write(output, raw.baseAddress.map { $0 + offset }, raw.count - offset)
                if written < 0 {
                    if errno == EINTR || errno == EAGAIN { continue }
                    return
                }
                offset += written
            }
        }
    }

    /// Waits up to `timeout` (nil: without limit) for the next event. Returns nil when the time is up
    /// with nothing to report, so the caller can do periodic work.
    public func nextEvent(timeout: Duration?) -> InputEvent? {
        if !queued.isEmpty { return queued.removeFirst() }
        let clock = ContinuousClock()
        let deadline = timeout.map { clock.now + $0 }
        while true {
            if let event = signalEvent() { return event }
            var wait = deadline.map { clock.now.duration(to: $0) }
            if decoder.hasPendingInput { wait = min(wait ?? escapeTimeout, escapeTimeout) }
            var descriptors = [
                pollfd(fd: input, events: Int16(POLLIN), revents: 0),
                pollfd(fd: wakeup.readDescriptor, events: Int16(POLLIN), revents: 0),
            ]
            let ready = poll(&descriptors, 2, wait.map(TerminalWakeup.milliseconds) ?? -1)
            if ready < 0 {
                if errno == EINTR { continue }
                return .inputClosed
            }
            if ready == 0 {
                if decoder.hasPendingInput, let event = enqueue(decoder.flush()) { return event }
                if let deadline, clock.now >= deadline { return nil }
                continue
            }
            if descriptors[1].revents != 0, wakeup.drain() { return .wakeup }
            if descriptors[0].revents != 0 {
                var buffer = [UInt8](repeating: 0, count: 4096)
                let count = buffer.withUnsafeMutableBytes { read(input, $0.baseAddress, $0.count) }
                if count < 0, errno == EINTR || errno == EAGAIN { continue }
                if count <= 0 { return .inputClosed }
                if let event = enqueue(decoder.decode(buffer[0..<count])) { return event }
            }
        }
    }

    /// The tty's current size (80x24 if it cannot be read).
    package func currentSize() -> TerminalSize {
        Terminal.readSize(output)
    }

    /// Queues decoded events, acting on Ctrl-Z itself when asked to; returns the first to report.
    private func enqueue(_ events: [InputEvent]) -> InputEvent? {
        for event in events {
            if handlesSuspendKey, event == .key(.ctrl("z")) {
                suspend()
                continue
            }
            queued.append(event)
        }
        return queued.isEmpty ? nil : queued.removeFirst()
    }

    private func signalEvent() -> InputEvent? {
        let events = tidings_term_take_events()
        if events & TIDINGS_TERM_EVENT_RESUMED != 0 { renderer.invalidate() }
        guard events & (TIDINGS_TERM_EVENT_RESIZE | TIDINGS_TERM_EVENT_RESUMED) != 0 else { return nil }
        size = Terminal.readSize(output)
        return .resize(size)
    }

    private static func readSize(_ descriptor: Int32) -> TerminalSize {
        TerminalSize.current(of: descriptor) ?? TerminalSize(width: 80, height: 24)
    }
}
