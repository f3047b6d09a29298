import Foundation

/// Reads an account's password from where `[[account]]` says it is, at the moment a sync needs it; the
/// password is never kept beyond the sync, stored, or put in a message.
enum AccountPassword {
    /// The password of `account`, or the failure (exit 78) that says why it cannot be had.
    static func read(_ account: SyncAccount) throws(AccountSyncFailure) -> String {
        switch account.password {
        case .file(let path): return try fromFile(path, account: account.name)
        case .command(let command): return try fromCommand(command, account: account.name)
        }
    }

    /// The file's first line. A file that group or others may read is refused: the password would
    /// not be the user's alone.
    private static func fromFile(_ path: String, account: String) throws(AccountSyncFailure) -> String {
        var info = stat()
        guard stat(path, &info) == 0 else {
            throw fail(account, "password_file \(path) cannot be read: \(String(cString: strerror(errno)))")
        }
        guard info.st_mode & S_IFMT == S_IFREG else {
            throw fail(account, "password_file \(path) is not a regular file")
        }
        guard info.st_mode & 0o077 == 0 else {
            throw fail(
                account,
                "password_file \(path) is readable by group or others (mode \(String(info.st_mode & 0o777, radix: 8))); "
                    + "run chmod 600 on it")
        }
        let data: Data
        do {
            data = try InputFile.read(path, limit: 64 << 10)
        } catch {
            throw fail(account, "password_file \(path) cannot be read: \(error.reason)")
        }
        return try firstLine(data, account: account, source: "password_file \(path)")
    }

    /// The first line the command prints, run by `/bin/sh -c` with standard error passed through and
    /// standard input empty. Spawned and reaped here (posix_spawn and waitpid): Foundation's `Process`
    /// may reap the child itself, and its waiting needs a run loop that a task does not turn.
    private static func fromCommand(_ command: String, account: String) throws(AccountSyncFailure) -> String {
        var fds: [Int32] = [-1, -1]
        guard pipe(&fds) == 0 else { throw fail(account, "password_command cannot be started: no pipe") }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, fds[1], 1)
        posix_spawn_file_actions_addclose(&actions, fds[0])
        posix_spawn_file_actions_addclose(&actions, fds[1])
        let argv = ["/bin/sh", "-c", command]
        var cArguments = argv.map { strdup($0) } + [nil]
        defer { for pointer in cArguments { free(pointer) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, "/bin/sh", &actions, nil, &cArguments, environ)
        close(fds[1])
        guard spawned == 0 else {
            close(fds[0])
            throw fail(account, "password_command cannot be started: \(String(cString: strerror(spawned)))")
        }
        let data = FileHandle(fileDescriptor: fds[0], closeOnDealloc: true).readDataToEndOfFile()
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0, errno == EINTR {}
        // The low 7 bits are the signal that ended it, the next 8 its exit status.
        guard status == 0 else {
            let how = status & 0x7f == 0 ? "exited with status \((status >> 8) & 0xff)" : "was killed by signal \(status & 0x7f)"
            throw fail(account, "password_command failed (it \(how)); check it in config.toml")
        }
        return try firstLine(data, account: account, source: "password_command")
    }

    private static func firstLine(_ data: Data, account: String, source: String) throws(AccountSyncFailure) -> String {
        let text = String(decoding: data, as: UTF8.self)
        let line = text.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? ""
        let password = line.hasSuffix("\r") ? String(line.dropLast()) : line
        guard !password.isEmpty else { throw fail(account, "\(source) gave an empty password") }
        return password
    }

    private static func fail(_ account: String, _ message: String) -> AccountSyncFailure {
        AccountSyncFailure(message: "account \(account): \(message)", status: .config)
    }
}
