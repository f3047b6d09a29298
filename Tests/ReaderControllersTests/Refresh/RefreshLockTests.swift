import Foundation
@testable import ReaderControllers
import TestSupport
import XCTest

/// The refresh lock's wait: handed over by the kernel when the holder lets go, and ended at once by
/// cancellation without keeping the lock afterwards.
final class RefreshLockTests: XCTestCase {
    private var directory: URL!

    override func setUpWithError() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("refresh-lock-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: directory)
    }

    private var path: String { directory.appendingPathComponent("tidings.db.refresh-lock").path }

    func testAWaitingAcquireGetsTheLockWhenTheHolderReleasesIt() async throws {
        let path = path
        let holder = try await RefreshLock.acquire(path: path, wait: false)
        // The waiter reports whether, once handed the lock, it really held it (a second take fails).
        let waiter = Task { () -> Bool in
            let taken = try await RefreshLock.acquire(path: path, wait: true)
            defer { taken.release() }
            return (try? await RefreshLock.acquire(path: path, wait: false)) == nil
        }
        let blocked = try await StateWait.until { FlockTable.isWaiting(on: path) }
        XCTAssertTrue(blocked, "the waiter never blocked in flock: " + FlockTable.text())
        do {
            _ = try await RefreshLock.acquire(path: path, wait: false)
            XCTFail("the lock was taken twice")
        } catch let error as RefreshError {
            XCTAssertEqual(error, .locked(path: path))
        }
        holder.release()
        let heldExclusively = try await waiter.value
        XCTAssertTrue(heldExclusively, "the waiter did not hold the lock it was handed")
        try await RefreshLock.acquire(path: path, wait: false).release()
    }

    func testCancellingAWaitEndsItAndLeavesTheLockFree() async throws {
        let path = path
        let holder = try await RefreshLock.acquire(path: path, wait: false)
        let waiter = Task { () -> Bool in
            do {
                try await RefreshLock.acquire(path: path, wait: true).release()
                return false
            } catch is CancellationError {
                return true
            }
        }
        let blocked = try await StateWait.until { FlockTable.isWaiting(on: path) }
        XCTAssertTrue(blocked, "the waiter never blocked in flock: " + FlockTable.text())
        waiter.cancel()
        let endedByCancel = try await waiter.value
        XCTAssertTrue(endedByCancel, "a cancelled wait went on to take the lock")
        holder.release()
        // The cancelled waiter's thread gets the lock when the holder lets go, drops it at once and
        // closes its descriptor: then none of this process's is open on the file.
        let closed = try await StateWait.until { try self.descriptorsOpen(on: path) == 0 }
        XCTAssertTrue(closed, "a cancelled wait kept its descriptor: " + FlockTable.text())
        try await RefreshLock.acquire(path: path, wait: false).release()
    }

    func testAWaitCancelledBeforeItStartsClosesItsDescriptor() async throws {
        let path = path
        let holder = try await RefreshLock.acquire(path: path, wait: false)
        defer { holder.release() }
        XCTAssertEqual(try descriptorsOpen(on: path), 1, "the holder's")
        let waiter = Task { () -> Bool in
            withUnsafeCurrentTask { $0?.cancel() }
            do {
                try await RefreshLock.acquire(path: path, wait: true).release()
                return false
            } catch is CancellationError {
                return true
            }
        }
        let endedByCancel = try await waiter.value
        XCTAssertTrue(endedByCancel)
        XCTAssertEqual(try descriptorsOpen(on: path), 1, "the cancelled wait left its descriptor open")
    }

    /// How many of this process's descriptors are open on `path` (other descriptors come and go with
    /// the runtime's threads, so only the lock file's are counted).
    private func descriptorsOpen(on path: String) throws -> Int {
        let target = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
        return try FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd").filter {
            (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/\($0)")) == target
        }.count
    }
}
