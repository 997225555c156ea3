import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A plain TCP client on a blocking socket, for doing to `serve` what real clients do: keep a
/// connection alive, stop reading, reset, or say nothing.
final class RawSocket {
    let fd: Int32

    init(port: Int, receiveBuffer: Int32? = nil) throws {
        #if canImport(Glibc)
            fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
            fd = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        if var size = receiveBuffer {
            setsockopt(fd, SOL_SOCKET, SO_RCVBUF, &size, socklen_t(MemoryLayout<Int32>.size))
        }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else {
            close(fd)
            throw SocketProblem(message: "connect: errno \(errno)")
        }
    }

    struct SocketProblem: Error {
        var message: String
    }

    func send(_ text: String) {
        let bytes = Array(text.utf8)
        _ = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
    }

    /// Reads what arrives within `seconds`; stops early once `until` appears or the peer closes.
    /// `closed` says whether the peer closed (or reset) the connection.
    func read(for seconds: Double, until marker: String? = nil) -> (text: String, closed: Bool) {
        var collected: [UInt8] = []
        let deadline = Date().addingTimeInterval(seconds)
        var buffer = [UInt8](repeating: 0, count: 65536)
        while Date() < deadline {
            var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            let ready = poll(&poller, 1, 50)
            guard ready > 0 else { continue }
            let count = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if count <= 0 { return (String(decoding: collected, as: UTF8.self), true) }
            collected += buffer[0..<count]
            if let marker, String(decoding: collected, as: UTF8.self).contains(marker) { break }
        }
        return (String(decoding: collected, as: UTF8.self), false)
    }

    /// Closes with a TCP reset (SO_LINGER 0), as a client whose network went away does.
    func reset() {
        var linger = linger(l_onoff: 1, l_linger: 0)
        setsockopt(fd, SOL_SOCKET, SO_LINGER, &linger, socklen_t(MemoryLayout<linger>.size))
        close(fd)
    }

    /// An orderly close (FIN).
    func closeCleanly() { close(fd) }
}

extension RawSocket {
    static func post(_ body: String, device: String) -> String {
        "POST /ko?device=\(device) HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\nConnection: keep-alive\r\n\r\n\(body)"
    }

    static func events(device: String) -> String {
        "GET /events?device=\(device) HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n\r\n"
    }
}
