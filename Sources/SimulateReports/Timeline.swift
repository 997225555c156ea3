import SimulateCore

/// A run's trace arranged for drawing: one track per device, server and the network, each with
/// lanes per category. Begin/end pairs (same track and name) become spans, everything else marks.
/// Overlapping spans of one category get lanes of their own, so every lane nests cleanly.
package struct Timeline: Sendable {
    package struct Span: Sendable {
        package var start: VirtualInstant
        package var end: VirtualInstant
        package var name: String
        package var detail: String
        /// No `end` was recorded: the span lasts until the end of the run.
        package var open: Bool
    }

    package struct Mark: Sendable {
        package var time: VirtualInstant
        package var name: String
        package var detail: String
    }

    package struct Lane: Sendable {
        package var category: String
        /// 0 for the category's first lane; more when its spans overlap.
        package var index: Int
        package var spans: [Span] = []
        package var marks: [Mark] = []

        package var label: String { index == 0 ? category : "\(category) \(index + 1)" }
    }

    package struct Track: Sendable {
        package var name: String
        package var lanes: [Lane]
    }

    package var tracks: [Track]
    package var end: VirtualInstant

    /// Categories in the order their lanes are drawn; others follow alphabetically.
    package static let categoryOrder = [
        "connection", "indicator", "backoff", "post", "counter", "conflict", "rateLimit", "sync", "push", "fault",
        "network",
    ]

    /// `devices` gives the device tracks' order and draws devices without records too.
    package init(records: [TraceRecord], devices: [String] = [], end: VirtualInstant) {
        self.end = max(end, records.last?.time ?? .start)
        var spans: [String: [String: [Span]]] = [:]
        var marks: [String: [String: [Mark]]] = [:]
        var open: [String: [(record: TraceRecord, order: Int)]] = [:]
        var trackNames = devices
        var order = 0
        for record in records {
            if !trackNames.contains(record.track) { trackNames.append(record.track) }
            let key = record.track + "\u{0}" + record.name
            switch record.phase {
            case .instant:
                marks[record.track, default: [:]][record.category, default: []].append(
                    Mark(time: record.time, name: record.name, detail: record.detail))
            case .begin:
                open[key, default: []].append((record, order))
                order += 1
            case .end:
                guard let begin = open[key]?.popLast()?.record else { continue }
                let detail = [begin.detail, record.detail].filter { !$0.isEmpty }.joined(separator: " → ")
                spans[record.track, default: [:]][begin.category, default: []].append(
                    Span(
                        start: begin.time, end: record.time,
                        name: begin.name, detail: detail, open: false))
            }
        }
        for (begin, _) in open.values.joined().sorted(by: { $0.order < $1.order }) {
            spans[begin.track, default: [:]][begin.category, default: []].append(
                Span(
                    start: begin.time, end: self.end, name: begin.name,
                    detail: begin.detail, open: true))
        }
        tracks = Self.sortedTracks(trackNames, devices: devices).map { name in
            let categories = Set((spans[name] ?? [:]).keys).union((marks[name] ?? [:]).keys)
            let lanes = Self.sortedCategories(categories).flatMap { category in
                Self.lanes(category, spans: spans[name]?[category] ?? [], marks: marks[name]?[category] ?? [])
            }
            return Track(name: name, lanes: lanes)
        }
    }

    /// Devices first (in scenario order), then servers, then the network.
    private static func sortedTracks(_ names: [String], devices: [String]) -> [String] {
        func rank(_ name: String) -> Int {
            if devices.contains(name) { return 0 }
            if name.hasPrefix("server:") { return 2 }
            return name == "network" ? 3 : 1
        }
        return names.enumerated().sorted { a, b in
            (rank(a.element), a.offset) < (rank(b.element), b.offset)
        }.map(\.element)
    }

    package static func sortedCategories(_ categories: Set<String>) -> [String] {
        categories.sorted { a, b in
            let left = categoryOrder.firstIndex(of: a) ?? categoryOrder.count
            let right = categoryOrder.firstIndex(of: b) ?? categoryOrder.count
            return left != right ? left < right : a < b
        }
    }

    /// Greedy interval colouring: each span goes to the first lane that is free at its start.
    private static func lanes(_ category: String, spans: [Span], marks: [Mark]) -> [Lane] {
        var lanes = [Lane(category: category, index: 0, marks: marks)]
        let ordered = spans.enumerated().sorted { a, b in
            (a.element.start.nanoseconds, a.offset) < (b.element.start.nanoseconds, b.offset)
        }.map(\.element)
        for span in ordered {
            if let free = lanes.firstIndex(where: { $0.spans.last.map { $0.end <= span.start } ?? true }) {
                lanes[free].spans.append(span)
            } else {
                lanes.append(Lane(category: category, index: lanes.count, spans: [span]))
            }
        }
        return lanes
    }
}
