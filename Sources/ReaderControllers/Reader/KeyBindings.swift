import TerminalView

/// Which keys run which command: the defaults, changed by the config file's `[keys]` table.
///
/// A value; a key maps to at most one command (binding a key again moves it).
public struct KeyBindings: Sendable, Hashable {
    private var commands: [Key: ReaderCommand]

    /// The bindings the help screen documents when no config file changes them.
    package static let defaults: KeyBindings = {
        var bindings = KeyBindings(commands: [:])
        let table: [(ReaderCommand, [Key])] = [
            (.up, [.up, .character("k")]),
            (.down, [.down, .character("j")]),
            (.pageUp, [.pageUp, .character("b")]),
            (.pageDown, [.pageDown, .character(" ")]),
            (.top, [.character("g"), .home]),
            (.bottom, [.character("G"), .end]),
            (.open, [.enter, .right]),
            (.back, [.character("q"), .left]),
            (.quit, [.character("Q")]),
            (.nextUnread, [.character("n")]),
            (.previousUnread, [.character("p")]),
            (.toggleRead, [.character("N")]),
            (.markAllRead, [.character("A")]),
            (.toggleStar, [.character("s")]),
            (.openInBrowser, [.character("o")]),
            (.refresh, [.character("r")]),
            (.refreshAll, [.character("R")]),
            (.cancelRefresh, [.character("x"), .ctrl("c")]),
            (.search, [.character("/")]),
            (.jump, [.character(":")]),
            (.chooseTag, [.character("t")]),
            (.toggleFolder, [.character("z")]),
            (.toggleHideRead, [.character("l")]),
            (.cycleSort, [.character("S")]),
            (.showURLs, [.character("u")]),
            (.copyURL, [.character("y")]),
            (.pipe, [.character("|")]),
            (.save, [.character("w")]),
            (.macro, [.character(",")]),
            (.addFeed, [.character("a")]),
            (.editFeed, [.character("e")]),
            (.unsubscribe, [.character("D")]),
            (.undo, [.character("U")]),
            (.toggleIgnored, [.character("I")]),
            (.fullText, [.character("F")]),
            (.download, [.character("d")]),
            (.play, [.character("m")]),
            (.openEnclosure, [.character("O")]),
            (.downloads, [.character("P")]),
            (.redraw, [.ctrl("l")]),
            (.help, [.character("?"), .function(1)]),
        ]
        for (command, keys) in table { bindings.bind(command, to: keys) }
        return bindings
    }()

    private init(commands: [Key: ReaderCommand]) {
        self.commands = commands
    }

    /// The command bound to `key`, if any.
    package func command(for key: Key) -> ReaderCommand? {
        commands[key]
    }

    /// The keys bound to `command`, in a stable order (single characters first).
    public func keys(for command: ReaderCommand) -> [Key] {
        commands.filter { $0.value == command }.map(\.key).sorted { lhs, rhs in
            let left = (lhs.name.count > 1 ? 1 : 0, lhs.name)
            let right = (rhs.name.count > 1 ? 1 : 0, rhs.name)
            return left < right
        }
    }

    /// Makes `keys` (and only them) run `command`; the keys stop running any other command.
    package mutating func bind(_ command: ReaderCommand, to keys: [Key]) {
        for (key, bound) in commands where bound == command { commands[key] = nil }
        for key in keys { commands[key] = command }
    }

    /// The help screen's key column for `command`, e.g. `j, down`.
    package func keyList(for command: ReaderCommand) -> String {
        keys(for: command).map(\.name).joined(separator: ", ")
    }
}
