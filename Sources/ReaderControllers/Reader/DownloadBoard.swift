import Foundation
import Synchronization

/// What the reader's background download run tells the UI loop: each running download's bytes and
/// speed, a count that moves whenever an entry's stored state changed, and how the run ended.
///
/// Threading: the run's task writes, the UI loop reads before it draws; all state is behind one
/// `Mutex`. The wakeup is posted for every change of state and the end, but for progress only while
/// the downloads view is on screen (`watching`), so that reading an article is not redrawn five times
/// a second for bytes nobody sees.
final class DownloadBoard: Sendable {
    /// One running download as last reported.
    struct Live: Sendable, Hashable {
        var done: Int64
        var total: Int64?
        /// Bytes per second over the last second or more; 0 until one has passed.
        var bytesPerSecond: Double
        fileprivate var sampledAt: ContinuousClock.Instant
        fileprivate var sampledBytes: Int64
    }

    private struct State: Sendable {
        var live: [Int64: Live] = [:]
        var version = 0
        var ended: (text: String, isError: Bool)?
        var watching = false
    }

    private let state = Mutex(State())
    private let wake: @Sendable () -> Void

    init(wake: @escaping @Sendable () -> Void) {
        self.wake = wake
    }

    /// The running downloads by queue id.
    var live: [Int64: Live] { state.withLock { $0.live } }

    /// Moves whenever an entry's stored state changed: the view reads the queue again then.
    var version: Int { state.withLock { $0.version } }

    /// The downloads view is on screen (progress then wakes the loop).
    func setWatching(_ watching: Bool) {
        state.withLock { $0.watching = watching }
    }

    /// Called on the run's task with a download's bytes.
    func progress(id: Int64, done: Int64, total: Int64?, now: ContinuousClock.Instant = .now) {
        let watching = state.withLock { state in
            var live = state.live[id] ?? Live(done: done, total: total, bytesPerSecond: 0, sampledAt: now, sampledBytes: done)
            live.done = done
            live.total = total ?? live.total
            let elapsed = now - live.sampledAt
            if elapsed >= .seconds(1) {
                let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
                live.bytesPerSecond = Double(max(0, done - live.sampledBytes)) / seconds
                live.sampledAt = now
                live.sampledBytes = done
            }
            state.live[id] = live
            return state.watching
        }
        if watching { wake() }
    }

    /// Called on the run's task when an entry's stored state changed (a download started or ended).
    func changed() {
        state.withLock { $0.version += 1 }
        wake()
    }

    /// Called on the run's task as it ends, with the line the reader shows.
    func end(_ text: String, isError: Bool) {
        state.withLock { state in
            state.ended = (text, isError)
            state.live = [:]
            state.version += 1
        }
        wake()
    }

    /// The end of the run, once, for the UI loop.
    func takeEnd() -> (text: String, isError: Bool)? {
        state.withLock { state in
            defer { state.ended = nil }
            return state.ended
        }
    }
}
