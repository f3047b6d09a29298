import Foundation

/// A yes/no question on the terminal, answered with one key (y or n; anything else, Enter, Escape
/// or Ctrl-C is no), as the reader asks.
enum YesNoQuestion {
    /// The answer; nil when standard input or standard error is not a terminal (nothing is asked).
    static func ask(_ question: String) -> Bool? {
        guard isatty(0) == 1, isatty(2) == 1 else { return nil }
        var saved = termios()
        guard tcgetattr(0, &saved) == 0 else { return nil }
        var raw = saved
        // One key without Enter and without echo; Ctrl-C arrives as a key here, so the mode is always restored.
        raw.c_lflag &= ~tcflag_t(ICANON | ECHO | ISIG)
        withUnsafeMutableBytes(of: &raw.c_cc) { cc in
            cc[Int(VMIN)] = 1
            cc[Int(VTIME)] = 0
        }
        write(question + " (y/n) ")
        // TCSANOW, not TCSAFLUSH: a key typed before the question is the answer, not lost.
        guard tcsetattr(0, TCSANOW, &raw) == 0 else { return nil }
        var key: UInt8 = 0
        let count = read(0, &key, 1)
        tcsetattr(0, TCSANOW, &saved)
        let yes = count == 1 && (key == UInt8(ascii: "y") || key == UInt8(ascii: "Y"))
        write(yes ? "y\n" : "n\n")
        return yes
    }

    private static func write(_ text: String) {
        let bytes = Array(text.utf8)
        bytes.withUnsafeBytes { _ = Glibc.write(2, $0.baseAddress, $0.count) }
    }
}
