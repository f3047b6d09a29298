import FeedModel
import XCTest

/// Transcript files as cues: WebVTT and SubRip with start times, JSON segments with speakers, plain
/// text by lines; hostile bytes stay on one line.
final class PodcastTranscriptTextTests: XCTestCase {
    func testWebVTTCuesWithoutHeaderNotesOrTags() {
        let vtt = """
            WEBVTT

            NOTE made by hand

            1
            00:00:00.000 --> 00:00:04.500
            <v Mara>Welcome to the
            <i>harbour</i>.

            01:02.250 --> 01:05.000 align:start
            Tides\u{1B}[2J turn.
            """
        XCTAssertEqual(PodcastTranscriptText.cues(Array(vtt.utf8), type: "text/vtt"), [
            .init(start: 0, text: "Welcome to the harbour."),
            .init(start: 62.25, text: "Tides [2J turn."),
        ])
    }

    func testSubRipJSONAndPlainText() {
        let srt = "1\r\n00:01:00,500 --> 00:01:02,000\r\nFirst line\r\nsecond line\r\n\r\n2\r\n01:00:00,000 --> 01:00:01,000\r\nLast\r\n"
        XCTAssertEqual(PodcastTranscriptText.cues(Array(srt.utf8), type: "application/x-subrip"), [
            .init(start: 60.5, text: "First line second line"), .init(start: 3600, text: "Last"),
        ])
        let json = #"{"version":"1.0.0","segments":[{"speaker":"Ivo","startTime":1.5,"body":"Hello"},{"body":"  "}]}"#
        XCTAssertEqual(PodcastTranscriptText.cues(Array(json.utf8), type: "application/json"), [
            .init(start: 1.5, text: "Ivo: Hello"),
        ])
        XCTAssertEqual(PodcastTranscriptText.cues(Array("One.\n\n  Two. \n".utf8), type: "text/plain"), [
            .init(start: nil, text: "One."), .init(start: nil, text: "Two."),
        ])
    }
}
