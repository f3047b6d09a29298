/// Why a background task failed, as one line for the prompt line.
public struct BackgroundTaskError: Error, Sendable, CustomStringConvertible {
    public let description: String
}
