import Foundation

/// What a file is, in the words of a message, when it is not the regular file a command expected:
/// shared by every place that refuses FIFOs, sockets and devices (reading one may block for ever).
public enum SpecialFile {
    /// "a FIFO", "a socket", "a character device", "a block device", "a directory" for a file of
    /// mode `mode` (as `stat` gives it); nil for a regular file.
    public static func kind(of mode: mode_t) -> String? {
        switch mode & S_IFMT {
        case S_IFREG: nil
        case S_IFDIR: "a directory"
        case S_IFIFO: "a FIFO"
        case S_IFSOCK: "a socket"
        case S_IFCHR: "a character device"
        case S_IFBLK: "a block device"
        default: "not a regular file"
        }
    }
}
