/// A config file that cannot be used: which file, where, and why, in one line.
public struct ConfigError: Error, Sendable, Hashable, CustomStringConvertible {
    public let path: String
    public let line: Int?
    public let message: String
    /// 78 for a config that is wrong; 66 for a path that is no file to read (a FIFO, a device).
    public let status: ExitStatus

    package init(path: String, line: Int? = nil, message: String, status: ExitStatus = .config) {
        self.path = path
        self.line = line
        self.message = message
        self.status = status
    }

    public var description: String {
        let place = line.map { "\(path):\($0)" } ?? path
        let oneLine = message.split(whereSeparator: \.isNewline).joined(separator: " ")
        return "config \(place): \(oneLine)"
    }
}
