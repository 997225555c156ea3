import SimulateCore

/// Collects an invariant's violations up to a bound, then counts the rest in one closing entry.
struct ViolationList {
    private(set) var items: [Violation] = []
    private var dropped = 0
    let limit: Int

    init(limit: Int = 50) {
        self.limit = limit
    }

    mutating func add(_ violation: @autoclosure () -> Violation) {
        if items.count < limit {
            items.append(violation())
        } else {
            dropped += 1
        }
    }

    var result: [Violation] {
        guard dropped > 0, let last = items.last else { return items }
        return items + [
            .omitted(
                dropped, at: last.at, device: last.device,
                message: "… and \(dropped) more violations of the same invariant")
        ]
    }
}
