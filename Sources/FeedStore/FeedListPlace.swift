import Foundation

/// Where a feed sits in a feed list file: its URL as the list resolves it, and its folder (the first
/// folder it is in, else its first category; nil at the top level). The reader orders and groups its
/// feed list by these, in file order.
public struct FeedListPlace: Sendable, Hashable {
    public let url: String
    public let folder: String?

    public init(url: String, folder: String?) {
        self.url = url
        self.folder = folder
    }

    /// The places as bytes for the store's scope cache: per place the URL's UTF-8 length (4 bytes,
    /// little-endian) and bytes, then 0xFFFFFFFF for no folder or the folder's length and bytes.
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
            append(place.folder)
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
                places.append(FeedListPlace(url: url, folder: folder))
            }
            return places
        }
    }
}
