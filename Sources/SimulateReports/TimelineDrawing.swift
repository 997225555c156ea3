import SimulateCore

/// One run's timeline as an SVG drawing: a time axis, a row per lane grouped by track, spans as
/// coloured bars, marks as ticks, violations as red lines. Marks and tiny spans that fall on the same
/// pixel are merged, so even long runs stay a small drawing.
package struct TimelineDrawing {
    package let run: TimelineRun
    package let width = 1300.0
    package let labelWidth = 190.0
    package let rowHeight = 18.0
    package let axisHeight = 26.0
    package let trackGap = 6.0

    private var plotLeft: Double { labelWidth + 10 }
    private var plotWidth: Double { width - plotLeft - 16 }

    package var svg: String {
        let timeline = run.timeline
        let end = max(timeline.end, .start + .nanoseconds(1))
        var backgrounds: [String] = []
        var body: [String] = []
        var y = axisHeight
        for (trackIndex, track) in timeline.tracks.enumerated() {
            let height = Double(max(track.lanes.count, 1)) * rowHeight
            if trackIndex % 2 == 0 {
                backgrounds.append(rect(0, y - 2, width, height + 4, fill: "#f1f3f5"))
            }
            body.append(text(8, y + 13, track.name, classes: "track"))
            for (laneIndex, lane) in track.lanes.enumerated() {
                let top = y + Double(laneIndex) * rowHeight
                body.append(text(labelWidth, top + 13, lane.label, classes: "lane", anchor: "end"))
                body += spans(lane, top: top, end: end) + marks(lane, top: top, end: end)
            }
            if track.lanes.isEmpty {
                body.append(text(labelWidth, y + 13, "no events", classes: "lane", anchor: "end"))
            }
            y += height + trackGap
        }
        let height = y + 4
        var parts = [
            "<svg class=\"timeline\" viewBox=\"0 0 \(n(width)) \(n(height))\" width=\"\(n(width))\" height=\"\(n(height))\""
                + " xmlns=\"http://www.w3.org/2000/svg\" role=\"img\">"
        ]
        parts += backgrounds
        parts += axis(end: end, height: height)
        parts += body
        parts += violationLines(end: end, height: height)
        parts.append("</svg>")
        return parts.joined(separator: "\n")
    }

    private func x(_ time: VirtualInstant, _ end: VirtualInstant) -> Double {
        plotLeft + Double(min(max(time, .start), end).nanoseconds) / Double(end.nanoseconds) * plotWidth
    }

    private func axis(end: VirtualInstant, height: Double) -> [String] {
        let step = Self.tickStep(end.sinceStart)
        var parts: [String] = []
        var tick = VirtualInstant.start
        while tick <= end {
            let position = x(tick, end)
            parts.append(line(position, axisHeight - 6, position, height, stroke: "#dee2e6"))
            parts.append(text(position, 14, DurationFormat.string(tick), classes: "tick", anchor: "middle"))
            tick += step
        }
        parts.append(line(plotLeft, axisHeight - 6, plotLeft + plotWidth, axisHeight - 6, stroke: "#868e96"))
        return parts
    }

    /// 1, 2 or 5 × a power of ten, giving about ten ticks.
    package static func tickStep(_ end: VirtualDuration) -> VirtualDuration {
        var step = VirtualDuration.nanoseconds(1)
        while true {
            for factor: Int64 in [1, 2, 5] where end / (step * factor) <= 10 {
                return step * factor
            }
            step = step * 10
        }
    }

    private func spans(_ lane: Timeline.Lane, top: Double, end: VirtualInstant) -> [String] {
        let color = CategoryPalette.color(lane.category)
        var drawn: [(left: Double, right: Double, spans: [Timeline.Span])] = []
        for span in lane.spans {
            let left = x(span.start, end)
            let right = max(x(span.end, end), left + 1.5)
            if let last = drawn.last, right - left < 2, left <= last.right + 0.5 {
                drawn[drawn.count - 1].right = max(last.right, right)
                drawn[drawn.count - 1].spans.append(span)
            } else {
                drawn.append((left, right, [span]))
            }
        }
        return drawn.map { group in
            let first = group.spans[0]
            let title =
                group.spans.count == 1
                ? "\(first.name)  \(time(first.start))–\(time(first.end))"
                    + " (\(DurationFormat.readable(first.end - first.start)))"
                    + (first.open ? ", no end before the run ended" : "")
                    + (first.detail.isEmpty ? "" : "\n" + first.detail)
                : "\(group.spans.count) × \(first.name) from \(time(first.start))"
            var shape =
                "<g><title>\(MarkupEscaping.escape("\(lane.category): " + title))</title>"
                + "<rect x=\"\(n(group.left))\" y=\"\(n(top + 3))\" width=\"\(n(group.right - group.left))\" height=\"12\""
                + " rx=\"2\" fill=\"\(color)\"\(first.open ? " class=\"open\"" : "")/>"
            if group.spans.count == 1, group.right - group.left > Double(first.name.count) * 6.5 + 6 {
                shape += text(
                    group.left + 3, top + 12.5, first.name, classes: "span",
                    fill: CategoryPalette.textColor(lane.category))
            }
            return shape + "</g>"
        }
    }

    private func marks(_ lane: Timeline.Lane, top: Double, end: VirtualInstant) -> [String] {
        let color = CategoryPalette.color(lane.category)
        var buckets: [(pixel: Int, marks: [Timeline.Mark])] = []
        for mark in lane.marks {
            let pixel = Int(x(mark.time, end).rounded(.down))
            if let last = buckets.last, last.pixel >= pixel - 1 {
                buckets[buckets.count - 1].marks.append(mark)
            } else {
                buckets.append((pixel, [mark]))
            }
        }
        return buckets.map { bucket in
            let first = bucket.marks[0]
            var names: [String] = []
            for mark in bucket.marks where !names.contains(mark.name) && names.count < 6 { names.append(mark.name) }
            let title =
                bucket.marks.count == 1
                ? "\(first.name) at \(time(first.time))" + (first.detail.isEmpty ? "" : "\n" + first.detail)
                : "\(bucket.marks.count) events from \(time(first.time)): " + names.joined(separator: ", ")
            let left = x(first.time, end) - 1
            return "<g><title>\(MarkupEscaping.escape("\(lane.category): " + title))</title>"
                + "<path d=\"M\(n(left + 1)) \(n(top + 2)) l4 6.5 l-4 6.5 l-4 -6.5 z\" fill=\"\(color)\""
                + " stroke=\"#fff\" stroke-width=\"0.6\"/></g>"
        }
    }

    private func violationLines(end: VirtualInstant, height: Double) -> [String] {
        var parts: [String] = []
        for (expectation, violation) in run.violations.prefix(200) {
            let position = x(violation.at, end)
            let where_ = violation.device.map { " on \($0)" } ?? ""
            let title = "\(expectation) violated at \(time(violation.at))\(where_): \(violation.message)"
            parts.append(
                "<g class=\"violation\"><title>\(MarkupEscaping.escape(title))</title>"
                    + line(position, axisHeight - 6, position, height, stroke: CategoryPalette.violation, width: 2)
                    + "<path d=\"M\(n(position - 6)) \(n(axisHeight - 12)) h12 l-6 8 z\" fill=\"\(CategoryPalette.violation)\"/></g>"
            )
        }
        if let failure = run.result.failure {
            let position = x(failure.at, end)
            parts.append(
                "<g class=\"violation\"><title>\(MarkupEscaping.escape("run broke: " + failure.message))</title>"
                    + line(
                        position, axisHeight - 6, position, height, stroke: CategoryPalette.violation, width: 2,
                        dashed: true)
                    + "</g>")
        }
        return parts
    }

    private func time(_ instant: VirtualInstant) -> String { DurationFormat.secondsText(instant) }

    private func rect(_ x: Double, _ y: Double, _ width: Double, _ height: Double, fill: String) -> String {
        "<rect x=\"\(n(x))\" y=\"\(n(y))\" width=\"\(n(width))\" height=\"\(n(height))\" fill=\"\(fill)\"/>"
    }

    private func line(
        _ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, stroke: String, width: Double = 1, dashed: Bool = false
    ) -> String {
        "<line x1=\"\(n(x1))\" y1=\"\(n(y1))\" x2=\"\(n(x2))\" y2=\"\(n(y2))\" stroke=\"\(stroke)\""
            + " stroke-width=\"\(n(width))\"\(dashed ? " stroke-dasharray=\"5 3\"" : "")/>"
    }

    private func text(
        _ x: Double, _ y: Double, _ content: String, classes: String, anchor: String = "start", fill: String? = nil
    ) -> String {
        "<text x=\"\(n(x))\" y=\"\(n(y))\" class=\"\(classes)\" text-anchor=\"\(anchor)\""
            + (fill.map { " style=\"fill:\($0)\"" } ?? "") + ">\(MarkupEscaping.escape(content))</text>"
    }

    /// One decimal, the same bytes every time.
    private func n(_ value: Double) -> String {
        let tenths = Int((value * 10).rounded())
        return tenths % 10 == 0 ? String(tenths / 10) : String(Double(tenths) / 10)
    }
}
