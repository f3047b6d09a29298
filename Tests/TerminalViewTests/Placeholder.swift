import XCTest

final class TerminalViewTestsPlaceholder: XCTestCase {
    func testBuilds() {}
}
