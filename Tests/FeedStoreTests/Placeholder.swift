import XCTest

final class FeedStoreTestsPlaceholder: XCTestCase {
    func testBuilds() {}
}
