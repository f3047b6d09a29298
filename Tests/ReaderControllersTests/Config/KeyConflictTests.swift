@testable import ReaderControllers
import TerminalView
import XCTest

/// `[keys]` giving one key to two commands is refused, naming the key and both commands.
final class KeyConflictTests: XCTestCase {
    func testOneKeyForTwoCommandsIsAnError() {
        XCTAssertThrowsError(try ReaderConfig.parse("[keys]\nup = \"k\"\ndown = \"k\"\n", path: "c.toml")) { error in
            XCTAssertEqual("\(error)", "config c.toml: key 'k' is bound to both 'up' and 'down' in [keys]")
        }
        // Reported the same way round whatever the file's order.
        XCTAssertThrowsError(try ReaderConfig.parse("[keys]\ndown = [\"j\", \"k\"]\nup = \"k\"\n", path: "c.toml")) { error in
            XCTAssertEqual("\(error)", "config c.toml: key 'k' is bound to both 'up' and 'down' in [keys]")
        }
    }

    func testAKeyTakenFromADefaultBindingIsNoConflict() throws {
        let config = try ReaderConfig.parse("[keys]\nsearch = \"n\"\nup = [\"k\", \"k\"]\n")
        XCTAssertEqual(config.keys.command(for: .character("n")), .search)
        XCTAssertEqual(config.keys.keys(for: .nextUnread), [], "next_unread lost its only key")
        XCTAssertEqual(config.keys.command(for: .character("k")), .up)
    }
}
