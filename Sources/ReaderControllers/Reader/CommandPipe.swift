/// Runs a program that uses the terminal with the given bytes on its standard input (nil: the
/// reader's own) and returns its exit status, 128 + N when signal N ended it. `Terminal.runChild` in
/// the reader, which hands the program the terminal's foreground.
package typealias ChildRunner = ([String], [UInt8]?) throws -> Int32

/// A user's shell command (`|` in the reader): run by `/bin/sh -c` through the reader's `ChildRunner`,
/// with the article's text on its standard input and its output and errors on the terminal.
enum CommandPipe {
    /// The arguments that run `command` through the shell.
    static func arguments(_ command: String) -> [String] {
        ["/bin/sh", "-c", command]
    }
}
