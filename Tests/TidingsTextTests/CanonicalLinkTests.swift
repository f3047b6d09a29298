import TidingsText
import XCTest

/// Each rule of `CanonicalLink`, and what it must leave alone.
final class CanonicalLinkTests: XCTestCase {
    func testSchemeAndHostAreLowerCased() {
        XCTAssertEqual(CanonicalLink.of("HTTPS://Example.ORG/Post"), "https://example.org/Post")
    }

    func testTrackingParametersAreRemoved() {
        XCTAssertEqual(
            CanonicalLink.of("https://example.org/p?utm_source=planet&id=7&utm_medium=rss&fbclid=x&gclid=y&ref=hn"),
            "https://example.org/p?id=7")
        XCTAssertEqual(CanonicalLink.of("https://example.org/p?UTM_Campaign=a"), "https://example.org/p")
        XCTAssertEqual(CanonicalLink.of("https://example.org/p?utm_source"), "https://example.org/p")
    }

    func testLookAlikeParametersStay() {
        XCTAssertEqual(CanonicalLink.of("https://example.org/p?referrer=a&refs=b&xutm_a=c"),
                       "https://example.org/p?referrer=a&refs=b&xutm_a=c")
        XCTAssertEqual(CanonicalLink.of("https://example.org/p?b=2&a=1"), "https://example.org/p?b=2&a=1")
    }

    func testFragmentIsDropped() {
        XCTAssertEqual(CanonicalLink.of("https://example.org/p#comments"), "https://example.org/p")
        XCTAssertEqual(CanonicalLink.of("https://example.org/p?utm_source=x#top"), "https://example.org/p")
        XCTAssertEqual(CanonicalLink.of("  https://example.org/p  "), "https://example.org/p")
    }

    func testPathsPortsUsersAndIDNsDoNotChange() {
        XCTAssertEqual(CanonicalLink.of("https://example.org:8443/A/B.html"), "https://example.org:8443/A/B.html")
        XCTAssertEqual(CanonicalLink.of("https://Bob@Example.org/x"), "https://Bob@example.org/x")
        XCTAssertEqual(CanonicalLink.of("https://xn--bcher-kva.example/Über"), "https://xn--bcher-kva.example/Über")
        XCTAssertEqual(CanonicalLink.of("https://bücher.example/a"), "https://bücher.example/a")
        XCTAssertEqual(CanonicalLink.of("http://[2001:DB8::1]:8080/p"), "http://[2001:db8::1]:8080/p")
        XCTAssertEqual(CanonicalLink.of("https://example.org/p?q=A%20B"), "https://example.org/p?q=A%20B")
    }

    func testTextsThatAreNotURLsAreOnlyTrimmed() {
        XCTAssertEqual(CanonicalLink.of("Some/Path#x"), "Some/Path")
        XCTAssertEqual(CanonicalLink.of("urn:uuid:ABC"), "urn:uuid:ABC")
    }
}
