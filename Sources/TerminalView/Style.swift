/// A terminal colour: one of the 16 standard colours, a 256-colour palette index, or true colour.
public enum Color: Hashable, Sendable {
    case black, red, green, yellow, blue, magenta, cyan, white
    case brightBlack, brightRed, brightGreen, brightYellow, brightBlue, brightMagenta, brightCyan, brightWhite
    case indexed(UInt8)
    case rgb(UInt8, UInt8, UInt8)

    /// Parses a colour name as written in a config file: `red`, `bright-blue` (or `brightBlue`),
    /// a palette index `0`...`255`, or `#rrggbb`. Returns nil for anything else.
    public init?(name: String) {
        let key = String(name.lowercased().filter { $0 != "-" && $0 != "_" && $0 != " " })
        if let named = Color.names[key] {
            self = named
        } else if let index = UInt8(key) {
            self = .indexed(index)
        } else if key.hasPrefix("#"), key.count == 7, let value = UInt32(key.dropFirst(), radix: 16) {
            self = .rgb(UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF))
        } else {
            return nil
        }
    }

    /// 0...15 for the standard colours (8...15 the bright ones), nil for palette and true colour.
    var standardIndex: Int? {
        switch self {
        case .black: 0
        case .red: 1
        case .green: 2
        case .yellow: 3
        case .blue: 4
        case .magenta: 5
        case .cyan: 6
        case .white: 7
        case .brightBlack: 8
        case .brightRed: 9
        case .brightGreen: 10
        case .brightYellow: 11
        case .brightBlue: 12
        case .brightMagenta: 13
        case .brightCyan: 14
        case .brightWhite: 15
        case .indexed, .rgb: nil
        }
    }

    private static let names: [String: Color] = [
        "black": .black, "red": .red, "green": .green, "yellow": .yellow, "blue": .blue,
        "magenta": .magenta, "cyan": .cyan, "white": .white, "gray": .brightBlack, "grey": .brightBlack,
        "brightblack": .brightBlack, "brightred": .brightRed, "brightgreen": .brightGreen,
        "brightyellow": .brightYellow, "brightblue": .brightBlue, "brightmagenta": .brightMagenta,
        "brightcyan": .brightCyan, "brightwhite": .brightWhite,
    ]
}

/// How a cell is drawn: colours (nil means the terminal default), attributes, and an optional
/// OSC 8 hyperlink target that makes the cell clickable where the terminal supports it.
public struct Style: Hashable, Sendable {
    public var foreground: Color?
    public var background: Color?
    public var bold: Bool
    public var dim: Bool
    public var italic: Bool
    public var underline: Bool
    public var reverse: Bool
    public var hyperlink: String?

    public init(
        foreground: Color? = nil, background: Color? = nil, bold: Bool = false, dim: Bool = false,
        italic: Bool = false, underline: Bool = false, reverse: Bool = false, hyperlink: String? = nil
    ) {
        self.foreground = foreground
        self.background = background
        self.bold = bold
        self.dim = dim
        self.italic = italic
        self.underline = underline
        self.reverse = reverse
        self.hyperlink = hyperlink
    }

    /// The terminal's default look.
    public static let plain = Style()
    /// Bold text, e.g. unread rows.
    public static let bold = Style(bold: true)
    /// Reverse video, the selection look that survives `NO_COLOR`.
    public static let reverse = Style(reverse: true)
    /// Dimmed text, e.g. secondary columns.
    public static let dim = Style(dim: true)

    /// This style with the attributes of `other` added and its colours/link taking precedence where set.
    public func merged(with other: Style) -> Style {
        Style(
            foreground: other.foreground ?? foreground, background: other.background ?? background,
            bold: bold || other.bold, dim: dim || other.dim, italic: italic || other.italic,
            underline: underline || other.underline, reverse: reverse || other.reverse,
            hyperlink: other.hyperlink ?? hyperlink)
    }
}
