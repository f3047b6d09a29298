import FeedFetch
import FeedModel
import Foundation

/// Prepares the C libraries the process shares, once, before any concurrency starts: the C library's
/// character-type locale, then each wrapping module's own setup (FeedModel's libxml2, FeedFetch's
/// libcurl).
public enum ProcessSetup {
    private static let done: Bool = {
        setlocale(LC_CTYPE, "")
        FeedModelLibrary.initialize()
        FeedFetcher.globalInit()
        return true
    }()

    /// Runs the one-time initialisation; later calls do nothing.
    public static func run() {
        _ = done
    }
}
