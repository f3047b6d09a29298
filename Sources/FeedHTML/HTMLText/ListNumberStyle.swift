/// How an ordered list numbers its items: the `type` attribute of `ol` (`1`, `a`, `A`, `i`, `I`).
enum ListNumberStyle {
    case decimal, lowerAlpha, upperAlpha, lowerRoman, upperRoman

    /// The style for a `type` value; anything unknown is decimal.
    init(_ type: String?) {
        switch type {
        case "a": self = .lowerAlpha
        case "A": self = .upperAlpha
        case "i": self = .lowerRoman
        case "I": self = .upperRoman
        default: self = .decimal
        }
    }

    /// The marker of item `number` (without the trailing `. `). Letters and roman numerals exist
    /// for positive numbers only (roman up to 3999): others are written in decimal, as browsers do.
    func marker(_ number: Int) -> String {
        switch self {
        case .decimal: return String(number)
        case .lowerAlpha, .upperAlpha:
            guard number > 0 else { return String(number) }
            let letters = Self.alphabetic(number)
            return self == .upperAlpha ? letters.uppercased() : letters
        case .lowerRoman, .upperRoman:
            guard number > 0, number < 4000 else { return String(number) }
            let numeral = Self.roman(number)
            return self == .upperRoman ? numeral.uppercased() : numeral
        }
    }

    /// 1 a, 26 z, 27 aa, 28 ab...
    private static func alphabetic(_ number: Int) -> String {
        var value = number
        var scalars: [Unicode.Scalar] = []
        while value > 0 {
            value -= 1
            scalars.append(Unicode.Scalar(UInt8(ascii: "a") + UInt8(value % 26)))
            value /= 26
        }
        return String(String.UnicodeScalarView(scalars.reversed()))
    }

    private static let romanDigits: [(Int, String)] = [
        (1000, "m"), (900, "cm"), (500, "d"), (400, "cd"), (100, "c"), (90, "xc"), (50, "l"), (40, "xl"),
        (10, "x"), (9, "ix"), (5, "v"), (4, "iv"), (1, "i"),
    ]

    private static func roman(_ number: Int) -> String {
        var value = number
        var numeral = ""
        for (amount, digits) in romanDigits {
            while value >= amount {
                numeral += digits
                value -= amount
            }
        }
        return numeral
    }
}
