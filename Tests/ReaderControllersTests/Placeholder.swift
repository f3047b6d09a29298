import XCTest

final class ReaderControllersTestsPlaceholder: XCTestCase {
    func testBuilds() {}
}
