import Foundation

/// Where a feed sits in a feed list file: its URL as the list resolves it, and its folders (the path
/// of folders it sits in, outermost first, else its first category; empty at the top level). The
/// reader orders and groups its feed list by these, in file order.
public struct FeedListPlace: Sendable, Hashable {
    public let url: String
    public let folders: [String]

    /// The outermost folder; nil at the top level.
    public var folder: String? { folders.first }

    package init(url: String, folders: [String]) {
        self.url = url
        self.folders = folders
    }

    package init(url: String, folder: String?) {
        self.init(url: url, folders: folder.map { [$0] } ?? [])
    }

    /// Joins the folders of a path in the cache. XML cannot hold it (not even as a character
    /// reference), so no folder name read from a list file contains it.
    static let separator: Character = "\u{1F}"

    /// The places as bytes for the store's scope cache: per place the URL's UTF-8 length (4 bytes,
    /// little-endian) and bytes, then 0xFFFFFFFF at the top level or the length and bytes of the
    /// folder path (the names joined by `separator`).
    static func encode(_ places: [FeedListPlace]) -> Data {
        var data = Data()
        func append(_ text: String?) {
            guard let text else {
                withUnsafeBytes(of: UInt32.max.littleEndian) { data.append(contentsOf: $0) }
                return
            }
            let bytes = Array(text.utf8)
            withUnsafeBytes(of: UInt32(bytes.count).littleEndian) { data.append(contentsOf: $0) }
            data.append(contentsOf: bytes)
        }
        for place in places {
            append(place.url)
            append(place.folders.isEmpty ? nil : place.folders.joined(separator: String(separator)))
        }
        return data
    }

    /// The places of `encode`; nil for bytes it did not write.
    static func decode(_ data: Data?) -> [FeedListPlace]? {
        guard let data else { return [] }
        return data.withUnsafeBytes { (buffer: UnsafeRawBufferPointer) -> [FeedListPlace]? in
            var offset = 0
            func text() -> String?? {
                guard offset + 4 <= buffer.count else { return nil }
                let length = UInt32(littleEndian: buffer.loadUnaligned(fromByteOffset: offset, as: UInt32.self))
                offset += 4
                if length == UInt32.max { return .some(nil) }
                guard Int(length) <= buffer.count - offset else { return nil }
                let value = String(decoding: buffer[offset..<offset + Int(length)], as: UTF8.self)
                offset += Int(length)
                return .some(value)
            }
            var places: [FeedListPlace] = []
            while offset < buffer.count {
                guard case .some(.some(let url)) = text(), case .some(let folder) = text() else { return nil }
                let folders = folder.map { $0.split(separator: separator, omittingEmptySubsequences: false).map(String.init) }
                places.append(FeedListPlace(url: url, folders: folders ?? []))
            }
            return places
        }
    }
}
