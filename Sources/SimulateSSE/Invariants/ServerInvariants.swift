import SimulateCore

/// `serverIds` and `reconnectRate`: what the backend issues and how hard the clients hit it.
enum ServerInvariants {
    /// Ids are UnixNano strings of the server clock at its resolution, never issued twice and
    /// strictly increasing (the nanosecond clock bumps a same-nanosecond add by 1 ns; the microsecond
    /// clock does not, so two adds in one microsecond are reported); `created` is that clock in
    /// RFC 3339; clients only ever hold server-issued ids or their own temporary ones.
    static func serverIds(_ world: SSEWorld, clients: [SSEClient]) -> [Violation] {
        let resolution = world.configuration.serverClock
        var list = ViolationList()
        var last: Int64 = .min
        var issued: Set<String> = []
        for record in world.server.log.issued {
            let at = record.time
            let clock = PunchClock.epochNanoseconds + at.sinceStart.nanoseconds
            let event = StateInvariants.line(at, SSEServer.track, "issued id \(record.id), created \(record.created)")
            func add(_ message: String) {
                list.add(Violation(at: at, device: nil, message: message, events: [event]))
            }
            guard !record.id.isEmpty, record.id.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }),
                let value = Int64(record.id)
            else {
                add("id \"\(record.id)\" is not a UnixNano decimal string")
                continue
            }
            if !issued.insert(record.id).inserted {
                add(
                    "id \(record.id) was issued twice"
                        + (resolution == .microsecond ? " (two adds in one microsecond of the server clock)" : ""))
            } else if value <= last {
                add("id \(record.id) is not above the previous id \(last)")
            }
            let expectedID = resolution.id(clock: clock, previous: last)
            if value != expectedID {
                add(
                    resolution == .nanosecond
                        ? "id \(record.id) is not the server clock \(clock) (or the previous id + 1 ns)"
                        : "id \(record.id) is not the server clock \(clock) cut to the microsecond (\(expectedID))")
            }
            let expected = PunchClock.rfc3339(unixNanoseconds: clock)
            if record.created != expected { add("created \"\(record.created)\" is not \"\(expected)\"") }
            last = value
        }
        for client in clients {
            for item in client.model where !item.isTemporary && !issued.contains(item.id) {
                list.add(
                    Violation(
                        at: world.scheduler.now, device: client.device.id,
                        message: "\(client.device.id) holds id \(item.id), which the server never issued"))
            }
        }
        return list.result
    }

    /// At most `max` reconnect attempts in any `window` (first connects are not counted).
    static func reconnectRate(_ times: [VirtualInstant], max limit: Int, window: VirtualDuration) -> [Violation] {
        var list = ViolationList(limit: 10)
        var start = 0
        var index = 0
        while index < times.count {
            while times[index] - times[start] >= window { start += 1 }
            if index - start + 1 > limit {
                var end = index
                while end + 1 < times.count && times[end + 1] - times[start] < window { end += 1 }
                list.add(
                    Violation(
                        at: times[start], device: nil,
                        message:
                            "\(end - start + 1) reconnect attempts within \(DurationFormat.string(window)) "
                            + "from \(DurationFormat.string(times[start])) (at most \(limit) allowed)"))
                index = end + 1
                start = index
                continue
            }
            index += 1
        }
        return list.result
    }

    /// The largest number of reconnect attempts that started within any `window`.
    static func peakReconnects(_ times: [VirtualInstant], window: VirtualDuration) -> Int {
        var peak = 0
        var start = 0
        for index in times.indices {
            while times[index] - times[start] >= window { start += 1 }
            peak = max(peak, index - start + 1)
        }
        return peak
    }
}
