import Foundation
import Glibc
import XCTest

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A throw-away FreshRSS on 127.0.0.1 (../shared/sync/freshrss.sh) with its own home folder and port,
/// for the sync tests. Started once per test class, stopped (its folder removed) after.
public final class FreshRSSServer: @unchecked Sendable {
    /// The folder holding freshrss.sh and the FreshRSS tarball, beside the package checkout.
    public static var scriptFolder: String {
        TestFeedServer.packageRoot.deletingLastPathComponent().appendingPathComponent("shared/sync").path
    }

    public static var isAvailable: Bool {
        FileManager.default.isExecutableFile(atPath: scriptFolder + "/freshrss.sh")
    }

    public let home: String
    public let port: Int
    public let values: [String: String]

    public var baseURL: String { values["FRESHRSS_URL"] ?? "" }
    public var greaderURL: String { values["FRESHRSS_GREADER_URL"] ?? "" }
    public var feverURL: String { values["FRESHRSS_FEVER_URL"] ?? "" }
    public var user: String { values["FRESHRSS_USER"] ?? "" }
    public var apiPassword: String { values["FRESHRSS_API_PASSWORD"] ?? "" }
    public var logPath: String { home + "/php-server.log" }

    public init() throws {
        home = TemporaryFolder.create(prefix: "tidings-freshrss")
        try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
        port = try Self.freePort()
        let output = try Self.run(["start", String(port)], home: home)
        var values: [String: String] = [:]
        for line in output.split(separator: "\n") {
            guard let equals = line.firstIndex(of: "=") else { continue }
            values[String(line[..<equals])] = String(line[line.index(after: equals)...]).trimmingCharacters(
                in: CharacterSet(charactersIn: "'"))
        }
        self.values = values
        guard values["FRESHRSS_GREADER_URL"] != nil else {
            throw FreshRSSError(message: "freshrss.sh start printed no URLs: \(output)")
        }
    }

    /// Fetches every subscribed feed now.
    public func refresh() throws {
        _ = try Self.run(["refresh"], home: home)
    }

    /// Stops the server and keeps its data, so `resume` brings the same account back.
    public func pause() throws {
        _ = try Self.run(["stop"], home: home)
    }

    /// Starts the paused server again on its port, with its data.
    public func resume() throws {
        _ = try Self.run(["start", String(port)], home: home)
    }

    public func stop() {
        _ = try? Self.run(["stop"], home: home)
        try? FileManager.default.removeItem(atPath: home)
    }

    /// The API requests (GReader and Fever) in the access log so far.
    public func apiRequestLines() -> [String] {
        let log = (try? String(contentsOfFile: logPath, encoding: .utf8)) ?? ""
        return log.split(separator: "\n").map(String.init).filter {
            $0.contains("]: GET /api/") || $0.contains("]: POST /api/")
        }
    }

    /// One request to the server's API as a test makes it, apart from Tidings: a GET, or a POST of
    /// `form` (URL-encoded already), with `auth` as a Google Reader session; fails the test unless
    /// the answer is 200. Returns the body.
    public static func request(_ url: String, form: String? = nil, auth: String? = nil) async throws -> String {
        var request = URLRequest(url: try XCTUnwrap(URL(string: url)))
        if let form {
            request.httpMethod = "POST"
            request.httpBody = Data(form.utf8)
            request.setValue("application/x-www-form-urlencoded", forHTTPHeaderField: "Content-Type")
        }
        if let auth { request.setValue("GoogleLogin auth=" + auth, forHTTPHeaderField: "Authorization") }
        let (data, response) = try await URLSession.shared.data(for: request)
        XCTAssertEqual((response as? HTTPURLResponse)?.statusCode, 200, url)
        return String(decoding: data, as: UTF8.self)
    }

    /// Runs `freshrss.sh ARGUMENTS` with this server's home; returns its stdout.
    private static func run(_ arguments: [String], home: String) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: scriptFolder + "/freshrss.sh")
        process.arguments = arguments
        var environment = ProcessInfo.processInfo.environment
        environment["FRESHRSS_HOME"] = home
        process.environment = environment
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let errorReader = Thread.detachedRead(errors.fileHandleForReading)
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let errorText = String(decoding: errorReader.wait(), as: UTF8.self)
        // Reaped with waitpid: Foundation's waitUntilExit waits on a run loop, which never turns in a task.
        var status: Int32 = 0
        _ = waitpid(process.processIdentifier, &status, 0)
        guard status == 0 else {
            let command = arguments.joined(separator: " ")
            throw FreshRSSError(message: "freshrss.sh \(command) failed (wait status \(status)): \(errorText)")
        }
        return text
    }

    /// A port nothing listens on now (`LoopbackPort.free`).
    public static func freePort() throws -> Int {
        let port = LoopbackPort.free()
        guard port > 0 else { throw FreshRSSError(message: "no free port on 127.0.0.1") }
        return port
    }
}

public struct FreshRSSError: Error, CustomStringConvertible {
    public let message: String

    public init(message: String) {
        self.message = message
    }

    public var description: String { message }
}

