import CZlib
import Foundation
import GRDB

/// How an article's summary and content are kept in `article_bodies`: short text, and text that
/// does not compress, as TEXT; the rest as a BLOB holding the UTF-8 length of the text (4 bytes, little
/// endian) and then either the zlib stream of its bytes (written by `BodyCompressor`, read by zlib),
/// or, when the feed has a `BodyDictionary`, a zstd frame compressed with it (`DictionaryCompressor`;
/// the row names the dictionary in `dictionary_id`). A zstd frame begins with the bytes 28 B5 2F FD,
/// which no zlib stream begins with. Bodies are most of a store (HTML of full articles), and most of
/// what a refresh writes, so they are compressed.
///
/// Compression runs where `IncomingArticle` is built, on the caller's thread before the write
/// transaction. Rows of older stores hold TEXT and are read as they are; TEXT is never a compressed
/// body, a BLOB always is.
enum BodyColumn {
    /// Below this many UTF-8 bytes text is stored as it is (the stream's header and checksum cost 6).
    static let minimumCompressedLength = 128

    /// The first bytes of a zstd frame (its magic number, little endian).
    private static let zstdMagic: [UInt8] = [0x28, 0xB5, 0x2F, 0xFD]

    /// The stored value of `text` (nil stays NULL): compressed with `dictionary` when given (then the
    /// row must name its dictionary), else as a zlib stream.
    static func encode(_ text: String?, with dictionary: DictionaryCompressor? = nil) -> (any DatabaseValueConvertible)? {
        guard var text else { return nil }
        let count = text.utf8.count
        guard count >= minimumCompressedLength, count <= Int(UInt32.max) else { return text }
        let compressed: Data? = text.withUTF8 { source in
            guard let sourceStart = source.baseAddress else { return nil }
            // Kept compressed only when that saves at least a tenth: a longer stream is not kept.
            let capacity = count - count / 10 - 5
            // Compressed into scratch room (not zero-filled), then copied out at its own size: the
            // value is kept until the document is written, and a buffer of the room it might have
            // needed is three times the bytes it holds.
            func framed(_ compress: (UnsafeMutableRawPointer) -> Int?) -> Data? {
                withUnsafeTemporaryAllocation(byteCount: 4 + capacity, alignment: 1) { buffer -> Data? in
                    guard let start = buffer.baseAddress, let written = compress(start + 4) else { return nil }
                    let length = UInt32(count)
                    for index in 0..<4 { buffer[index] = UInt8(truncatingIfNeeded: length >> (8 * index)) }
                    return Data(bytes: start, count: 4 + written)
                }
            }
            if let dictionary {
                return framed { dictionary.compress(sourceStart, count: count, into: $0, capacity: capacity) }
            }
            return BodyCompressor.withCompressor { compressor -> Data? in
                framed { compressor.compress(sourceStart, count: count, into: $0, capacity: capacity) }
            }
        }
        if let compressed { return compressed }
        return text
    }

    /// The text of a stored value: TEXT as it is, a BLOB decompressed (with `dictionary`, the stored
    /// value of the row's `body_dictionaries.dictionary`, when it is a zstd frame); nil for NULL, and
    /// for a BLOB that is not a whole stream of the length it announces.
    static func decode(_ value: DatabaseValue, dictionary: DatabaseValue = .null) -> String? {
        decode(value) { DecodedDictionaries.bytes(of: dictionary) }
    }

    /// `decode` with the dictionary already decompressed (`BodyDictionaryLookup`).
    static func decode(_ value: DatabaseValue, dictionaryBytes: [UInt8]?) -> String? {
        decode(value) { dictionaryBytes }
    }

    private static func decode(_ value: DatabaseValue, dictionary: () -> [UInt8]?) -> String? {
        switch value.storage {
        case .string(let text):
            return text
        case .blob(let data):
            return decompress(data, dictionary: dictionary)
        case .null, .int64, .double:
            return String.fromDatabaseValue(value)
        }
    }

    /// Whether a stored BLOB is a zstd frame, which needs its dictionary.
    static func needsDictionary(_ data: Data) -> Bool {
        data.count > 8 && data.dropFirst(4).prefix(4).elementsEqual(zstdMagic)
    }

    private static func decompress(_ data: Data, dictionary: () -> [UInt8]?) -> String? {
        guard data.count > 4 else { return nil }
        let length = data.prefix(4).enumerated().reduce(0) { $0 | Int($1.element) << (8 * $1.offset) }
        if needsDictionary(data) {
            guard let dictionary = dictionary() else { return nil }
            var output = [UInt8](repeating: 0, count: length)
            let complete = data.withUnsafeBytes { raw -> Bool in
                guard let source = raw.baseAddress else { return false }
                return output.withUnsafeMutableBytes { buffer in
                    DictionaryDecompressor.decompress(
                        source + 4, count: data.count - 4, dictionary: dictionary, into: buffer)
                }
            }
            return complete ? String(decoding: output, as: UTF8.self) : nil
        }
        var output = [UInt8](repeating: 0, count: length)
        var produced = uLongf(length)
        let status = data.withUnsafeBytes { raw -> Int32 in
            guard let source = raw.bindMemory(to: UInt8.self).baseAddress else { return Z_DATA_ERROR }
            return output.withUnsafeMutableBufferPointer { buffer -> Int32 in
                guard let start = buffer.baseAddress else { return Z_MEM_ERROR }
                return uncompress(start, &produced, source + 4, uLong(data.count - 4))
            }
        }
        guard status == Z_OK, Int(produced) == length else { return nil }
        return String(decoding: output, as: UTF8.self)
    }
}
