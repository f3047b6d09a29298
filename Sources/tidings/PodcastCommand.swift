import ArgumentParser
import Foundation
import ReaderControllers

/// `tidings podcast chapters|transcript ID`: the podcast namespace's files, fetched on demand.
struct PodcastCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "podcast",
        abstract: "Fetch an episode's podcast namespace files on demand.",
        subcommands: [PodcastChaptersCommand.self, PodcastTranscriptCommand.self])

    /// Opens the environment, writes what `text` gives to standard output, and reports a failure.
    static func write(_ global: GlobalOptions, _ text: (PodcastFilesController) async throws -> String) async throws {
        _ = try global.loadConfig()
        let environment = try global.environment()
        do {
            try CommandOutput.write(Array(try await text(PodcastFilesController(environment: environment)).utf8))
        } catch {
            throw global.failure(error)
        }
    }
}

/// `tidings podcast chapters ID`: an episode's chapters with their start times.
struct PodcastChaptersCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "chapters",
        abstract: "List an episode's chapters (podcast:chapters), fetched now.",
        discussion: """
            Fetches the episode's JSON chapters file with the feeds' timeouts and proxy and prints one \
            line per chapter, TAB-separated: start time (H:MM:SS), title, link (empty when none).

            Exit status: 0; 2 an unknown article id; 65 the episode has no podcast:chapters or the file \
            is no JSON chapters file; 69 the file cannot be fetched; 73 the database cannot be opened; \
            78 a bad config file.
            """)

    @OptionGroup var global: GlobalOptions

    @Argument(help: "The article id (as an export template's {{id}} prints it).")
    var id: Int64

    func run() async throws {
        try await PodcastCommand.write(global) { try await $0.chapters(articleID: id) }
    }
}

/// `tidings podcast transcript ID`: an episode's transcript, one cue a line.
struct PodcastTranscriptCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "transcript",
        abstract: "Print an episode's transcript (podcast:transcript), fetched now.",
        discussion: """
            Fetches one of the episode's transcripts (WebVTT first, then SubRip, JSON, plain text, HTML) \
            with the feeds' timeouts and proxy and prints one line per cue: for a timed transcript its \
            start time (H:MM:SS) and a TAB first.

            Exit status: 0; 2 an unknown article id; 65 the episode has no podcast:transcript; 69 the file \
            cannot be fetched; 73 the database cannot be opened; 78 a bad config file.
            """)

    @OptionGroup var global: GlobalOptions

    @Argument(help: "The article id (as an export template's {{id}} prints it).")
    var id: Int64

    func run() async throws {
        try await PodcastCommand.write(global) { try await $0.transcript(articleID: id) }
    }
}
