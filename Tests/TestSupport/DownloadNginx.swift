import Foundation
import XCTest

/// A private nginx on 127.0.0.1 for download tests, on two ports (two "hosts" for the per-host
/// limit), serving one folder with Range, ETag and Last-Modified as nginx does for static files:
/// `/files/X` as is, `/slow/X` at `limit_rate` bytes a second, `/norange/X` ignoring Range (always 200).
/// Its access log has one line per request: start time, end time, port, status, bytes, Range and
/// If-Range. Needs the Debian package nginx-light (`make deps-test`); `start` throws `XCTSkip` without it.
public final class DownloadNginx: Sendable {
    public let root: String
    public let ports: [Int]
    private let folder: String
    private let process: Process

    /// Serves `root` from a config in `folder`; `slowRate` is `/slow/`'s bytes per second.
    public init(root: String, folder: String, slowRate: Int = 2_000_000) throws {
        guard let nginx = ["/usr/sbin/nginx", "/usr/bin/nginx"].first(where: FileManager.default.isExecutableFile)
        else { throw XCTSkip("nginx is not installed (make deps-test installs nginx-light)") }
        self.root = root
        self.folder = folder
        ports = [Self.freePort(), Self.freePort()]
        try FileManager.default.createDirectory(atPath: folder + "/tmp", withIntermediateDirectories: true)
        let listens = ports.map { "        listen 127.0.0.1:\($0);" }.joined(separator: "\n")
        let config = """
            daemon off;
            worker_processes 1;
            pid \(folder)/nginx.pid;
            error_log \(folder)/error.log warn;
            events { worker_connections 256; }
            http {
                default_type application/octet-stream;
                client_body_temp_path \(folder)/tmp/body;
                proxy_temp_path \(folder)/tmp/proxy;
                fastcgi_temp_path \(folder)/tmp/fastcgi;
                uwsgi_temp_path \(folder)/tmp/uwsgi;
                scgi_temp_path \(folder)/tmp/scgi;
                log_format downloads '$msec $request_time $server_port $status $body_bytes_sent "$request_uri" "$http_range" "$http_if_range"';
                access_log \(folder)/access.log downloads;
                # limit_rate paces writes; sendfile would hand a small file to the kernel at once.
                sendfile off;
                etag on;
                server {
            \(listens)
                    location /files/ { alias \(root)/; }
                    location /slow/ { alias \(root)/; limit_rate \(slowRate); }
                    location /norange/ { alias \(root)/; max_ranges 0; limit_rate \(slowRate); }
                }
            }
            """
        try config.write(toFile: folder + "/nginx.conf", atomically: true, encoding: .utf8)
        process = Process()
        process.executableURL = URL(fileURLWithPath: nginx)
        process.arguments = ["-p", folder, "-c", folder + "/nginx.conf", "-e", folder + "/error.log"]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle(forWritingAtPath: "/dev/null")
        try process.run()
        for port in ports {
            guard Self.waitForListener(port: port) else {
                stop()
                throw TestSupportError.serverNotRunning
            }
        }
    }

    deinit { stop() }

    /// Stops nginx (the master and its worker).
    public func stop() {
        guard process.isRunning else { return }
        kill(process.processIdentifier, SIGQUIT)
        process.waitUntilExit()
    }

    /// `http://127.0.0.1:PORT/LOCATION/NAME` on the first port, or the one given.
    public func url(_ location: String, _ name: String, port: Int? = nil) -> String {
        "http://127.0.0.1:\(port ?? ports[0])/\(location)/\(name)"
    }

    /// One request the log recorded.
    public struct Request: Sendable {
        public let start: Double
        public let end: Double
        public let port: Int
        public let status: Int
        public let bytes: Int
        public let uri: String
        public let range: String
        public let ifRange: String
    }

    /// Every request logged so far (nginx writes a line when a request ends).
    public func requests() throws -> [Request] {
        let text = (try? String(contentsOfFile: folder + "/access.log", encoding: .utf8)) ?? ""
        return text.split(separator: "\n").compactMap { line in
            let quoted = line.split(separator: "\"", omittingEmptySubsequences: false)
            let plain = quoted[0].split(separator: " ")
            guard plain.count >= 5, quoted.count >= 6, let end = Double(plain[0]), let time = Double(plain[1]),
                let port = Int(plain[2]), let status = Int(plain[3]), let bytes = Int(plain[4])
            else { return nil }
            return Request(
                start: end - time, end: end, port: port, status: status, bytes: bytes, uri: String(quoted[1]),
                range: quoted[3] == "-" ? "" : String(quoted[3]), ifRange: quoted[5] == "-" ? "" : String(quoted[5]))
        }
    }

    /// The most requests that overlapped in time, among `requests`.
    public static func peakOverlap(_ requests: [Request]) -> Int {
        var edges: [(time: Double, change: Int)] = []
        for request in requests {
            edges.append((request.start, 1))
            edges.append((request.end, -1))
        }
        // An end and a start at the same instant do not overlap.
        edges.sort { left, right in left.time == right.time ? left.change < right.change : left.time < right.time }
        var current = 0
        var peak = 0
        for edge in edges {
            current += edge.change
            peak = max(peak, current)
        }
        return peak
    }

    private static func freePort() -> Int {
        LoopbackPort.free()
    }

    private static func waitForListener(port: Int) -> Bool {
        for _ in 0..<100 {
            let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_addr.s_addr = inet_addr("127.0.0.1")
            address.sin_port = UInt16(port).bigEndian
            let connected = withUnsafeMutablePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
                }
            }
            close(socket)
            if connected == 0 { return true }
            usleep(50_000)
        }
        return false
    }
}
