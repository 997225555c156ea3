import Foundation
import SimulateFacades
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `URLSessionConfiguration.timeoutIntervalForRequest` applies to a request that sets no timeout of its
/// own; a request's own `timeoutInterval` wins.
@Suite struct RequestTimeoutTests {
    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    @Test func sessionTimeoutAppliesWhenTheRequestSetsNone() {
        let request = URLRequest(url: URL(string: "http://sse/events")!)
        #expect(SimulatedHTTPClient.requestTimeout(request, sessionTimeout: 20) == 20)
        #expect(SimulatedHTTPClient.requestTimeout(request, sessionTimeout: 60) == 60)
    }

    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    @Test func theRequestsOwnTimeoutWins() {
        var request = URLRequest(url: URL(string: "http://sse/events")!)
        request.timeoutInterval = 5
        #expect(SimulatedHTTPClient.requestTimeout(request, sessionTimeout: 20) == 5)
        request.timeoutInterval = 90
        #expect(SimulatedHTTPClient.requestTimeout(request, sessionTimeout: 20) == 90)
    }

    @Test func aConfigurationCarriesItsTimeout() {
        let configuration = URLSessionConfiguration.default
        configuration.timeoutIntervalForRequest = 15
        #expect(configuration.timeoutIntervalForRequest == 15)
    }
}
