import CLibXML2
import FeedFetch
import Foundation

/// Prepares the C libraries the process shares, once, before any concurrency starts: libxml2's
/// global tables, libcurl's global state and the C library's character-type locale.
public enum ProcessSetup {
    private static let done: Bool = {
        setlocale(LC_CTYPE, "")
        xmlInitParser()
        FeedFetcher.globalInit()
        return true
    }()

    /// Runs the one-time initialisation; later calls do nothing.
    public static func run() {
        _ = done
    }
}
