import FeedFetch
import FeedSync

/// Opens the client of an `[[account]]` (its password read now, one connection to the service) for
/// one piece of work, and keeps the Google Reader session token in its file afterwards.
enum AccountService {
    /// Runs `body` with the account's client; its `AccountSyncFailure` or `SyncError` goes to the caller.
    static func with<T>(
        _ account: SyncAccount, environment: AppEnvironment, _ body: (any FeedService) async throws -> T
    ) async throws -> T {
        let password = try AccountPassword.read(account)
        let credentials = SyncCredentials(user: account.user, password: password)
        var configuration = environment.fetchConfiguration
        configuration.maxPerHost = 1
        configuration.maxConcurrent = 1
        let fetcher = FeedFetcher(configuration: configuration)
        switch account.kind {
        case .greader:
            let tokenFile = SyncTokenFile(account: account)
            let client = GoogleReaderClient(
                endpoint: account.url, credentials: credentials, authToken: tokenFile.read(), fetcher: fetcher)
            // Kept whatever happened; nil after a rejection: the file goes, and the next run logs in again.
            let result: Result<T, any Error>
            do {
                result = .success(try await body(client))
            } catch {
                result = .failure(error)
            }
            tokenFile.write(await client.authToken)
            return try result.get()
        case .fever:
            return try await body(FeverClient(endpoint: account.url, credentials: credentials, fetcher: fetcher))
        }
    }
}
