/// Plain text for the full-text index: HTML tags and the contents of `script`/`style` dropped,
/// common entities decoded, ASCII white space collapsed, length bounded (in UTF-8 bytes, cut at a
/// character boundary). Only what a search needs; display goes through FeedModel's HTML-to-text.
/// Works on UTF-8 bytes: markup is ASCII, and the FTS tokenizer splits the rest.
enum SearchText {
    static let maximumLength = 32_768

    static func plain(fromHTML html: String) -> String {
        var html = html
        return html.withUTF8 { bytes in
            var scanner = Scanner(input: bytes)
            return scanner.plainFromHTML()
        }
    }

    static func plain(fromText text: String) -> String {
        var text = text
        return text.withUTF8 { bytes in
            var scanner = Scanner(input: bytes)
            return scanner.plainFromText()
        }
    }
}

private struct Scanner {
    let input: UnsafeBufferPointer<UInt8>
    var position = 0
    var output: [UInt8] = []
    var pendingSpace = false

    init(input: UnsafeBufferPointer<UInt8>) {
        self.input = input
        output.reserveCapacity(min(input.count, SearchText.maximumLength))
    }

    mutating func plainFromHTML() -> String {
        while position < input.count, output.count < SearchText.maximumLength {
            let byte = input[position]
            position += 1
            switch byte {
            case UInt8(ascii: "<"):
                let name = tagName()
                skipTag()
                pendingSpace = !output.isEmpty
                if name == "script" || name == "style" { skipUntilClosing(name) }
            case UInt8(ascii: "&"):
                decodeEntity()
            default:
                append(byte)
            }
        }
        return finish()
    }

    mutating func plainFromText() -> String {
        while position < input.count, output.count < SearchText.maximumLength {
            append(input[position])
            position += 1
        }
        return finish()
    }

    private mutating func finish() -> String {
        // Drop a multi-byte character cut by the length bound (continuation bytes are 10xxxxxx).
        if output.count >= SearchText.maximumLength {
            while let last = output.last, last & 0xC0 == 0x80 { output.removeLast() }
            if let last = output.last, last >= 0xC0 { output.removeLast() }
        }
        return String(decoding: output, as: UTF8.self)
    }

    private mutating func append(_ byte: UInt8) {
        if byte == 0x20 || (byte >= 0x09 && byte <= 0x0D) {
            pendingSpace = !output.isEmpty
            return
        }
        if pendingSpace {
            output.append(0x20)
            pendingSpace = false
        }
        output.append(byte)
    }

    private mutating func append(scalar: Unicode.Scalar) {
        guard scalar.value >= 0x20, scalar.value != 0x7F else { return append(0x20) }
        for byte in String(Character(scalar)).utf8 { append(byte) }
    }

    private func tagName() -> String {
        var name: [UInt8] = []
        var index = position
        while index < input.count, name.count < 8, isLetter(input[index]) {
            name.append(input[index] | 0x20)
            index += 1
        }
        return String(decoding: name, as: UTF8.self)
    }

    private mutating func skipTag() {
        var quote: UInt8?
        while position < input.count {
            let byte = input[position]
            position += 1
            if let open = quote {
                if byte == open { quote = nil }
            } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                quote = byte
            } else if byte == UInt8(ascii: ">") {
                return
            }
        }
    }

    private mutating func skipUntilClosing(_ name: String) {
        while position < input.count {
            let byte = input[position]
            position += 1
            if byte == UInt8(ascii: "<"), position < input.count, input[position] == UInt8(ascii: "/") {
                position += 1
                if tagName() == name {
                    skipTag()
                    return
                }
            }
        }
    }

    private mutating func decodeEntity() {
        var index = position
        var name: [UInt8] = []
        while index < input.count, name.count < 10 {
            let byte = input[index]
            index += 1
            if byte == UInt8(ascii: ";") {
                guard let scalar = entity(String(decoding: name, as: UTF8.self)) else { break }
                position = index
                append(scalar: scalar)
                return
            }
            guard isLetter(byte) || (byte >= 0x30 && byte <= 0x39) || byte == UInt8(ascii: "#") else { break }
            name.append(byte)
        }
        append(UInt8(ascii: "&"))
    }

    private func entity(_ name: String) -> Unicode.Scalar? {
        switch name {
        case "amp": return "&"
        case "lt": return "<"
        case "gt": return ">"
        case "quot": return "\""
        case "apos": return "'"
        case "nbsp": return " "
        default:
            guard name.hasPrefix("#") else { return nil }
            let digits = name.dropFirst()
            let value = digits.first == "x" || digits.first == "X"
                ? UInt32(digits.dropFirst(), radix: 16) : UInt32(digits, radix: 10)
            return value.flatMap(Unicode.Scalar.init)
        }
    }

    private func isLetter(_ byte: UInt8) -> Bool {
        (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z")
    }
}
