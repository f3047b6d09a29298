import Foundation
import TidingsText

/// Looks at the file a `file://` URL names before libcurl reads it: libcurl opens it blocking on the
/// one transfer thread, so a FIFO with no writer would stall every fetch for ever. The file is opened
/// without blocking and checked with `fstat`; anything but a regular file is refused.
enum LocalFileCheck {
    /// Why the file `url` names must not be read, or nil when it is a regular file or cannot be
    /// opened (libcurl then reports that itself).
    static func problem(fileURL url: String) -> FetchError? {
        guard let path = path(of: url) else { return nil }
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        var info = stat()
        if fd >= 0 {
            defer { close(fd) }
            guard fstat(fd, &info) == 0 else { return nil }
        } else {
            // A socket cannot be opened (ENXIO); anything else is libcurl's to report.
            guard errno == ENXIO, stat(path, &info) == 0 else { return nil }
        }
        // A directory is left to libcurl, which reports it unreadable.
        guard let kind = SpecialFile.kind(of: info.st_mode), kind != "a directory" else { return nil }
        return .notRegularFile(path: path, kind: kind)
    }

    /// The local path of a `file://` URL (`file:///p`, `file://localhost/p`), percent-decoded.
    static func path(of url: String) -> String? {
        guard let schemeEnd = url.range(of: "://") else { return nil }
        var rest = url[schemeEnd.upperBound...]
        if !rest.hasPrefix("/") {
            guard let slash = rest.firstIndex(of: "/") else { return nil }
            rest = rest[slash...]
        }
        if let end = rest.firstIndex(where: { $0 == "?" || $0 == "#" }) { rest = rest[..<end] }
        return String(rest).removingPercentEncoding ?? String(rest)
    }
}
