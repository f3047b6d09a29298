import XCTest

@testable import FeedModel

/// The element-name cache gives what resolving each name afresh gives, however the names' pointers
/// fall on its sets (more names than slots, so that sets overflow and ways are replaced).
final class ElementNameCacheTests: XCTestCase {
    func testResolvesEveryNameAsAFreshResolveWouldWithSetsOverflowing() {
        let atom = "http://www.w3.org/2005/Atom"
        let known = ["title", "link", "id", "updated", "entry", "content", "category", "author", "name", "summary"]
        let names = (known + (0..<1200).map { "x\($0)" }).map { strdup($0) }
        let uris = [strdup(atom), strdup("http://purl.org/dc/elements/1.1/"), nil]
        defer {
            names.forEach { free($0) }
            uris.forEach { free($0) }
        }
        let cache = ElementNameCache()
        for round in 0..<3 {
            for (n, name) in names.enumerated() {
                guard let name else { return XCTFail("strdup") }
                let uri = uris[(n + round) % uris.count]
                let local = UnsafeRawPointer(name).assumingMemoryBound(to: UInt8.self)
                let uriPointer = uri.map { UnsafeRawPointer($0).assumingMemoryBound(to: UInt8.self) }
                let resolved = cache.resolve(local, prefix: nil, uri: uriPointer, bareAtom: false)
                let namespace = uri.map { FeedNamespace.from(uri: String(cString: $0)) } ?? .none
                XCTAssertEqual(resolved.namespace, namespace)
                XCTAssertEqual(resolved.tag, FeedTag.resolve(namespace: namespace, localName: String(cString: name)))
                // The same name again at once (found in the first way) and after another (the second).
                XCTAssertEqual(cache.resolve(local, prefix: nil, uri: uriPointer, bareAtom: false).tag, resolved.tag)
            }
        }
        let title = UnsafeRawPointer(names[0]!).assumingMemoryBound(to: UInt8.self)
        let atomURI = UnsafeRawPointer(uris[0]!).assumingMemoryBound(to: UInt8.self)
        XCTAssertEqual(cache.resolve(title, prefix: nil, uri: atomURI, bareAtom: false).tag, .atomTitle)
        // Names without a namespace change meaning under a bare Atom root: the parser resets the cache.
        cache.reset()
        XCTAssertEqual(cache.resolve(title, prefix: nil, uri: nil, bareAtom: true).namespace, .atom10)
    }
}
