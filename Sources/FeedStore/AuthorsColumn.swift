import FeedModel

/// Reads the authors column (`JSONColumn.encode(_:[Author])`) back. The column is read for every
/// exported or listed article, and JSONDecoder costs more per article than the rest of its row; so the
/// shape this store writes when no value needs an escape (`[{"name":"…","email":"…"},…]`, no white
/// space, each key once, string values without a backslash or control character) is read here
/// directly, and anything else (escapes, other keys or values, older rows) goes to JSONDecoder, so
/// the values are always the ones JSONDecoder gives.
enum AuthorsColumn {
    static func decode(_ text: String?) -> [Author]? {
        guard let text else { return nil }
        var copy = text
        if let authors = copy.withUTF8(Self.plain) { return authors }
        return JSONColumn.decode([Author].self, from: text)
    }

    /// The authors in `bytes` when they have the plain shape; nil otherwise.
    private static func plain(_ bytes: UnsafeBufferPointer<UInt8>) -> [Author]? {
        var reader = Reader(bytes: bytes)
        guard reader.take(UInt8(ascii: "[")) else { return nil }
        var authors: [Author] = []
        if reader.take(UInt8(ascii: "]")) { return reader.atEnd ? authors : nil }
        repeat {
            guard let author = reader.author() else { return nil }
            authors.append(author)
        } while reader.take(UInt8(ascii: ","))
        guard reader.take(UInt8(ascii: "]")), reader.atEnd else { return nil }
        return authors
    }

    private struct Reader {
        let bytes: UnsafeBufferPointer<UInt8>
        var position = 0

        var atEnd: Bool { position == bytes.count }

        mutating func take(_ byte: UInt8) -> Bool {
            guard position < bytes.count, bytes[position] == byte else { return false }
            position += 1
            return true
        }

        /// One `{"key":"value",…}` with keys of `Author` only, each at most once.
        mutating func author() -> Author? {
            guard take(UInt8(ascii: "{")) else { return nil }
            var author = Author()
            var seen: UInt8 = 0
            if take(UInt8(ascii: "}")) { return author }
            repeat {
                guard let key = string(), take(UInt8(ascii: ":")), let value = string() else { return nil }
                let field: UInt8
                switch key.count {
                case 3 where key.elementsEqual("url".utf8): field = 1
                case 4 where key.elementsEqual("name".utf8): field = 2
                case 5 where key.elementsEqual("email".utf8): field = 4
                case 6 where key.elementsEqual("avatar".utf8): field = 8
                default: return nil
                }
                guard seen & field == 0 else { return nil }
                seen |= field
                let text = String(decoding: value, as: UTF8.self)
                switch field {
                case 1: author.url = text
                case 2: author.name = text
                case 4: author.email = text
                default: author.avatar = text
                }
            } while take(UInt8(ascii: ","))
            guard take(UInt8(ascii: "}")) else { return nil }
            return author
        }

        /// The bytes between two quotes; nil at a backslash or a control character.
        mutating func string() -> UnsafeBufferPointer<UInt8>.SubSequence? {
            guard take(UInt8(ascii: "\"")) else { return nil }
            let start = position
            while position < bytes.count {
                let byte = bytes[position]
                if byte == UInt8(ascii: "\"") {
                    position += 1
                    return bytes[start..<position - 1]
                }
                if byte == UInt8(ascii: "\\") || byte < 0x20 { return nil }
                position += 1
            }
            return nil
        }
    }
}
