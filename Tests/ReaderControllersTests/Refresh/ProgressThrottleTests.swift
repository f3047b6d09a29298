@testable import ReaderControllers
import XCTest

/// The progress throttle never leaves an old state on screen: a held-back state is shown when the
/// interval is over, and a final state at once.
final class ProgressThrottleTests: XCTestCase {
    func testHeldBackStatesAreShownAfterTheIntervalAndTheFinalOneAtOnce() {
        var throttle = ProgressThrottle<Int>(interval: .milliseconds(50))
        let start = ContinuousClock.now
        guard case .show(1) = throttle.offer(1, isFinal: false, now: start) else { return XCTFail("first shown") }
        guard case .flushAt(let at) = throttle.offer(2, isFinal: false, now: start + .milliseconds(10)) else {
            return XCTFail("second held, a flush asked for")
        }
        XCTAssertEqual(at, start + .milliseconds(50))
        guard case .held = throttle.offer(3, isFinal: false, now: start + .milliseconds(20)) else {
            return XCTFail("third held, the flush already asked for")
        }
        XCTAssertEqual(throttle.flush(now: at), 3, "the flush shows the newest state")
        XCTAssertNil(throttle.flush(now: at + .milliseconds(1)))
        guard case .flushAt = throttle.offer(4, isFinal: false, now: at + .milliseconds(5)) else {
            return XCTFail("held again after a flush")
        }
        guard case .show(5) = throttle.offer(5, isFinal: true, now: at + .milliseconds(6)) else {
            return XCTFail("the final state is shown at once")
        }
        XCTAssertNil(throttle.flush(now: at + .milliseconds(50)), "nothing older follows the final state")
        guard case .show(6) = throttle.offer(6, isFinal: false, now: at + .milliseconds(200)) else {
            return XCTFail("after the interval a state is shown at once")
        }
    }
}
