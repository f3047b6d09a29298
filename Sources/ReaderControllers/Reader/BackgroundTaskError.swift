/// Why a background task failed, as one line for the prompt line, with the error itself for a
/// completion that acts on its kind (several feeds found: a picker).
package struct BackgroundTaskError: Error, Sendable, CustomStringConvertible {
    package let description: String
    package let underlying: (any Error)?

    package init(description: String, underlying: (any Error)? = nil) {
        self.description = description
        self.underlying = underlying
    }
}
