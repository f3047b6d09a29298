/// Why a background task failed, as one line for the prompt line, with the error itself for a
/// completion that acts on its kind (several feeds found: a picker).
public struct BackgroundTaskError: Error, Sendable, CustomStringConvertible {
    public let description: String
    public let underlying: (any Error)?

    public init(description: String, underlying: (any Error)? = nil) {
        self.description = description
        self.underlying = underlying
    }
}
