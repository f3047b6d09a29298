extension Key {
    /// Parses a key as written in a config file or help text: a single character (`j`, `G`, `/`),
    /// `space`, `ctrl-l` (also `C-l`, `^L`), `alt-x` (also `M-x`), or a named key: `enter`,
    /// `escape`, `backspace`, `tab`, `backtab`, `up`, `down`, `left`, `right`, `home`, `end`,
    /// `pageup`, `pagedown`, `insert`, `delete`, `f1`...`f12`. Names ignore case; single characters
    /// do not. Returns nil for anything else.
    public init?(name: String) {
        if name.count == 1, let character = name.first {
            self = .character(character)
            return
        }
        let lower = name.lowercased()
        for prefix in ["ctrl-", "ctrl+", "c-", "^"] where lower.hasPrefix(prefix) && name.count == prefix.count + 1 {
            guard let character = lower.last, character.isASCII, !character.isWhitespace else { return nil }
            self = .ctrl(character)
            return
        }
        for prefix in ["alt-", "alt+", "m-", "meta-"] where lower.hasPrefix(prefix) && name.count == prefix.count + 1 {
            guard let character = name.last, character.isASCII, !character.isWhitespace else { return nil }
            self = .alt(character)
            return
        }
        if lower.hasPrefix("f"), let number = Int(lower.dropFirst()), (1...12).contains(number) {
            self = .function(number)
            return
        }
        guard let named = Key.names[lower] else { return nil }
        self = named
    }

    /// The canonical name, as `init(name:)` reads it: `j`, `space`, `ctrl-l`, `pagedown`, `f5`.
    public var name: String {
        switch self {
        case .character(" "): return "space"
        case .character(let character): return String(character)
        case .ctrl(let character): return "ctrl-\(character)"
        case .alt(let character): return "alt-\(character)"
        case .enter: return "enter"
        case .escape: return "escape"
        case .backspace: return "backspace"
        case .tab: return "tab"
        case .backTab: return "backtab"
        case .up: return "up"
        case .down: return "down"
        case .left: return "left"
        case .right: return "right"
        case .home: return "home"
        case .end: return "end"
        case .pageUp: return "pageup"
        case .pageDown: return "pagedown"
        case .insert: return "insert"
        case .delete: return "delete"
        case .function(let number): return "f\(number)"
        }
    }

    private static let names: [String: Key] = [
        "space": .character(" "), "enter": .enter, "return": .enter, "escape": .escape, "esc": .escape,
        "backspace": .backspace, "tab": .tab, "backtab": .backTab, "shift-tab": .backTab, "up": .up,
        "down": .down, "left": .left, "right": .right, "home": .home, "end": .end, "pageup": .pageUp,
        "pgup": .pageUp, "pagedown": .pageDown, "pgdn": .pageDown, "insert": .insert, "delete": .delete,
        "del": .delete,
    ]
}
