@testable import ReaderControllers
import TerminalView
import XCTest

final class KeyBindingTests: XCTestCase {
    func testEveryCommandHasADefaultKeyAndNoKeyTwoCommands() {
        let bindings = KeyBindings.defaults
        for command in ReaderCommand.allCases {
            XCTAssertFalse(bindings.keys(for: command).isEmpty, "\(command) has no key")
        }
        XCTAssertEqual(bindings.command(for: .character("j")), .down)
        XCTAssertEqual(bindings.command(for: .down), .down)
        XCTAssertEqual(bindings.command(for: .character(" ")), .pageDown)
        XCTAssertEqual(bindings.command(for: .ctrl("l")), .redraw)
        XCTAssertEqual(bindings.keyList(for: .down), "j, down")
        XCTAssertEqual(bindings.keyList(for: .pageDown), "pagedown, space")
    }

    func testBindingMovesKeysAndReplacesTheCommandsKeys() {
        var bindings = KeyBindings.defaults
        bindings.bind(.quit, to: [.character("j")])
        XCTAssertEqual(bindings.command(for: .character("j")), .quit)
        XCTAssertEqual(bindings.keys(for: .down), [.down])
        XCTAssertNil(bindings.command(for: .character("Q")))
    }

    func testCommandNamesAreTheConfigNames() {
        XCTAssertEqual(ReaderCommand(rawValue: "next_unread"), .nextUnread)
        XCTAssertEqual(ReaderCommand.openInBrowser.rawValue, "open_in_browser")
        XCTAssertEqual(Set(ReaderCommand.allCases.map(\.rawValue)).count, ReaderCommand.allCases.count)
    }
}
