import Foundation

/// Decides a document's character encoding from its first bytes: byte-order mark, then the caller's
/// hint (HTTP charset), then the XML declaration, then UTF-8 (`undeclared` is then set: bytes that
/// turn out not to be UTF-8 go to `EncodingDetector`).
struct EncodingSniffer {
    /// The encoding as a lower-case IANA name.
    var name: String
    /// Bytes to skip at the start (a byte-order mark).
    var skip: Int
    /// True when nothing named the encoding and the bytes did not show it.
    var undeclared = false

    init(prefix: UnsafeBufferPointer<UInt8>, hint: String?) {
        let n = prefix.count
        if n >= 3, prefix[0] == 0xEF, prefix[1] == 0xBB, prefix[2] == 0xBF {
            name = "utf-8"; skip = 3; return
        }
        if n >= 4, prefix[0] == 0, prefix[1] == 0, prefix[2] == 0xFE, prefix[3] == 0xFF {
            name = "utf-32be"; skip = 4; return
        }
        if n >= 4, prefix[0] == 0xFF, prefix[1] == 0xFE, prefix[2] == 0, prefix[3] == 0 {
            name = "utf-32le"; skip = 4; return
        }
        if n >= 2, prefix[0] == 0xFE, prefix[1] == 0xFF { name = "utf-16be"; skip = 2; return }
        if n >= 2, prefix[0] == 0xFF, prefix[1] == 0xFE { name = "utf-16le"; skip = 2; return }
        skip = 0
        if n >= 4, prefix[0] == 0x3C, prefix[1] == 0, prefix[2] == 0, prefix[3] == 0 { name = "utf-32le"; return }
        if n >= 4, prefix[0] == 0, prefix[1] == 0, prefix[2] == 0, prefix[3] == 0x3C { name = "utf-32be"; return }
        if n >= 4, prefix[0] == 0x3C, prefix[1] == 0, prefix[2] != 0 { name = "utf-16le"; return }
        if n >= 4, prefix[0] == 0, prefix[1] == 0x3C, prefix[3] != 0 { name = "utf-16be"; return }
        if n >= 4, prefix[0] == 0x4C, prefix[1] == 0x6F, prefix[2] == 0xA7, prefix[3] == 0x94 {
            // `<?xm` in EBCDIC: the declaration names the code page in characters all EBCDIC pages share.
            name = hint.flatMap(Self.normalize) ?? Self.ebcdicDeclaration(prefix).flatMap(Self.normalize) ?? "ibm037"
            return
        }
        let declared = Self.declaredEncoding(prefix).flatMap(Self.normalize)
        let hinted = hint.flatMap(Self.normalize)
        var chosen = hinted ?? declared ?? "utf-8"
        // Bytes that are plainly ASCII-compatible cannot be UTF-16 whatever a label says.
        if chosen.hasPrefix("utf-16") || chosen.hasPrefix("utf-32") { chosen = "utf-8" }
        name = chosen
        undeclared = hinted == nil && declared == nil
    }

    /// The `encoding` pseudo-attribute of a leading XML declaration, if any.
    static func declaredEncoding(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
        var i = 0
        let n = min(bytes.count, 1024)
        while i < n, bytes[i] != UInt8(ascii: "<") { i += 1 }
        guard i + 5 < n, bytes[i + 1] == UInt8(ascii: "?"), bytes[i + 2] | 0x20 == UInt8(ascii: "x"),
            bytes[i + 3] | 0x20 == UInt8(ascii: "m"), bytes[i + 4] | 0x20 == UInt8(ascii: "l")
        else { return nil }
        var end = i + 5
        while end + 1 < n, !(bytes[end] == UInt8(ascii: "?") && bytes[end + 1] == UInt8(ascii: ">")) { end += 1 }
        let decl = String(decoding: UnsafeBufferPointer(rebasing: bytes[i..<end]), as: UTF8.self)
        guard let range = decl.range(of: "encoding") else { return nil }
        var rest = decl[range.upperBound...].drop { $0 == " " || $0 == "=" || $0 == "\t" }
        guard let quote = rest.first, quote == "\"" || quote == "'" else { return nil }
        rest = rest.dropFirst()
        return String(rest.prefix { $0 != quote })
    }

    /// The `encoding` of an EBCDIC document's XML declaration, read through code page 037.
    private static func ebcdicDeclaration(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
        guard let converter = IconvConverter(from: "IBM037") else { return nil }
        var decoded: [UInt8] = []
        _ = converter.convert(UnsafeBufferPointer(rebasing: bytes[..<min(bytes.count, 1024)]), final: true, into: &decoded)
        return decoded.withUnsafeBufferPointer(declaredEncoding)
    }

    /// A lower-case name for a label (`EncodingLabels`), or nil for an empty label.
    static func normalize(_ label: String) -> String? {
        let l = label.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
            .trimmingCharacters(in: CharacterSet(charactersIn: "\"'"))
        guard !l.isEmpty else { return nil }
        switch l {
        case "utf8", "utf-8", "unicode-1-1-utf-8": return "utf-8"
        case "ascii", "us-ascii", "ansi_x3.4-1968", "iso646-us": return "us-ascii"
        case "latin1", "latin-1", "l1", "iso8859-1", "iso_8859-1", "iso-8859-1", "iso_8859-1:1987", "iso-ir-100":
            return "iso-8859-1"
        case "cp1252", "windows1252", "x-cp1252", "win-1252": return "windows-1252"
        case "sjis", "shift-jis", "shift_jis", "x-sjis", "ms_kanji", "csshiftjis", "windows-31j", "cp932":
            return "shift_jis"
        case "euc_jp", "eucjp", "x-euc-jp", "euc-jp": return "euc-jp"
        case "gb2312", "euc-cn", "csgb2312", "x-gbk", "gbk", "cp936": return l == "gbk" || l == "cp936" || l == "x-gbk" ? "gbk" : "gb2312"
        case "gb18030": return "gb18030"
        case "big5", "big-5", "cn-big5", "x-x-big5", "csbig5": return "big5"
        case "koi8r", "koi8-r", "cskoi8r": return "koi8-r"
        case "euc-kr", "euckr", "ks_c_5601-1987", "cp949", "windows-949", "x-windows-949", "korean": return "euc-kr"
        case "utf-16", "utf16": return "utf-16"
        default:
            if let name = EncodingLabels.name(for: l) { return name }
            if l.hasPrefix("cp125") { return "windows-125" + l.dropFirst(5) }
            if l.hasPrefix("iso8859-") { return "iso-8859-" + l.dropFirst(8) }
            if l.hasPrefix("iso_8859-") { return "iso-8859-" + l.dropFirst(9) }
            return l
        }
    }

    /// The iconv name used to decode an encoding: supersets where senders mislabel (ISO-8859-1 read as
    /// windows-1252, Shift_JIS as CP932, GB2312/GBK as GB18030), as browsers do.
    static func iconvName(for name: String) -> String {
        if let special = EncodingLabels.iconvName(for: name) { return special }
        switch name {
        case "iso-8859-1", "us-ascii": return "WINDOWS-1252"
        case "shift_jis": return "CP932"
        case "gb2312", "gbk": return "GB18030"
        case "big5": return "BIG5-HKSCS"
        case "euc-kr": return "CP949"
        default: return name.uppercased()
        }
    }
}
