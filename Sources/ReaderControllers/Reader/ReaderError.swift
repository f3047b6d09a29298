/// Why the reader could not start.
public enum ReaderError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Standard input or output is not a terminal (redirected, or run from a script).
    case notATerminal
    /// The terminal could not be set up.
    case terminal(String)
    /// The feed list cannot be read or does not parse.
    case subscriptions(SubscriptionsError)

    public var description: String {
        switch self {
        case .notATerminal: "the reader needs a terminal (standard input and output are not one)"
        case .terminal(let reason): "cannot set up the terminal: \(reason)"
        case .subscriptions(let error): error.description
        }
    }

    /// The exit status for the command line: 2 without a terminal, the feed list's own, else 74.
    public var exitStatus: ExitStatus {
        switch self {
        case .notATerminal: .usage
        case .terminal: .ioError
        case .subscriptions(let error): error.exitStatus
        }
    }
}
