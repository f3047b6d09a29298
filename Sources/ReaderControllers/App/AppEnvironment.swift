import FeedFetch
import FeedStore
import Foundation

/// The composition root: resolves where the user's files are, opens the store, and builds the
/// fetch service with the user's settings. Every command builds one and hands it to its controller.
///
/// Thread-safety: immutable after init; the store and fetch service it hands out are thread-safe.
public final class AppEnvironment: Sendable {
    package let paths: TidingsPaths
    public let store: FeedStore
    package let fetchConfiguration: FetchConfiguration

    /// Opens (creating when missing) the database at `paths.database`, each reading connection caching
    /// up to `readerCacheKilobytes` of pages, list pages prefetching their rows with `prefetchesListRows`
    /// (`FeedStore.init`). Throws `EnvironmentError`.
    public init(
        paths: TidingsPaths, fetchConfiguration: FetchConfiguration = AppEnvironment.defaultFetchConfiguration,
        readerCacheKilobytes: Int = 16_384, prefetchesListRows: Bool = false
    ) throws {
        ProcessSetup.run()
        do {
            try paths.createDirectories()
        } catch {
            throw EnvironmentError.cannotCreateFolder(
                path: ((error as NSError).userInfo[NSFilePathErrorKey] as? String)
                    ?? (paths.database as NSString).deletingLastPathComponent,
                reason: CommandFailure.systemReason(error, namingPath: false))
        }
        let files = DatabaseFiles(database: paths.database)
        try files.checkKinds()
        self.paths = paths
        do {
            self.store = try FeedStore(
                path: paths.database, readerCacheKilobytes: readerCacheKilobytes, prefetchesListRows: prefetchesListRows)
        } catch let error as FeedStoreError {
            switch error {
            case .upgradeFailed, .upgradeCopyFailed, .newerSchema:
                throw EnvironmentError.upgrade(path: paths.database, reason: error.description)
            default: throw error
            }
        } catch {
            guard let failure = DatabaseFailure(error) else { throw error }
            if failure.kind == .cannotOpen, let reason = files.unwritableReason() {
                throw EnvironmentError.databaseUnwritable(path: paths.database, reason: reason)
            }
            throw EnvironmentError.database(path: paths.database, failure: failure)
        }
        self.fetchConfiguration = fetchConfiguration
    }

    /// The fetch settings Tidings uses unless told otherwise: libcurl's defaults plus its own User-Agent.
    public static var defaultFetchConfiguration: FetchConfiguration {
        var configuration = FetchConfiguration()
        configuration.userAgent = FetchConfiguration.userAgent(version: TidingsVersion.string)
        return configuration
    }

    /// A fetch service for one refresh; its transfers end with it.
    package func makeFetcher() -> FeedFetcher {
        FeedFetcher(configuration: fetchConfiguration)
    }
}
