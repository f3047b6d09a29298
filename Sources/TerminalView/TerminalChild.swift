import CTerminal
import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Runs a program that uses the terminal (a pager behind `|`, a terminal browser, a player) the way a
/// shell runs a foreground job: in a process group of its own that holds the terminal's foreground
/// until it exits, so it may read keys and set modes without being stopped by SIGTTIN/SIGTTOU, and
/// Ctrl-C or Ctrl-Z typed meanwhile reach it, not the caller. The caller's group takes the terminal
/// back afterwards. Use it through `Terminal.runChild`, which also restores and retakes the screen.
///
/// Blocks the calling thread until the program exits. The input bytes are written by a thread of its
/// own (a pipe write blocks until the program reads), which the caller does not wait for: a program
/// that stops reading makes the write fail (SIGPIPE is ignored), and one that left a background job
/// holding the pipe cannot keep the caller waiting.
public enum TerminalChild {
    /// Runs `arguments` (the first is the program's path) with `input` on its standard input (nil:
    /// the caller's), giving it the terminal on `terminal` (nil: none to give). Returns its exit
    /// status, 128 + N when signal N ended it. Throws `TerminalError.systemCall` when it cannot start.
    public static func run(_ arguments: [String], input: [UInt8]?, terminal: Int32?) throws -> Int32 {
        guard let path = arguments.first else { throw TerminalError.systemCall("posix_spawn", EINVAL) }
        var pipeEnds: [Int32] = [-1, -1]
        if input != nil {
            guard tidings_cloexec_pipe(&pipeEnds) == 0 else { throw TerminalError.systemCall("pipe", errno) }
            signal(SIGPIPE, SIG_IGN)
        }
        var pid: Int32 = 0
        let started = withCStrings(arguments) { argv in tidings_spawn_in_group(path, argv, pipeEnds[0], &pid) }
        if pipeEnds[0] >= 0 { close(pipeEnds[0]) }
        guard started == 0 else {
            if pipeEnds[1] >= 0 { close(pipeEnds[1]) }
            throw TerminalError.systemCall("posix_spawn", started)
        }
        if let input { feed(input, to: pipeEnds[1]) }
        var status: Int32 = 0
        guard tidings_wait_in_foreground(pid, terminal ?? -1, &status) == 0 else {
            throw TerminalError.systemCall("waitpid", errno)
        }
        let signalled = status & 0x7F
        return signalled == 0 ? (status >> 8) & 0xFF : 128 + signalled
    }

    /// Writes `bytes` to `descriptor` on a thread of its own, then closes it.
    private static func feed(_ bytes: [UInt8], to descriptor: Int32) {
        let thread = Thread {
            bytes.withUnsafeBytes { raw in
                var offset = 0
                while offset < raw.count {
                    let written = write(descriptor, raw.baseAddress.map { $0 + offset }, raw.count - offset)
                    if written < 0, errno == EINTR { continue }
                    if written <= 0 { break }
                    offset += written
                }
            }
            close(descriptor)
        }
        thread.name = "tidings.child-input"
        thread.start()
    }

    /// Calls `body` with a NULL-terminated C array of `strings`, valid only during the call.
    private static func withCStrings<R>(_ strings: [String], _ body: (UnsafePointer<UnsafeMutablePointer<CChar>?>?) -> R) -> R {
        var pointers: [UnsafeMutablePointer<CChar>?] = strings.map { strdup($0) }
        pointers.append(nil)
        defer { for pointer in pointers { free(pointer) } }
        return pointers.withUnsafeBufferPointer { body($0.baseAddress) }
    }
}
