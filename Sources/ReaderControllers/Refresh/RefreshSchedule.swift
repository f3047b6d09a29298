import Foundation

/// When a feed is fetched next: after a success from what the server and the feed suggest (or what
/// the user set), after failures by exponential back-off, always within a floor and a ceiling.
struct RefreshSchedule: Sendable {
    /// Never more often than this, whatever the feed or server says (the user's own interval may be
    /// shorter, down to `userFloor`).
    var floor: TimeInterval = 15 * 60
    /// Never less often than this.
    var ceiling: TimeInterval = 24 * 3600
    /// The interval when nothing suggests one.
    var standard: TimeInterval = 60 * 60
    /// The shortest interval a user may set per feed.
    var userFloor: TimeInterval = 60
    /// The first back-off delay after a failure; it doubles per consecutive failure up to `ceiling`.
    var firstBackoff: TimeInterval = 15 * 60

    /// The next fetch after a success. `userInterval` (the OPML attribute) wins; otherwise the longest
    /// of Cache-Control max-age, RSS `ttl` (minutes) and the syndication module's period, clamped.
    func next(
        after now: Date, userInterval: TimeInterval?, maxAge: Int?, ttlMinutes: Int?, updatePeriod: TimeInterval?
    ) -> Date {
        if let userInterval, userInterval > 0 {
            return now.addingTimeInterval(min(max(userInterval, userFloor), 7 * ceiling))
        }
        let hints = [maxAge.map(TimeInterval.init), ttlMinutes.map { TimeInterval($0) * 60 }, updatePeriod]
            .compactMap { $0 }.filter { $0 > 0 && $0.isFinite }
        let interval = hints.max() ?? standard
        return now.addingTimeInterval(min(max(interval, floor), ceiling))
    }

    /// The next fetch after `failures` consecutive failures (this one included); a server's
    /// Retry-After wins when it is longer, up to the ceiling.
    func next(afterFailure now: Date, failures: Int, retryAfter: Int?, userInterval: TimeInterval?) -> Date {
        let exponent = Double(min(max(failures, 1) - 1, 16))
        var delay = min(firstBackoff * pow(2, exponent), ceiling)
        if let userInterval, userInterval > delay { delay = min(userInterval, 7 * ceiling) }
        if let retryAfter, retryAfter > 0 { delay = max(delay, min(TimeInterval(retryAfter), ceiling)) }
        return now.addingTimeInterval(delay)
    }
}
