import Foundation
import SimulateFacades

/// OAuth credentials: a short-lived access token and the refresh token that renews it.
public struct Credentials: Sendable, Equatable {
    public var accessToken: String
    public var refreshToken: String
    public var expiresAt: Date

    public init(accessToken: String, refreshToken: String, expiresAt: Date) {
        self.accessToken = accessToken
        self.refreshToken = refreshToken
        self.expiresAt = expiresAt
    }
}

/// The token endpoint. It rotates refresh tokens: each works once, and a reused one fails with
/// `invalid_grant`, which logs the user out (RFC 6749 §6; OAuth 2.0 Security BCP, refresh token
/// rotation and reuse detection).
public protocol TokenEndpoint: Sendable {
    func refresh(using refreshToken: String) async throws -> Credentials
}

/// Hands out a valid access token, refreshing it when it has expired.
public protocol AccessTokenProviding: Sendable {
    func accessToken() async throws -> String
}

/// Actor reentrancy (depth 1): the expiry check and the store of the new credentials sit on either
/// side of the refresh's `await`, so a second caller that arrives while the refresh is in flight
/// sees the old credentials and refreshes with the same refresh token, which the server rejects.
public actor ReentrantTokenCache: AccessTokenProviding {
    private var credentials: Credentials
    private let endpoint: any TokenEndpoint
    private let now: @Sendable () -> Date

    public init(credentials: Credentials, endpoint: any TokenEndpoint, now: @escaping @Sendable () -> Date) {
        self.credentials = credentials
        self.endpoint = endpoint
        self.now = now
    }

    public func accessToken() async throws -> String {
        if credentials.expiresAt > now() { return credentials.accessToken }
        let fresh = try await endpoint.refresh(using: credentials.refreshToken)
        credentials = fresh
        return fresh.accessToken
    }
}

/// The twin: one refresh in flight at a time; callers that arrive meanwhile wait for its outcome.
public actor SingleFlightTokenCache: AccessTokenProviding {
    private var credentials: Credentials
    private let endpoint: any TokenEndpoint
    private let now: @Sendable () -> Date
    private var waiting: [CheckedContinuation<String, any Error>]?

    public init(credentials: Credentials, endpoint: any TokenEndpoint, now: @escaping @Sendable () -> Date) {
        self.credentials = credentials
        self.endpoint = endpoint
        self.now = now
    }

    public func accessToken() async throws -> String {
        if credentials.expiresAt > now() { return credentials.accessToken }
        if waiting != nil {
            return try await withCheckedThrowingContinuation { waiting?.append($0) }
        }
        waiting = []
        let result: Result<Credentials, any Error>
        do {
            result = .success(try await endpoint.refresh(using: credentials.refreshToken))
        } catch {
            result = .failure(error)
        }
        let waiters = waiting ?? []
        waiting = nil
        if case .success(let fresh) = result { credentials = fresh }
        let token = result.map(\.accessToken)
        for waiter in waiters { waiter.resume(with: token) }
        return try token.get()
    }
}
