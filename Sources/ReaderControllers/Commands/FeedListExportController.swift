import FeedExport
import Foundation

/// Runs `tidings feeds export --output FILE`: the feed list as `SubscriptionsController.export`
/// gives it, written to FILE as an export's output is (atomically, beside it), after the same
/// checks (`OutputTarget`): never one of Tidings' own files, the feed list included, and never over a
/// file of another kind without `force`.
public final class FeedListExportController: Sendable {
    private let environment: AppEnvironment

    public init(environment: AppEnvironment) {
        self.environment = environment
    }

    /// Writes the list in `format` (with `all`, every stored feed it does not name after it) to `path`. Throws `CommandFailure`, `ExportError` and the feed
    /// list's errors; `path` is then left as it was.
    public func write(format: SubscriptionsFormat, all: Bool = false, to path: String, force: Bool) throws {
        let target = OutputTarget(
            path: path, option: "--output", kind: format == .opml ? .opml : .text,
            content: format == .opml ? "the feed list as OPML" : "the feed list as a urls file")
        try target.check(environment.paths, force: force)
        let text = try SubscriptionsController(environment: environment).export(format: format, all: all)
        try FeedExporter.writeFile(Array(text.utf8), to: path)
    }
}
