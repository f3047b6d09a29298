import ArgumentParser
import Foundation
import ReaderControllers

extension ExportFormat: ExpressibleByArgument {}
extension ExportSort: ExpressibleByArgument {}

/// `tidings export`: headlines and articles for cron jobs, scripts and other programs.
struct ExportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Write articles as text, Markdown, HTML, JSON Feed, RSS, Atom, TSV, CSV or a template.",
        discussion: """
            Selects articles from the database (all of them, or those the options narrow down; every \
            option narrows further) and writes them in one format to standard output or to a file. \
            Articles stream from the database to the output, so memory stays flat however many there are.

            With --new, only articles this named export (--state, default "default") has not exported \
            before are written, and the state is advanced only after the output was written completely: \
            run it from cron and each article is exported exactly once, even when a run fails. Several \
            jobs with different --state names do not disturb one another. --mark-read marks the exported \
            articles read in the same transaction that advances the state. A new state's first run \
            exports every matching article (and says so on standard error when that is more than 100); \
            with --from-now it exports none and counts them all as exported instead.

            Without --output the articles stream to standard output; when its reader goes away (as \
            with `| head`), the export stops quietly with status 0 and records nothing. With --output the \
            file is replaced atomically (a temporary file in the same folder, renamed into place once \
            complete): readers see the old or the new file, never a part, and a failed write leaves the \
            old file and the state as they were.

            Formats:
              text      date, feed, title, URL per line: aligned on a terminal, else TAB-separated
              markdown  "## Feed" headings, "- [Title](<URL>) -- date", special characters escaped
              html      one standalone HTML5 page, inline CSS, text escaped, bodies sanitized
              json      JSON Feed 1.1, the source feed of each item in "_tidings.source"
              rss       RSS 2.0 aggregate feed, the source feed of each item in <source url="...">
              atom      Atom 1.0 aggregate feed, the source feed of each entry in <source>
              tsv       sfeed's TAB-separated layout (see sfeed(1)), for sfeed_plain and friends
              csv       RFC 4180: date, feed, feed_url, title, url, id, author, tags, read, starred
            text prints nothing at all when no article matches. Dates are local time in text, \
            markdown and html, RFC 3339 UTC elsewhere.

            Examples:
              tidings export --new --state cron >> ~/news.txt
              tidings export --new --state cron --from-now >> ~/news.txt
              tidings export --since 1d --format markdown
              tidings export --unread --tag science --format html --output ~/public_html/news.html
              tidings export --new --state planet --format atom --output /var/www/planet.xml
              tidings export --feed "LWN.net" --search kernel --limit 20
              tidings export --refresh --new --mark-read --format json | jq -r '.items[].title'
              tidings export --query 'unread and title contains "swift" and age < 7d'

            Articles the config's [[ignore]] rules hide are left out unless --include-ignored is given. \
            A --query that cannot be read exits 2 with one line naming the column: \
            query: column 17: expected a value after "=".

            Exit status: 0 exported (also when nothing matched, and when the reader of standard output \
            went away); 1 with --refresh when some feeds failed (the export still ran); 2 usage error or \
            unknown --feed; 65 invalid template; 66 template unreadable; 73 the output file or database \
            cannot be created, or --output is one of Tidings' own files or a file of another kind (see \
            --force); 74 writing failed; 75 another refresh is running (with --refresh it waits \
            instead).
            """)

    @OptionGroup var global: GlobalOptions

    @Option(name: .long, help: ArgumentHelp(
        "The output format: text, markdown, html, json, rss, atom, tsv or csv.",
        discussion: "Default: text. --template replaces the format.", valueName: "format"))
    var format: ExportFormat = .text

    @Flag(name: .long, help: ArgumentHelp(
        "Export only articles the export state has not exported yet, then advance it.",
        discussion: """
            The state (see --state) is stored in the database and advanced only once the output was \
            written completely, so a failed or interrupted run exports the same articles again next time.
            """))
    var new = false

    @Option(name: .long, help: ArgumentHelp(
        "The name of the export state --new uses (default: \"default\").",
        discussion: "Give each cron job or consumer its own name; states do not affect one another.",
        valueName: "name"))
    var state: String?

    @Flag(name: .customLong("from-now"), help: ArgumentHelp(
        "With --new, start a state that does not exist yet at the present instead of exporting the backlog.",
        discussion: """
            The first run records every matching article as exported and writes nothing (and marks nothing \
            read); later runs write only the articles that arrive after it. Once the state exists the \
            option changes nothing, so it can stay in the crontab line.
            """))
    var fromNow = false

    @Option(name: .long, help: ArgumentHelp(
        "Only articles dated at or after this: a duration back from now (90m, 12h, 2d, 1w, 1d12h) or a date.",
        discussion: "Dates: 2026-11-01, 2026-11-01T08:00:00Z (RFC 3339) or RFC 822.",
        valueName: "duration|date"))
    var since: String?

    @Flag(name: .long, help: "Only unread articles.")
    var unread = false

    @Flag(name: .long, help: "Only starred articles.")
    var starred = false

    @Option(name: .customLong("feed"), help: ArgumentHelp(
        "Only articles of this feed, by URL or title (case-insensitive); repeat for several.",
        valueName: "url|title"))
    var feedNames: [String] = []

    @Option(name: .customLong("tag"), help: ArgumentHelp(
        "Only articles of feeds with this tag (OPML folder); repeat for any of several.", valueName: "tag"))
    var tags: [String] = []

    @Option(name: .long, help: ArgumentHelp(
        "Only articles whose title, author or text contains these words.",
        discussion: "Every word must match; a trailing * matches a prefix (kern*).", valueName: "query"))
    var search: String?

    @Option(name: .long, help: ArgumentHelp(
        "Only articles matching this query (the query language of filters and query feeds).",
        discussion: "For example: unread and (title contains \"swift\" or tag = dev) and age < 7d. See the README.",
        valueName: "query"))
    var query: String?

    @Flag(name: .customLong("include-ignored"), help: ArgumentHelp(
        "Also the articles the config's [[ignore]] rules hide."))
    var includeIgnored = false

    // A string taken whatever it looks like, so `--limit -3` is checked here and named in the error
    // (as an Int, "-3" would be read as an unknown option and reported as a missing value).
    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("Write at most this many articles (1 or more).", valueName: "n"))
    var limit: String?

    @Option(name: .long, help: ArgumentHelp(
        "The order: date (newest first) or feed (by feed title, newest first within a feed).",
        discussion: "Default: feed for markdown (grouped by feed), date otherwise.", valueName: "order"))
    var sort: ExportSort?

    @Option(name: .long, help: ArgumentHelp(
        "Write to this file, replacing it atomically, instead of standard output.",
        discussion: """
            The file is written next to its target and renamed into place when complete. A device or \
            FIFO (such as /dev/null) is written directly.
            """,
        valueName: "file"), completion: .file())
    var output: String?

    @Flag(name: .long, help: ArgumentHelp(
        "Let --output replace a file of another kind than this export writes.",
        discussion: """
            Without it, --output refuses to replace a SQLite database, an OPML feed list, a binary file, \
            or a feed, page or JSON file of another kind than the chosen format writes (exit 73). \
            Tidings' own files (database, feed list, config, their backups and locks) are always refused.
            """))
    var force = false

    @Option(name: .long, help: ArgumentHelp(
        "Render this Mustache template instead of a built-in format.",
        discussion: """
            The text before {{#articles}} is written once, the section's inside once per article, the \
            text after {{/articles}} once at the end; a template without that section is rendered per \
            article. Per article: title, url, feed, feed_url, date, date_local, timestamp, author, \
            tags, read, starred, index, first, content_html, summary_html, content_text and more (see \
            docs/commands.md). {{x}} escapes HTML; use {{{x}}} for plain text.
            """,
        valueName: "file"), completion: .file())
    var template: String?

    @Flag(name: .long, help: ArgumentHelp(
        "Refresh the feeds that are due first (as tidings refresh, waiting for one already running).",
        discussion: "The export runs even when some feeds failed; the exit status is then 1."))
    var refresh = false

    @Flag(name: .customLong("mark-read"), help: ArgumentHelp(
        "Mark the exported articles read once the output is written.",
        discussion: "With --new, in the same transaction that advances the state."))
    var markRead = false

    @Flag(name: .customLong("full-text"), help: ArgumentHelp(
        "Write each article's extracted full text instead of the feed's summary where there is one.",
        discussion: "Full texts are fetched by a refresh for feeds with full text set (see docs/commands.md)."))
    var fullText = false

    /// The first run of a state: `--from-now` says what it counted (on a terminal only, cron stays
    /// quiet); without it, a backlog of more than 100 articles names the option, once.
    private func reportStart(_ summary: ExportSummary, state: String) {
        guard summary.startedState else { return }
        let line: String
        if fromNow {
            guard isatty(2) == 1 else { return }
            line = "state \(state) starts now: \(Self.grouped(summary.countedAsExported)) articles counted as exported"
        } else {
            guard summary.exported > 100 else { return }
            line = "state \(state) started with the whole backlog (\(Self.grouped(summary.exported)) articles); "
                + "a new state's first run given --from-now exports none and counts them as exported"
        }
        FileHandle.standardError.write(Data("tidings: \(line)\n".utf8))
    }

    /// 2604 as "2,604", the same in every locale (cron's included).
    private static func grouped(_ count: Int) -> String {
        var digits = String(count)
        var index = digits.endIndex
        while digits.distance(from: digits.startIndex, to: index) > 3 {
            index = digits.index(index, offsetBy: -3)
            digits.insert(",", at: index)
        }
        return digits
    }

    func validate() throws {
        if state != nil && !new { throw ValidationError("--state applies only with --new.") }
        if fromNow && !new { throw ValidationError("--from-now applies only with --new.") }
        if let state, state.trimmingCharacters(in: .whitespaces).isEmpty {
            throw ValidationError("--state needs a name.")
        }
        if let limit, Int(limit) ?? 0 < 1 {
            throw ValidationError("--limit must be a whole number of 1 or more, not '\(limit)'.")
        }
        if let since, ExportSince.parse(since) == nil {
            throw ValidationError("--since takes a duration (30m, 12h, 2d, 1w) or a date (2026-11-01), not '\(since)'.")
        }
        if let output, output.isEmpty { throw ValidationError("--output needs a file name.") }
    }

    func run() async throws {
        signal(SIGPIPE, SIG_IGN)
        let config = try global.loadConfig()
        let environment = try global.environment(config: config)
        var options = ExportOptions(
            format: format, onlyNew: new, stateName: state ?? ExportOptions.defaultStateName,
            since: since.flatMap { ExportSince.parse($0) }, unreadOnly: unread, starredOnly: starred,
            feeds: feedNames, tags: tags, search: search, query: query, includeIgnored: includeIgnored,
            ignoreRules: config.ignoreRules, limit: limit.flatMap { Int($0) }, sort: sort, outputPath: output,
            templatePath: template, markRead: markRead,
            terminalWidth: output == nil ? ExportOptions.terminalWidth(of: 1) : nil)
        options.fullText = fullText
        options.fromNow = fromNow
        let controller = ExportController(environment: environment)
        do {
            if refresh {
                let (summary, export) = try await controller.refreshAndRun(
                    options, refresh: RefreshOptions(unattended: true, waitForLock: true, retention: config.retention,
                        ignoreRules: config.ignoreRules), force: force)
                reportStart(export, state: options.stateName)
                CommandOutput.reportFailures(summary)
                if summary.exitStatus != .success { throw summary.exitStatus.exitCode }
            } else {
                reportStart(try controller.run(options, force: force), state: options.stateName)
            }
        } catch {
            throw global.failure(error)
        }
    }
}
