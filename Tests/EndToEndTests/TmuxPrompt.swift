import Foundation

extension TmuxSession {
    /// Presses `key`, waits for the prompt line that starts with `prompt`, replaces what it offers
    /// (Ctrl-U) with `text` and presses Enter.
    func answer(_ key: String, prompt: String, with text: String) throws {
        try send(key)
        try waitFor(text: prompt)
        try send("C-u")
        try send(text, literal: true)
        try send("Enter")
    }
}
