import Dispatch
import Foundation
import ReaderControllers
import Synchronization

/// The live progress line of `tidings refresh` on a terminal: done/total, new articles and errors on
/// standard error, rewritten in place with a carriage return at most every 50 ms, cleared at the end.
///
/// Threading: `show` and `clear` may be called from any thread.
final class RefreshProgressLine: Sendable {
    private let enabled: Bool
    private let state = Mutex<(shown: Bool, last: ContinuousClock.Instant?)>((false, nil))

    init(enabled: Bool) {
        self.enabled = enabled
    }

    func show(_ progress: RefreshProgress) {
        guard enabled else { return }
        let now = ContinuousClock.now
        let due = state.withLock { state -> Bool in
            if let last = state.last, now - last < .milliseconds(50), progress.done < progress.total { return false }
            state = (true, now)
            return true
        }
        guard due else { return }
        let text = "\rrefreshing \(progress.done)/\(progress.total) feeds, \(progress.newArticles) new, "
            + "\(progress.errors) error\(progress.errors == 1 ? "" : "s")\u{1B}[K"
        RefreshProgressLine.writeError(text)
    }

    func clear() {
        guard enabled, state.withLock({ state in defer { state.shown = false }; return state.shown }) else { return }
        RefreshProgressLine.writeError("\r\u{1B}[K")
    }

    private static func writeError(_ text: String) {
        let bytes = Array(text.utf8)
        bytes.withUnsafeBytes { _ = write(2, $0.baseAddress, $0.count) }
    }
}

/// Turns SIGINT and SIGTERM into `RefreshController.cancel()` while a refresh runs: what is stored
/// stays, the lock is released, and the command exits 130. A second signal ends the process at once.
final class SignalCancellation {
    private let sources: [any DispatchSourceSignal]

    init(controller: RefreshController) {
        sources = [SIGINT, SIGTERM].map { number in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            let fired = SignalCount()
            source.setEventHandler {
                if fired.increment() > 1 { _exit(128 + number) }
                controller.cancel()
            }
            source.resume()
            return source
        }
    }

    func stop() {
        for source in sources { source.cancel() }
    }
}

/// How many times a signal arrived.
private final class SignalCount: Sendable {
    private let count = Mutex(0)

    func increment() -> Int {
        count.withLock { value in
            value += 1
            return value
        }
    }
}
