import Foundation
import TerminalView

// What the view controllers ask of the application (`ReaderActions`): messages, prompts, the browser,
// background tasks, refreshes, leaving the terminal for a command.
extension ReaderApplication: ReaderActions {
    package func showMessage(_ text: String, isError: Bool) {
        message = (text, isError)
    }

    package func beginPrompt(_ prompt: String, initial: String, completion: @escaping (String) -> Void) {
        self.prompt = (PromptLine(prompt: prompt, text: initial), completion)
    }

    package func ask(_ question: String, completion: @escaping (Bool) -> Void) {
        self.question = (question, completion)
    }

    package func openInBrowser(_ url: String) {
        do {
            try browser.open(url) { arguments, input in
                defer { device.requestFullRedraw() }
                return try runChild(arguments, input)
            }
            message = ("Opened \(ReaderFormat.clean(url))", false)
        } catch {
            message = ("Cannot open the browser: \(error)", true)
        }
    }

    package func copyToClipboard(_ text: String) {
        device.copyToClipboard(text)
        message = ("Copied \(ReaderFormat.clean(text).prefix(80)) (OSC 52: the terminal must allow it)", false)
    }

    package func pipe(_ text: String, to command: String) {
        do {
            let status = try runChild(CommandPipe.arguments(command), Array(text.utf8))
            device.requestFullRedraw()
            message = status == 0
                ? ("Piped to \(ReaderFormat.clean(command))", false)
                : ("\(ReaderFormat.clean(command)) exited with status \(status)", true)
        } catch {
            device.requestFullRedraw()
            message = ("Cannot run \(ReaderFormat.clean(command)): \(error)", true)
        }
    }

    package func runOnTerminal(_ arguments: [String]) throws -> Int32 {
        defer { device.requestFullRedraw() }
        return try runChild(arguments, nil)
    }

    package func runInBackground(
        _ busy: String, _ work: @escaping @Sendable () async throws -> String,
        completion: @escaping (Result<String, BackgroundTaskError>) -> Void
    ) {
        nextTaskNumber += 1
        let number = nextTaskNumber
        taskCompletions[number] = completion
        message = (busy, false)
        let mailbox = self.mailbox
        Task.detached {
            do {
                mailbox.post(.taskEnded(number, .success(try await work())))
            } catch {
                mailbox.post(.taskEnded(number, .failure(BackgroundTaskError(description: "\(error)", underlying: error))))
            }
        }
    }

    package func refresh(feedURLs: [String]?) {
        guard refreshTask == nil, syncTask == nil else {
            message = ("A refresh is already running.", false)
            return
        }
        guard let makeRefresher else {
            message = ("Refreshing is not available.", true)
            return
        }
        let service = makeRefresher()
        refresher = service
        refreshSyncsAfter = feedURLs == nil
        let options = RefreshOptions(
            all: feedURLs == nil, feeds: feedURLs ?? [], unattended: false, retention: context.config.retention,
            ignoreRules: context.config.ignoreRules)
        let mailbox = self.mailbox
        let again = context.config.keys.keys(for: .refreshAll).first?.name ?? "the refresh key"
        refreshStatus = "Refreshing…"
        refreshTask = Task.detached {
            do {
                let summary = try await service.run(options) { mailbox.post(.progress($0)) }
                mailbox.post(.finished(summary))
            } catch RefreshError.locked(_) {
                mailbox.post(.failed("another refresh is running (cron or another window); press \(again) again when it is done"))
            } catch {
                mailbox.post(.failed(CommandFailure(error).message))
            }
        }
    }
}
