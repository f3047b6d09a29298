import Foundation

/// Waits for a state another thread or process reaches, checking it again every few milliseconds,
/// so that a test never stands still for a guessed time. Each returns whether the state was reached
/// before the deadline, for the test to assert (and say what it waited for).
public enum StateWait {
    /// Checks `condition` until it holds or `seconds` have passed, blocking this thread (for
    /// synchronous tests; an async test suspends with `until`).
    public static func blockingUntil(seconds: Double = 30, _ condition: () throws -> Bool) rethrows -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if try condition() { return true }
            usleep(10_000)
        }
        return try condition()
    }

    /// Checks `condition` until it holds or `seconds` have passed, suspending the task between checks.
    public static func until(
        seconds: Double = 30, _ condition: () async throws -> Bool
    ) async throws -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if try await condition() { return true }
            try await Task.sleep(for: .milliseconds(10))
        }
        return try await condition()
    }
}
