/// What identifies one version of a feed list file, for the store's scope cache
/// (`FeedStore.cachedScope`): the file's absolute path (relative `xmlUrl`s resolve against its
/// folder), its identity and times as `fstat` gave them when it was read, and a hash of the bytes read.
/// Two stamps are equal only when all of it is: a list edited in place within the same clock tick and
/// to the same size still differs in its status-change time or, at last, in its content hash.
public struct FeedListStamp: Sendable, Hashable {
    /// The list's absolute path.
    public let path: String
    public let device: Int64
    public let inode: Int64
    public let size: Int64
    /// Last modification, nanoseconds since 1970.
    public let modified: Int64
    /// Last status change (set by the kernel on every write, rename or `touch`), nanoseconds since 1970.
    package let changed: Int64
    /// FNV-1a 64 of the bytes read.
    package let contentHash: Int64

    public init(path: String, device: Int64, inode: Int64, size: Int64, modified: Int64, changed: Int64, contentHash: Int64) {
        self.path = path
        self.device = device
        self.inode = inode
        self.size = size
        self.modified = modified
        self.changed = changed
        self.contentHash = contentHash
    }
}
