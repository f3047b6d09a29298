import Foundation
import ReaderControllers
import TestSupport
import XCTest

/// A test case with one local feed server per class and a fresh folder (feed list + database) per
/// test, with the process set up as `tidings` sets itself up and the folder's files as `TidingsPaths`.
class RefreshServerTestCase: FeedServerTestCase {
    override class func setUp() {
        ProcessSetup.run()
        super.setUp()
    }

    var paths: TidingsPaths {
        TidingsPaths(feedList: files.feedList, database: files.database, config: files.config)
    }

    func environment() throws -> AppEnvironment {
        try AppEnvironment(paths: paths)
    }
}
