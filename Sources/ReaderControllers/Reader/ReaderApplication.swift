import Foundation
import TerminalView

/// The reader's run loop: reads events from a `TerminalDevice` (the real terminal, or a
/// `HeadlessTerminal` in tests and benchmarks), turns keys into commands through the key bindings,
/// gives them to the visible controller of the navigation stack, and draws a frame after each event:
/// title bar, the controller's content, the status line (refresh progress, position) and the prompt
/// line (messages, `/` search input, a number typed before `o`). The `?` help overlay lists the
/// bindings. Background tasks (refreshes, `runInBackground`) never call into the main actor: they
/// post to a mailbox and the device's `wakeup`, and the loop takes what they posted before it draws;
/// new articles reach the visible controller through `storeDidChange()`. Accounts sync the same way
/// (`ReaderApplicationSync.swift`), and the status line says how each stands.
///
/// Isolated to the main actor: `run` is the main thread's loop until the user quits.
@MainActor
package final class ReaderApplication {
    package let navigation: NavigationController
    package let context: ReaderContext
    /// True once the user quit or the input went away.
    package private(set) var isFinished = false
    let device: any TerminalDevice
    let mailbox: ReaderMailbox
    let makeRefresher: (() -> any ReaderRefreshing)?
    var refresher: (any ReaderRefreshing)?
    var refreshTask: Task<Void, Never>?
    var refreshStatus: String?
    /// Whether the running refresh syncs the accounts when it is done (`R`, not `r`).
    var refreshSyncsAfter = false
    let accountSync: ReaderAccountSync?
    var syncTask: Task<Void, Never>?
    var accountStatus: ReaderAccountStatus
    private var lastProgressReload = ContinuousClock.now
    var prompt: (line: PromptLine, completion: (String) -> Void)?
    /// A yes/no question waiting for its one key.
    var question: (text: String, completion: (Bool) -> Void)?
    private var helpOffset: Int?
    /// A frame was drawn (`processEvents` then draws only after events).
    private var hasDrawn = false
    var message: (text: String, isError: Bool)?
    private var typedNumber = ""
    /// The macro key was pressed: the next key names the macro to run.
    private var awaitsMacroKey = false
    /// Completions of background tasks still running, by task number.
    var taskCompletions: [Int: (Result<String, BackgroundTaskError>) -> Void] = [:]
    var nextTaskNumber = 0
    let browser: BrowserLauncher
    let runChild: ChildRunner

    /// - Parameters:
    ///   - makeRefresher: builds the refresh service for `r`/`R`; nil disables refreshing.
    ///   - accountSync: syncs the config's accounts at start (those due) and after `R`; nil: none.
    ///   - runChild: runs a program that uses the terminal (`|`, terminal browsers), handing it the
    ///     terminal's foreground, and returns its exit status (`Terminal.runChild`).
    package init(
        device: any TerminalDevice, context: ReaderContext, makeRefresher: (() -> any ReaderRefreshing)? = nil,
        accountSync: ReaderAccountSync? = nil, environment: [String: String] = ProcessInfo.processInfo.environment,
        runChild: @escaping ChildRunner = { try TerminalChild.run($0, input: $1, terminal: nil) }
    ) {
        self.device = device
        self.context = context
        self.makeRefresher = makeRefresher
        self.accountSync = accountSync
        accountStatus = ReaderAccountStatus(accounts: accountSync?.accounts.map(\.name) ?? [])
        self.runChild = runChild
        let wakeup = device.wakeup
        let wake: @Sendable () -> Void = { wakeup.post() }
        mailbox = ReaderMailbox(wake: wake)
        context.wake = wake
        browser = BrowserLauncher(
            configured: context.config.browser, isTerminal: context.config.browserIsTerminal, environment: environment)
        navigation = NavigationController(root: FeedListViewController(context: context), context: context)
        context.actions = self
    }

    /// Draws the first frame, starts the sync of the accounts that are due (in the background; with
    /// `refresh_on_start`, the refresh syncs them all when it is done), runs `afterFirstFrame` (work
    /// that must not delay the first screen; when it returns true, the visible list is then read again
    /// and drawn), then handles events until the user quits or the input closes.
    package func run(afterFirstFrame: (() -> Bool)? = nil) {
        if context.config.refreshOnStart { refresh(feedURLs: nil) }
        draw()
        if !context.config.refreshOnStart { syncAccounts(dueOnly: true) }
        if let afterFirstFrame {
            if afterFirstFrame() { navigation.topViewController?.storeDidChange() }
            draw()
        }
        while !isFinished {
            let waiting = refreshTask != nil || syncTask != nil || !taskCompletions.isEmpty
            let event = device.nextEvent(timeout: waiting ? .milliseconds(500) : nil)
            takeNotices()
            if let event { handle(event) }
            if !isFinished { draw() }
        }
        refresher?.cancel()
        context.downloads?.stop()
    }

    /// Handles every event the device has queued, drawing after each; returns when none is left (for a
    /// `HeadlessTerminal`, whose `nextEvent` never waits) or the user quit.
    package func processEvents() {
        takeNotices()
        guard !isFinished else { return draw() }
        // A frame follows each event, as in `run`; one before the first event only when no event
        // follows, or nothing was drawn since the stack changed (a pushed table lays itself out as
        // it draws, and PgDn pages by the rows it showed).
        var event = device.nextEvent(timeout: .zero)
        if event == nil || navigation.didChangeStack || !hasDrawn { draw() }
        while !isFinished, let current = event {
            takeNotices()
            handle(current)
            if !isFinished { draw() }
            event = isFinished ? nil : device.nextEvent(timeout: .zero)
        }
    }

    /// Handles events as `processEvents` does, then keeps waiting for more (typed keys, or a wakeup
    /// from background work) until `done()` holds or `timeout` has passed; returns whether `done()`
    /// held. The wait blocks on the device, never in a sleep: tests and benchmarks use it to wait for
    /// background results.
    @discardableResult
    package func processEvents(until done: () -> Bool, timeout: Duration = .seconds(30)) -> Bool {
        let deadline = ContinuousClock.now + timeout
        processEvents()
        while !done() {
            let left = ContinuousClock.now.duration(to: deadline)
            guard !isFinished, left > .zero else { return false }
            let event = device.nextEvent(timeout: left)
            takeNotices()
            if let event { handle(event) }
            if !isFinished { draw() }
        }
        return true
    }

    /// Waits (up to `timeout`) for a running refresh and background tasks to finish and applies what
    /// they reported; returns whether they finished.
    @discardableResult
    package func waitForRefresh(timeout: Duration = .seconds(30)) -> Bool {
        processEvents(until: { refreshTask == nil && syncTask == nil && taskCompletions.isEmpty }, timeout: timeout)
    }

    /// Applies one input event.
    package func handle(_ event: InputEvent) {
        switch event {
        case .resize:
            device.requestFullRedraw()
            return
        case .wakeup:
            return
        case .inputClosed:
            isFinished = true
            return
        case .key:
            accountStatus.marksMayHaveChanged()
        default:
            break
        }
        if let asked = question, case .key(let key) = event {
            question = nil
            asked.completion(key == .character("y") || key == .character("Y"))
            return
        }
        if var current = prompt {
            let outcome = current.line.handle(event)
            switch outcome {
            case .editing: prompt = current
            case .cancelled: prompt = nil
            case .submitted(let text):
                prompt = nil
                current.completion(text)
            }
            return
        }
        if case .key = event { message = nil }
        if helpOffset != nil {
            handleHelp(event)
            return
        }
        guard let top = navigation.topViewController else { return }
        guard case .key(let key) = event else {
            _ = top.handle(event)
            return
        }
        if awaitsMacroKey {
            awaitsMacroKey = false
            runMacro(key)
            return
        }
        let command = context.config.keys.command(for: key)
        if command == nil, case .character(let character) = key, character.isASCII, character.isNumber {
            typedNumber.append(character)
            return
        }
        let count = Int(typedNumber)
        typedNumber = ""
        if let command {
            perform(command, count: count, key: key)
        } else if !top.handle(event) {
            message = ("Unknown key \(key.name) (? for help)", false)
        }
    }

    /// Draws the current screen.
    package func draw() {
        let size = device.size
        var buffer = ScreenBuffer(size: size)
        let layout = Layout(size: size)
        let theme = context.config.theme
        guard let top = navigation.topViewController else { return }
        let help = context.config.keys.keyList(for: .help)
        StatusLine(left: "Tidings: \(top.title)", right: help.isEmpty ? "" : "\(help.split(separator: ",")[0]) help", style: theme.titleBar)
            .draw(into: &buffer, frame: layout.titleBar)
        context.downloads?.board.setWatching(top is DownloadsViewController)
        top.draw(into: &buffer, frame: layout.content)
        if var offset = helpOffset {
            helpOverlay.draw(into: &buffer, frame: layout.content, offset: &offset)
            helpOffset = offset
        }
        let left = [refreshStatus, accountStatusText()].compactMap { $0 }.joined(separator: "  ")
        StatusLine(left: left, right: top.status, style: theme.statusLine)
            .draw(into: &buffer, frame: layout.statusLine)
        if let question {
            buffer.write(question.text + " (y/n) ", in: layout.promptLine)
        } else if let prompt {
            prompt.line.draw(into: &buffer, frame: layout.promptLine)
        } else if let message {
            buffer.write(message.text, in: layout.promptLine, style: message.isError ? theme.error : .plain)
        } else if !typedNumber.isEmpty {
            let open = context.config.keys.keys(for: .openInBrowser).first?.name ?? "o"
            let copy = context.config.keys.keys(for: .copyURL).first?.name ?? "y"
            buffer.write(
                "\(typedNumber) (\(open) opens link \(typedNumber), \(copy) copies it)", in: layout.promptLine)
        }
        navigation.didChangeStack = false
        hasDrawn = true
        device.draw(buffer)
        ArticleListPages.noteFrameDrawn()
        top.didDraw()
    }

    private func perform(_ command: ReaderCommand, count: Int?, key: Key) {
        guard let top = navigation.topViewController else { return }
        switch command {
        case .quit:
            isFinished = true
        case .help:
            helpOffset = 0
        case .redraw:
            device.requestFullRedraw()
        case .refreshAll:
            refresh(feedURLs: nil)
        case .cancelRefresh:
            if let refresher {
                refresher.cancel()
                refreshStatus = "Cancelling refresh…"
            } else if key == .ctrl("c") {
                isFinished = true
            }
        case .macro:
            guard !context.config.macros.isEmpty else {
                message = ("No macros: define them in [macros] in config.toml.", false)
                return
            }
            awaitsMacroKey = true
            let keys = context.config.macros.keys.map(\.name).sorted().joined(separator: " ")
            message = ("Macro: press \(keys)", false)
        case .downloads:
            guard !(top is DownloadsViewController) else { return }
            navigation.push(DownloadsViewController(context: context))
        case .back:
            if top.perform(.back, count: count) {
                // The controller went back within itself (a tag filter, an open folder).
            } else if navigation.viewControllers.count > 1 {
                navigation.pop()
            } else if case .character = key {
                isFinished = true
            }
        default:
            if !top.perform(command, count: count) {
                message = ("\(command.summary.prefix(1).uppercased() + command.summary.dropFirst()): not available here", false)
            }
        }
    }

    /// Runs the commands of the macro on `key`, in order, each on the controller visible by then.
    private func runMacro(_ key: Key) {
        message = nil
        guard let commands = context.config.macros[key] else {
            message = ("No macro on \(key.name).", false)
            return
        }
        for command in commands where !isFinished {
            perform(command, count: nil, key: key)
        }
    }

    private var helpOverlay: HelpOverlay {
        var entries = ReaderCommand.allCases.map { command in
            HelpOverlay.Entry(keys: context.config.keys.keyList(for: command), description: command.summary)
        }
        let prefix = context.config.keys.keys(for: .macro).first?.name ?? "macro"
        for (key, commands) in context.config.macros.sorted(by: { $0.key.name < $1.key.name }) {
            entries.append(HelpOverlay.Entry(
                keys: "\(prefix) \(key.name)", description: "macro: " + commands.map(\.rawValue).joined(separator: ", ")))
        }
        return HelpOverlay(title: "Keys (q or ? to close)", entries: entries, keyStyle: .bold)
    }

    private func handleHelp(_ event: InputEvent) {
        guard case .key(let key) = event, var offset = helpOffset else { return }
        switch context.config.keys.command(for: key) {
        case .down: offset += 1
        case .up: offset -= 1
        case .pageDown: offset += 10
        case .pageUp: offset -= 10
        default:
            helpOffset = nil
            return
        }
        helpOffset = max(0, offset)
    }

    /// The failed feeds' titles for the status line, the first few and how many more.
    static func names(_ failures: [RefreshFeedResult]) -> String {
        let shown = failures.prefix(3).map { ReaderFormat.clean($0.title.isEmpty ? $0.url : $0.title) }
        return shown.joined(separator: ", ") + (failures.count > shown.count ? " and \(failures.count - shown.count) more" : "")
    }

    /// Applies what background refreshes and downloads reported since the last look.
    private func takeNotices() {
        if let end = context.downloads?.takeEnd() { message = end }
        for notice in mailbox.take() {
            switch notice {
            case .progress(let progress):
                refreshStatus = "Refreshing \(progress.done)/\(progress.total) feeds, \(progress.newArticles) new"
                    + (progress.errors > 0 ? ", \(progress.errors) failed" : "")
                    + " (\(context.config.keys.keyList(for: .cancelRefresh)) to cancel)"
                if progress.newArticles > 0, ContinuousClock.now - lastProgressReload > .seconds(1) {
                    lastProgressReload = .now
                    navigation.topViewController?.storeDidChange()
                }
            case .finished(let summary):
                // A database that cannot store the local feeds cannot store the accounts' either.
                let syncs = refreshSyncsAfter && !summary.cancelled && summary.storeFailure == nil
                finishRefresh()
                if syncs { syncAccounts(dueOnly: false) }
                context.scope = summary.scope
                let failed = summary.failures.count
                refreshStatus = nil
                let feeds = summary.feeds.count
                message = summary.storeFailure.map { ("Refresh stopped: " + ReaderFormat.clean($0), true) } ?? (
                    (summary.cancelled ? "Refresh cancelled: " : "Refreshed \(feeds) feed\(feeds == 1 ? "" : "s"): ")
                        + "\(summary.newArticles) new" + (failed > 0 ? ", \(failed) failed: " + Self.names(summary.failures) : "")
                        + (summary.incompleteCount > 0 ? " (\(summary.incompleteCount) incomplete)" : ""), failed > 0)
                navigation.topViewController?.storeDidChange()
            case .failed(let reason):
                finishRefresh()
                refreshStatus = nil
                message = ("Refresh failed: \(reason)", true)
            case .taskEnded(let number, let result):
                message = nil
                taskCompletions.removeValue(forKey: number)?(result)
            case .syncing, .synced:
                takeSyncNotice(notice)
            }
        }
    }

    private func finishRefresh() {
        refreshTask = nil
        refresher = nil
        refreshSyncsAfter = false
    }
}
