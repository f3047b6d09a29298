import XCTest

final class FeedFetchTestsPlaceholder: XCTestCase {
    func testBuilds() {}
}
