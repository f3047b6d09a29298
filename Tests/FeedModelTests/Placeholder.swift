import XCTest

final class FeedModelTestsPlaceholder: XCTestCase {
    func testBuilds() {}
}
