import FuzzSupport
import NIOCore
import NIOEmbedded
import NIOHTTP1
import SimulateCore
import SimulateSSE

@testable import SimulateSSEServe

/// Fuzz target for `serve`'s HTTP handling: raw client bytes, in chunks, into an in-memory channel with
/// the server's own pipeline (NIO's HTTP parser and error handler, `ServeHTTPHandler`) and a session
/// whose faults restart the server and reset connections under way. The first byte picks the chunk
/// sizes and when the run stops (what Ctrl-C does); the rest is what the client sends. Checks: no trap
/// (NIO's handlers trap on responses written out of order), whatever the server writes is HTTP/1.1
/// responses, and the run always ends with a verdict.
enum ServeHTTPFuzz {
    static let scenario: Scenario = {
        let text = """
            {"format": 1, "name": "fuzz", "duration": "10s", "devices": [{"id": "phone"}],
             "network": {"latency": "0s"}, "plugins": {"sse": {"items": ["milk", "eggs"]}},
             "faults": [{"at": "0s", "kind": "serverRestart", "plugin": "sse", "repeat": {"every": "1ms", "count": 3}}],
             "expect": [{"invariant": "sse.backoff"}]}
            """
        do {
            return try ScenarioLoader(registry: PluginRegistry([SSEPlugin()])).load(text: text)
        } catch {
            fail("the fuzz scenario does not load: \(error)")
        }
    }()

    static func check(_ input: [UInt8]) {
        guard let seed = input.first else { return }
        let bytes = Array(input.dropFirst())
        let loop = EmbeddedEventLoop()
        let session = ServeSession(
            scenario: scenario, options: ServeOptions(unsentByteLimit: 4096), loop: loop)
        let channel = EmbeddedChannel(loop: loop)
        do {
            try channel.pipeline.syncOperations.configureHTTPServerPipeline(withErrorHandling: true)
            try channel.pipeline.syncOperations.addHandler(ServeHTTPHandler(session: session))
            try channel.connect(to: SocketAddress(ipAddress: "127.0.0.1", port: 1)).wait()
        } catch {
            fail("the pipeline does not set up: \(error)")
        }
        session.start()
        let stopAt = Int(seed >> 2) * max(1, bytes.count) / 64
        var offset = 0
        var size = Int(seed % 5) + 1
        var stopped = false
        while offset < bytes.count {
            if !stopped && offset >= stopAt {
                session.stop()
                stopped = true
            }
            let end = min(bytes.count, offset + size)
            _ = try? channel.writeInbound(channel.allocator.buffer(bytes: bytes[offset..<end]))
            loop.run()
            offset = end
            size = size % 11 + 1
        }
        if !stopped { session.stop() }
        loop.run()
        var written: [UInt8] = []
        while let buffer = try? channel.readOutbound(as: ByteBuffer.self) { written += buffer.readableBytesView }
        _ = try? channel.finish()
        let prefix = Array("HTTP/1.1 ".utf8)
        guard written.isEmpty || written.starts(with: prefix) else {
            fail("the server wrote something other than an HTTP/1.1 response: \(written.prefix(40))")
        }
        var verdict = false
        session.outcome.futureResult.assumeIsolated().whenSuccess { _ in verdict = true }
        loop.run()
        guard verdict else { fail("the run ended without a verdict") }
    }
}
