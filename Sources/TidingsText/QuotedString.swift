/// A string written between double quotes with backslash escapes, the form JSON strings and TOML basic
/// strings share: `"` and `\` escaped, newline, return and tab as `\n`, `\r` and `\t`, and the other
/// characters the format must not hold raw as `\u` and four hex digits; everything else as it is.
///
/// The JSON form is stored in users' databases (the authors and enclosures columns) and the store's
/// queries rely on it: it must never change.
public enum QuotedString {
    /// Which characters, besides the common ones, a format writes as `\u` escapes.
    public enum Format: Sendable {
        /// A JSON string: controls below U+0020 and U+2028/U+2029 (line ends to JavaScript), lower-case hex.
        case json
        /// A TOML basic string: controls below U+0020 and DEL, upper-case hex.
        case toml

        @inlinable
        func needsCode(_ scalar: Unicode.Scalar) -> Bool {
            switch self {
            case .json: scalar.value < 0x20 || scalar.value == 0x2028 || scalar.value == 0x2029
            case .toml: scalar.value < 0x20 || scalar.value == 0x7F
            }
        }
    }

    /// `value` quoted and escaped as `format` writes it.
    public static func quoted(_ value: String, as format: Format) -> String {
        var text = ""
        append(value, as: format, to: &text)
        return text
    }

    /// Appends `value`, quoted and escaped as `format` writes it, to `text`.
    @inlinable
    public static func append(_ value: String, as format: Format, to text: inout String) {
        text += "\""
        // Most values (names, links) hold nothing to escape: appended whole, not scalar by scalar.
        // A byte below 0x20, `"`, `\`, DEL, or E2 (which leads U+2028 and U+2029) takes the scalar path.
        if !value.utf8.contains(where: { $0 < 0x20 || $0 == 0x22 || $0 == 0x5C || $0 == 0x7F || $0 == 0xE2 }) {
            text += value
            text += "\""
            return
        }
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": text += "\\\""
            case "\\": text += "\\\\"
            case "\n": text += "\\n"
            case "\r": text += "\\r"
            case "\t": text += "\\t"
            default:
                if format.needsCode(scalar) {
                    let hex = String(scalar.value, radix: 16, uppercase: format == .toml)
                    text += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    text.unicodeScalars.append(scalar)
                }
            }
        }
        text += "\""
    }
}
