/// Plain text for the full-text index: HTML tags and the contents of `script`/`style` dropped,
/// common entities decoded, white space collapsed, length bounded. Only what a search needs;
/// display goes through FeedModel's HTML-to-text.
enum SearchText {
    static let maximumLength = 32_768

    static func plain(fromHTML html: String) -> String {
        var output = String()
        output.reserveCapacity(min(html.utf8.count, maximumLength))
        var scalars = html.unicodeScalars[...]
        var pendingSpace = false
        var length = 0

        func append(_ scalar: Unicode.Scalar) {
            if scalar.properties.isWhitespace {
                pendingSpace = length > 0
                return
            }
            if pendingSpace {
                output.unicodeScalars.append(" ")
                length += 1
                pendingSpace = false
            }
            output.unicodeScalars.append(scalar)
            length += 1
        }

        while let scalar = scalars.first, length < maximumLength {
            scalars = scalars.dropFirst()
            switch scalar {
            case "<":
                let name = tagName(scalars)
                skipTag(&scalars)
                pendingSpace = length > 0
                if name == "script" || name == "style" { skipUntilClosing(name, &scalars) }
            case "&":
                append(decodeEntity(&scalars))
            default:
                append(scalar)
            }
        }
        return output
    }

    static func plain(fromText text: String) -> String {
        var output = String()
        var pendingSpace = false
        var length = 0
        for scalar in text.unicodeScalars {
            guard length < maximumLength else { break }
            if scalar.properties.isWhitespace {
                pendingSpace = length > 0
                continue
            }
            if pendingSpace {
                output.unicodeScalars.append(" ")
                length += 1
                pendingSpace = false
            }
            output.unicodeScalars.append(scalar)
            length += 1
        }
        return output
    }

    private static func tagName(_ rest: Substring.UnicodeScalarView) -> String {
        var name = String()
        for scalar in rest.prefix(8) {
            guard scalar.properties.isAlphabetic else { break }
            name.unicodeScalars.append(scalar)
        }
        return name.lowercased()
    }

    private static func skipTag(_ rest: inout Substring.UnicodeScalarView) {
        var quote: Unicode.Scalar?
        while let scalar = rest.first {
            rest = rest.dropFirst()
            if let open = quote {
                if scalar == open { quote = nil }
            } else if scalar == "\"" || scalar == "'" {
                quote = scalar
            } else if scalar == ">" {
                return
            }
        }
    }

    private static func skipUntilClosing(_ name: String, _ rest: inout Substring.UnicodeScalarView) {
        while let scalar = rest.first {
            rest = rest.dropFirst()
            if scalar == "<", rest.first == "/", tagName(rest.dropFirst()) == name {
                skipTag(&rest)
                return
            }
        }
    }

    private static func decodeEntity(_ rest: inout Substring.UnicodeScalarView) -> Unicode.Scalar {
        var name = String()
        var probe = rest
        while let scalar = probe.first, name.unicodeScalars.count < 10 {
            probe = probe.dropFirst()
            if scalar == ";" {
                guard let decoded = entity(name) else { return "&" }
                rest = probe
                return decoded
            }
            guard scalar.properties.isAlphabetic || scalar.properties.numericType != nil || scalar == "#" else {
                return "&"
            }
            name.unicodeScalars.append(scalar)
        }
        return "&"
    }

    private static func entity(_ name: String) -> Unicode.Scalar? {
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
}
