import FeedStore
import Foundation
@testable import ReaderControllers
import TerminalView
import TestSupport
import XCTest

/// Work that must not delay the reader's first screen (making the store follow the feed list) runs
/// once that screen is drawn, and what it changed is on the next screen.
@MainActor
final class ReaderFirstFrameTests: XCTestCase {
    func testAfterFirstFrameRunsOnceTheFirstScreenIsDrawnAndItsChangesAreShown() async throws {
        let (store, terminal, app) = try readerWithOneStoredFeed()
        var framesBefore = -1
        var screenBefore = ""
        app.run(afterFirstFrame: {
            framesBefore = terminal.frameCount
            screenBefore = terminal.lines.joined(separator: "\n")
            _ = try? store.addFeed(url: "https://late.example/feed", title: "Added After")
            return true
        })
        XCTAssertEqual(framesBefore, 1)
        XCTAssertTrue(screenBefore.contains("Already Stored"), screenBefore)
        XCTAssertFalse(screenBefore.contains("Added After"), screenBefore)
        let screenAfter = terminal.lines.joined(separator: "\n")
        XCTAssertTrue(screenAfter.contains("Added After"), screenAfter)
        XCTAssertTrue(app.isFinished)
    }

    /// When the work changed nothing (an unchanged feed list), the feeds are not read again: a feed
    /// added meanwhile by someone else shows only once the list is read for another reason.
    func testAfterFirstFrameThatChangedNothingKeepsTheFirstScreen() async throws {
        let (store, terminal, app) = try readerWithOneStoredFeed()
        app.run(afterFirstFrame: {
            _ = try? store.addFeed(url: "https://late.example/feed", title: "Added After")
            return false
        })
        let screenAfter = terminal.lines.joined(separator: "\n")
        XCTAssertTrue(screenAfter.contains("Already Stored"), screenAfter)
        XCTAssertFalse(screenAfter.contains("Added After"), screenAfter)
    }

    /// A reader on a fresh store holding one feed ("Already Stored"), whose input closes after the
    /// first screen.
    private func readerWithOneStoredFeed() throws -> (FeedStore, HeadlessTerminal, ReaderApplication) {
        let folder = try TemporaryFolder.make(self, prefix: "ReaderFirstFrame")
        let store = try FeedStore(path: folder + "/tidings.db")
        try store.addFeed(url: "https://first.example/feed", title: "Already Stored")
        let terminal = try HeadlessTerminal(size: TerminalSize(width: 80, height: 20))
        let app = ReaderApplication(
            device: terminal, context: ReaderContext(store: store, config: ReaderConfig()), environment: [:])
        terminal.enqueue(.inputClosed)
        return (store, terminal, app)
    }
}
