import Foundation

/// The keys in effect as text for `tidings read --help`: every command with the keys the config
/// binds to it, from the config file the command line names (or the default one).
public enum KeyHelp {
    /// The help text for the config at `configPath`: a heading naming the file, then one line per
    /// command. A config that cannot be used gives the default keys and says why.
    public static func text(configPath: String) -> String {
        var heading = "Keys in effect"
        let config: ReaderConfig
        do {
            config = try ReaderConfig.load(path: configPath)
            heading += FileManager.default.fileExists(atPath: configPath)
                ? " (from \(configPath)):" : " (defaults; \(configPath) does not exist):"
        } catch {
            config = ReaderConfig()
            heading += " (defaults: \(error)):"
        }
        return heading + "\n" + (lines(config.keys) + macroLines(config)).joined(separator: "\n")
    }

    /// One line per macro: the macro key, then the macro's key, then its commands.
    static func macroLines(_ config: ReaderConfig) -> [String] {
        let prefix = config.keys.keys(for: .macro).first?.name ?? "macro"
        return config.macros.sorted { $0.key.name < $1.key.name }.map { key, commands in
            "  \(prefix) \(key.name)".padding(toLength: 20, withPad: " ", startingAt: 0)
                + "macro: " + commands.map(\.rawValue).joined(separator: ", ")
        }
    }

    /// The widest line the help writes: the argument parser wraps longer ones at column 0.
    static let lineWidth = 78

    /// One line per command: its keys, padded, then what it does; "(none)" when it has no key. A
    /// long description goes on below, indented under its start.
    static func lines(_ keys: KeyBindings) -> [String] {
        let rows = ReaderCommand.allCases.map { command in
            (keys.keyList(for: command).nilIfEmpty ?? "(none)", command.summary)
        }
        let width = min(24, rows.map(\.0.count).max() ?? 0)
        return rows.flatMap { keysText, summary in
            let lead = "  " + keysText.padding(toLength: max(width, keysText.count), withPad: " ", startingAt: 0) + "  "
            let indent = String(repeating: " ", count: lead.count)
            return wrap(summary, width: max(20, lineWidth - lead.count)).enumerated().map { ($0 == 0 ? lead : indent) + $1 }
        }
    }

    /// `text` cut at spaces into lines of at most `width` characters (a longer word stays whole).
    private static func wrap(_ text: String, width: Int) -> [String] {
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ") {
            if !line.isEmpty, line.count + 1 + word.count > width {
                lines.append(line)
                line = ""
            }
            line += (line.isEmpty ? "" : " ") + word
        }
        return lines + [line]
    }
}
