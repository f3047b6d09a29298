/// Decides when a stream of progress states reaches a slow output (a terminal line): at most one
/// state per `interval`, but never a stale one — a state held back is shown once the interval has
/// passed (the caller schedules that for `flushAt`), and a final state is always shown at once.
/// A value; the caller keeps it under its own lock. Times are passed in, so tests need no clock.
public struct ProgressThrottle<State>: Sendable where State: Sendable {
    /// What the caller should do with the state it offered.
    public enum Decision {
        /// Show it now.
        case show(State)
        /// Held back: call `flush(now:)` at this instant (schedule it; nothing was scheduled yet).
        case flushAt(ContinuousClock.Instant)
        /// Held back; a flush is already scheduled and will show the newest state.
        case held
    }

    public let interval: Duration
    private var lastShown: ContinuousClock.Instant?
    private var pending: State?
    private var flushScheduled = false

    public init(interval: Duration = .milliseconds(50)) {
        self.interval = interval
    }

    /// Offers the newest state; `isFinal` states (the last one of a run) are always shown at once.
    public mutating func offer(_ state: State, isFinal: Bool, now: ContinuousClock.Instant) -> Decision {
        if isFinal || lastShown.map({ now - $0 >= interval }) ?? true {
            lastShown = now
            pending = nil
            return .show(state)
        }
        pending = state
        if flushScheduled { return .held }
        flushScheduled = true
        return .flushAt((lastShown ?? now) + interval)
    }

    /// The held-back state to show now, if any (a scheduled flush has come).
    public mutating func flush(now: ContinuousClock.Instant) -> State? {
        flushScheduled = false
        guard let state = pending else { return nil }
        pending = nil
        lastShown = now
        return state
    }

    /// Forgets a held-back state (the output was cleared): a flush that comes later shows nothing.
    public mutating func discard() {
        pending = nil
    }
}
