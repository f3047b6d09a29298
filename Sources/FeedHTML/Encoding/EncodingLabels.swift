/// Encoding labels as real feeds write them, to the lower-case name the parser reports and decodes
/// with: the WHATWG Encoding Standard's labels, the same with underscores for hyphens
/// (`windows_1252`, `iso_8859_15`), and the code pages iconv knows under other spellings (`cp037`
/// and the other EBCDIC pages, `ibm437`, `cp_is`, `mac_roman`), as feedparser reads them.
enum EncodingLabels {
    /// The encoding a label names, or nil when the table does not know it (the label is then given to
    /// iconv as it is). `label` is lower-case and trimmed.
    static func name(for label: String) -> String? {
        let key = label.contains("_") ? label.replacingOccurrences(of: "_", with: "-") : label
        if let name = table[key] { return name }
        // cp850, ibm-850, 850: the IBM code pages by number.
        var digits = Substring(key)
        for prefix in ["cp-", "cp", "ibm-", "ibm", "csibm", "ms"] where digits.hasPrefix(prefix) {
            digits = digits.dropFirst(prefix.count)
            break
        }
        if (3...5).contains(digits.count), digits.allSatisfy(\.isASCII), digits.allSatisfy(\.isNumber),
           let number = Int(digits), number >= 37, number < 1250 || number > 1258
        {
            return number < 100 ? "ibm0\(number)" : "ibm\(number)"
        }
        return nil
    }

    /// The name iconv decodes an encoding of this table with, when it differs from the upper-cased name.
    static func iconvName(for name: String) -> String? {
        switch name {
        case "macintosh": "MACINTOSH"
        case "x-mac-cyrillic": "MAC-CYRILLIC"
        case "x-mac-centraleurope": "MAC-CENTRALEUROPE"
        case "x-mac-icelandic": "MAC-IS"
        case "x-mac-ukrainian": "MAC-UK"
        case "iso-8859-8-i": "ISO-8859-8"
        case "windows-874": "CP874"
        case "ibm01140": "IBM1140"
        default: nil
        }
    }

    private static let table: [String: String] = {
        var table: [String: String] = [:]
        func add(_ name: String, _ labels: [String]) {
            for label in labels + [name] { table[label] = name }
        }
        add("us-ascii", ["ascii", "ansi-x3.4-1968", "iso646-us"])
        add("iso-8859-1", ["iso8859-1", "iso88591", "latin1", "latin-1", "l1", "iso-ir-100", "iso-8859-1:1987"])
        add("utf-8", ["unicode-1-1-utf-8", "unicode11utf8", "unicode20utf8", "utf8", "x-unicode20utf8"])
        add("ibm866", ["866", "cp866", "csibm866"])
        for (number, extra) in [
            (2, ["csisolatin2", "iso-ir-101", "l2", "latin2"]), (3, ["csisolatin3", "iso-ir-109", "l3", "latin3"]),
            (4, ["csisolatin4", "iso-ir-110", "l4", "latin4"]), (5, ["csisolatincyrillic", "cyrillic", "iso-ir-144"]),
            (6, ["arabic", "asmo-708", "csiso88596e", "csiso88596i", "csisolatinarabic", "ecma-114", "iso-8859-6-e",
                 "iso-8859-6-i", "iso-ir-127"]),
            (7, ["csisolatingreek", "ecma-118", "elot-928", "greek", "greek8", "iso-ir-126", "sun-eu-greek"]),
            (8, ["csiso88598e", "csisolatinhebrew", "hebrew", "iso-8859-8-e", "iso-ir-138", "visual"]),
            (9, ["csisolatin5", "iso-ir-148", "l5", "latin5"]),
            (10, ["csisolatin6", "iso-ir-157", "l6", "latin6"]), (13, []), (14, []),
            (15, ["csisolatin9", "l9", "latin9"]), (16, []),
        ] {
            add("iso-8859-\(number)", extra + ["iso8859-\(number)", "iso8859\(number)"]
                + ["1987", "1988", "1989"].map { "iso-8859-\(number):\($0)" })
        }
        add("iso-8859-8-i", ["csiso88598i", "logical"])
        add("koi8-r", ["cskoi8r", "koi", "koi8", "koi8r"])
        add("koi8-u", ["koi8-ru", "koi8u"])
        add("macintosh", ["csmacintosh", "mac", "x-mac-roman", "mac-roman", "macroman", "macintosh"])
        add("x-mac-cyrillic", ["mac-cyrillic", "maccyrillic"])
        add("x-mac-ukrainian", ["mac-ukrainian"])
        add("x-mac-centraleurope", ["mac-latin2", "mac-centeuro", "maccentraleurope"])
        add("x-mac-icelandic", ["mac-iceland", "mac-icelandic"])
        add("windows-874", ["dos-874", "iso-8859-11", "iso8859-11", "iso885911", "tis-620", "cp874"])
        for number in 1250...1258 where number != 1252 {
            add("windows-\(number)", ["cp\(number)", "x-cp\(number)", "windows\(number)", "win-\(number)"])
        }
        add("windows-1252", ["cp1252", "x-cp1252", "windows1252", "win-1252", "cp819", "ibm819", "csisolatin1"])
        add("gbk", ["chinese", "csgb2312", "csiso58gb231280", "gb-2312", "gb-2312-80", "iso-ir-58", "x-gbk", "cp936"])
        add("gb2312", [])
        add("gb18030", [])
        add("big5", ["big5-hkscs", "cn-big5", "csbig5", "x-x-big5", "big-5"])
        add("euc-jp", ["cseucpkdfmtjapanese", "x-euc-jp", "eucjp"])
        add("iso-2022-jp", ["csiso2022jp"])
        add("shift_jis", ["csshiftjis", "ms932", "ms-kanji", "shift-jis", "sjis", "windows-31j", "x-sjis", "cp932"])
        add("euc-kr", ["cseuckr", "csksc56011987", "iso-ir-149", "korean", "ks-c-5601-1987", "ks-c-5601-1989",
                       "ksc5601", "ksc-5601", "windows-949", "cp949", "euckr"])
        add("utf-16be", ["unicodefffe"])
        add("utf-16le", ["csunicode", "iso-10646-ucs-2", "ucs-2", "unicode", "unicodefeff"])
        // Not in WHATWG: EBCDIC and DOS code pages by their other names (Python's codec aliases).
        add("ibm037", ["ebcdic-cp-us", "ebcdic-cp-ca", "ebcdic-cp-wt", "ebcdic-cp-nl", "ibm039", "csibm037"])
        add("ibm500", ["ebcdic-cp-be", "ebcdic-cp-ch"])
        add("ibm424", ["ebcdic-cp-he"])
        add("ibm437", ["437", "cspc8codepage437"])
        add("ibm861", ["cp-is", "cpis", "csibm861"])
        add("ibm869", ["cp-gr", "csibm869"])
        add("ibm01140", ["ibm1140", "cp1140", "ebcdic-us-37+euro"])
        return table
    }()
}
