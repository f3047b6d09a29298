/// The process exit statuses Tidings uses, after sysexits.h where one fits.
public enum ExitStatus: Int32, Sendable {
    case success = 0
    /// Some feeds failed; the rest were stored.
    case partialFailure = 1
    case usage = 2
    /// EX_DATAERR: the input is not what it should be (not a feed, a bad OPML file).
    case dataError = 65
    /// EX_NOINPUT: an input file does not exist or cannot be read.
    case noInput = 66
    /// EX_UNAVAILABLE: a feed service cannot be reached, answered an error, or cannot do what was asked.
    case unavailable = 69
    /// EX_SOFTWARE: an internal error.
    case software = 70
    /// EX_CANTCREAT: an output file cannot be created.
    case cannotCreate = 73
    /// EX_IOERR: reading or writing failed.
    case ioError = 74
    /// EX_TEMPFAIL: try again later (another refresh holds the lock).
    case temporaryFailure = 75
    /// EX_PROTOCOL: a feed service's answer is not what its API promises (broken JSON, a login page).
    case protocolError = 76
    /// EX_NOPERM: a feed service rejected the account's password.
    case noPermission = 77
    /// EX_CONFIG: the config file is wrong.
    case config = 78
    /// Stopped by SIGINT (128 + SIGINT, as shells report it); what was done is kept.
    case interrupted = 130
    /// Stopped by SIGTERM (128 + SIGTERM); what was done is kept.
    case terminated = 143
}
