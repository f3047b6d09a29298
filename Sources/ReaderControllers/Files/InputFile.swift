import Foundation
import TidingsText

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
        /// A FIFO, socket or device: reading one may block for ever (a FIFO without a writer).
        case special(String)

        /// Completes "cannot read PATH: …".
        var reason: String {
            switch self {
            case .missing: "no such file"
            case .directory: "it is a directory, not a file"
            case .tooLarge(let bytes): "it is \(bytes >> 20) MB, too large"
            case .unreadable(let reason): reason
            case .special(let kind): "it is \(kind), not a regular file; give the path of a file"
            }
        }
    }

    /// The bytes of the file at `path`, refusing anything but a readable regular file of at most
    /// `limit` bytes.
    static func read(_ path: String, limit: Int) throws(Failure) -> Data {
        try readWithStatus(path, limit: limit).data
    }

    /// `read`, with the file's status as `fstat` gave it on the descriptor the bytes were read from.
    static func readWithStatus(_ path: String, limit: Int) throws(Failure) -> (data: Data, status: stat) {
        let (fd, info) = try openRegular(path)
        defer { close(fd) }
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

    /// `path` opened for reading with its status, refused unless it is a regular file. Opened without
    /// blocking, so a FIFO with no writer is refused instead of waited on for ever.
    static func openRegular(_ path: String) throws(Failure) -> (descriptor: Int32, status: stat) {
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else {
            let code = errno
            var info = stat()
            // A socket cannot be opened at all (ENXIO): name what it is rather than the system's words.
            if code == ENXIO, stat(path, &info) == 0, let kind = SpecialFile.kind(of: info.st_mode) { throw .special(kind) }
            throw code == ENOENT ? .missing : .unreadable(String(cString: strerror(code)))
        }
        var info = stat()
        guard fstat(fd, &info) == 0 else {
            let code = errno
            close(fd)
            throw .unreadable(String(cString: strerror(code)))
        }
        if let kind = SpecialFile.kind(of: info.st_mode) {
            close(fd)
            throw kind == "a directory" ? .directory : .special(kind)
        }
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK)
        return (fd, info)
    }
}
