import Foundation

/// Reads a whole input file (the feed list, a file to import, a template) with reasons a user can act
/// on: a directory, a missing file, a file too large, or the system's own words (`Permission denied`),
/// never a framework error domain.
enum InputFile {
    /// Why `read` failed.
    enum Failure: Error, Equatable {
        case missing
        case directory
        case tooLarge(Int)
        case unreadable(String)

        /// Completes "cannot read PATH: …".
        var reason: String {
            switch self {
            case .missing: "no such file"
            case .directory: "it is a directory, not a file"
            case .tooLarge(let bytes): "it is \(bytes >> 20) MB, too large"
            case .unreadable(let reason): reason
            }
        }
    }

    /// The bytes of the file at `path`, refusing anything but a readable file (or device, FIFO) of at
    /// most `limit` bytes.
    static func read(_ path: String, limit: Int) throws(Failure) -> Data {
        try readWithStatus(path, limit: limit).data
    }

    /// `read`, with the file's status as `fstat` gave it on the descriptor the bytes were read from.
    static func readWithStatus(_ path: String, limit: Int) throws(Failure) -> (data: Data, status: stat) {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else {
            let code = errno
            throw code == ENOENT ? .missing : .unreadable(String(cString: strerror(code)))
        }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw .unreadable(String(cString: strerror(errno))) }
        if info.st_mode & S_IFMT == S_IFDIR { throw .directory }
        if Int(info.st_size) > limit { throw .tooLarge(Int(info.st_size)) }
        var data = Data()
        var chunk = [UInt8](repeating: 0, count: 64 << 10)
        while true {
            let n = chunk.withUnsafeMutableBytes { Foundation.read(fd, $0.baseAddress, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                throw .unreadable(String(cString: strerror(errno)))
            }
            if n == 0 { return (data, info) }
            data.append(contentsOf: chunk[..<n])
            if data.count > limit { throw .tooLarge(data.count) }
        }
    }
}
