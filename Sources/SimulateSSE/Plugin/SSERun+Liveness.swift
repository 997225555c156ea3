import SimulateCore

/// Swarm mode's liveness for `sse`: once faults stop, every client has reconnected and shows the
/// server's current list (its stream is fresh).
extension SSERun: LivenessChecking {
    public func livenessViolations() -> [Violation] {
        let now = world.scheduler.now
        let expected = PunchWire.digest(world.server.items)
        return clients.compactMap { client in
            if client.phase != .connected {
                return Violation(
                    at: now, device: client.device.id,
                    message: "\(client.device.id) has not reconnected (stream \(client.phase), "
                        + "\(client.attempts) connection attempts)",
                    events: client.log.last.lines(device: client.device.id, count: 3))
            }
            guard PunchWire.digest(client.model) != expected else { return nil }
            return Violation(
                at: now, device: client.device.id,
                message: "\(client.device.id) is connected but stale: it shows "
                    + StateInvariants.describe(client.model) + "; the server has "
                    + StateInvariants.describe(world.server.items),
                events: client.log.last.lines(device: client.device.id, count: 3))
        }
    }
}
