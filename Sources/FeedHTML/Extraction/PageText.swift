/// Text jobs of the extractor: a page's bytes to UTF-8, white space collapsing, word counts.
enum PageText {
    /// `bytes` as clean UTF-8: a byte-order mark, bytes that are valid UTF-8, `charset` (the HTTP
    /// hint), a `<meta charset>` or `http-equiv` in the first 2048 bytes, else a detected encoding
    /// (`InputDecoder`). Valid UTF-8 with non-ASCII text is never another encoding by chance, while
    /// pages saved or re-served in UTF-8 keep the label of their first encoding.
    static func utf8(_ bytes: UnsafeBufferPointer<UInt8>, charset: String?) -> [UInt8] {
        let isUTF8 = UTF8Scrubber.isValid(bytes, allowCutEnd: true)
        let hint = isUTF8 ? "utf-8" : charset.flatMap { $0.isEmpty ? nil : $0 } ?? metaCharset(bytes)
        let decoder = InputDecoder(prefix: bytes, hint: hint)
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        decoder.decode(bytes, final: true) { output.append(contentsOf: $0) }
        return output
    }

    /// The charset a `<meta>` names near the start of the page.
    static func metaCharset(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
        let window = String(decoding: UnsafeBufferPointer(rebasing: bytes[0..<min(bytes.count, 2048)]), as: UTF8.self)
            .lowercased()
        var searchFrom = window.startIndex
        while let meta = window.range(of: "<meta", range: searchFrom..<window.endIndex) {
            let tagEnd = window[meta.upperBound...].firstIndex(of: ">") ?? window.endIndex
            let tag = window[meta.upperBound..<tagEnd]
            if let charset = tag.range(of: "charset=") {
                let value = tag[charset.upperBound...].drop { $0 == "\"" || $0 == "'" || $0 == " " }
                let name = value.prefix { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" || $0 == ":" || $0 == "." }
                // A page served as UTF-16 was converted by whoever saved it; the label lies then.
                if !name.isEmpty, !name.hasPrefix("utf-16") { return String(name) }
            }
            searchFrom = tagEnd
        }
        return nil
    }

    /// `text` with runs of white space made one space, trimmed at both ends.
    static func collapsed(_ text: some StringProtocol) -> String {
        var output = ""
        var pendingSpace = false
        for scalar in text.unicodeScalars {
            if isSpace(scalar) {
                pendingSpace = !output.isEmpty
            } else {
                if pendingSpace { output.unicodeScalars.append(" ") }
                pendingSpace = false
                output.unicodeScalars.append(scalar)
            }
        }
        return output
    }

    /// White space as HTML text has it, with the no-break and other Unicode spaces.
    @inline(__always)
    static func isSpace(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x20, 0x09, 0x0A, 0x0C, 0x0D, 0xA0, 0x1680, 0x2000...0x200B, 0x2028, 0x2029, 0x202F, 0x205F, 0x3000,
            0xFEFF:
            return true
        default:
            return false
        }
    }

    /// Words in `text`: runs of letters and digits, each ideograph or kana on its own.
    static func wordCount(_ text: String) -> Int {
        var count = 0
        var inWord = false
        for scalar in text.unicodeScalars {
            if scalar.isASCII {
                let value = scalar.value
                let isWordByte = (value | 0x20) >= 0x61 && (value | 0x20) <= 0x7A || value >= 0x30 && value <= 0x39
                if isWordByte, !inWord { count += 1 }
                inWord = isWordByte
                continue
            }
            let properties = scalar.properties
            if isIdeographic(scalar) {
                count += 1
                inWord = false
            } else if properties.isAlphabetic || properties.numericType != nil {
                if !inWord { count += 1 }
                inWord = true
            } else if properties.generalCategory == .nonspacingMark || properties.generalCategory == .spacingMark {
                continue
            } else {
                inWord = false
            }
        }
        return count
    }

    /// CJK ideographs and kana: scripts written without spaces between words.
    static func isIdeographic(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x3040...0x30FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xF900...0xFAFF, 0x20000...0x2FFFF: return true
        default: return false
        }
    }
}
