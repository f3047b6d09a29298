import Foundation
import ReaderControllers
import Synchronization

/// The live progress line of `tidings refresh` on a terminal: done/total, new articles and errors on
/// standard error, rewritten in place with a carriage return at most every 50 ms (a state held back
/// is written when the 50 ms are over, so the line never stays behind), cleared at the end.
///
/// Threading: `show` and `clear` may be called from any thread.
final class RefreshProgressLine: Sendable {
    private let enabled: Bool
    private let state = Mutex<(shown: Bool, cleared: Bool, throttle: ProgressThrottle<RefreshProgress>)>(
        (false, false, ProgressThrottle()))

    init(enabled: Bool) {
        self.enabled = enabled
    }

    func show(_ progress: RefreshProgress) {
        guard enabled else { return }
        // Decided and written under one lock, so a flush and a newer state never land out of order.
        let flushAt = state.withLock { state -> ContinuousClock.Instant? in
            switch state.throttle.offer(progress, isFinal: progress.done >= progress.total, now: .now) {
            case .show(let progress):
                Self.writeLine(progress, state: &state)
                return nil
            case .held: return nil
            case .flushAt(let instant): return instant
            }
        }
        guard let flushAt else { return }
        Task.detached { [self] in
            try? await Task.sleep(until: flushAt, clock: .continuous)
            state.withLock { state in
                if let progress = state.throttle.flush(now: .now) { Self.writeLine(progress, state: &state) }
            }
        }
    }

    func clear() {
        guard enabled else { return }
        state.withLock { state in
            state.cleared = true
            state.throttle.discard()
            if state.shown { RefreshProgressLine.writeError("\r\u{1B}[K") }
            state.shown = false
        }
    }

    private static func writeLine(
        _ progress: RefreshProgress, state: inout (shown: Bool, cleared: Bool, throttle: ProgressThrottle<RefreshProgress>)
    ) {
        guard !state.cleared else { return }
        state.shown = true
        writeError("\rrefreshing \(progress.done)/\(progress.total) feeds, \(progress.newArticles) new, "
            + "\(progress.errors) error\(progress.errors == 1 ? "" : "s")\u{1B}[K")
    }

    private static func writeError(_ text: String) {
        let bytes = Array(text.utf8)
        bytes.withUnsafeBytes { _ = write(2, $0.baseAddress, $0.count) }
    }
}
