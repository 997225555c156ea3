import Foundation
import NIOCore
import NIOPosix

/// A socket error in words, as the system says it (`Address already in use`, `Connection refused`),
/// instead of swift-nio's description of the call that failed.
enum SocketErrorText {
    static func describe(_ error: any Error) -> String {
        if let error = error as? IOError { return systemMessage(error.errnoCode) }
        if let error = error as? NIOConnectionError {
            let causes = error.connectionErrors.map { describe($0.error) }
            if let first = causes.first, causes.allSatisfy({ $0 == first }) { return first }
            if !causes.isEmpty { return causes.joined(separator: "; ") }
            if error.dnsAError != nil || error.dnsAAAAError != nil { return "the host name was not found" }
        }
        return String(describing: error)
    }

    private static func systemMessage(_ code: CInt) -> String {
        String(cString: strerror(code)) + " (errno \(code))"
    }
}
