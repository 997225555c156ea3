import SimulateJSON

/// A scenario's steps. Steps loaded from a file are kept compact (times, interned names, and where the
/// arguments are in the file: about 48 bytes a step), and each `StepSpec` is made when it is read, so that a
/// file of millions of steps loads in memory proportional to the file. Changing the list makes it a plain array.
public struct StepList: RandomAccessCollection, MutableCollection, RangeReplaceableCollection,
    ExpressibleByArrayLiteral, Sendable, Equatable
{
    private var specs: [StepSpec] = []
    private var compact: CompactSteps?

    public init() {}

    public init(_ steps: [StepSpec]) { specs = steps }

    public init(arrayLiteral steps: StepSpec...) { specs = steps }

    init(compact: CompactSteps) { self.compact = compact }

    public var startIndex: Int { 0 }
    public var endIndex: Int { compact?.count ?? specs.count }

    public subscript(position: Int) -> StepSpec {
        get { compact?[position] ?? specs[position] }
        set {
            materialize()
            specs[position] = newValue
        }
    }

    public mutating func replaceSubrange<C: Collection>(_ subrange: Range<Int>, with steps: C)
    where C.Element == StepSpec {
        materialize()
        specs.replaceSubrange(subrange, with: steps)
    }

    private mutating func materialize() {
        guard let compact else { return }
        specs = (0..<compact.count).map { compact[$0] }
        self.compact = nil
    }

    /// Lists that share their loaded steps are equal without reading them (a run checks that its prepared
    /// values still match the scenario's steps).
    public static func == (lhs: StepList, rhs: StepList) -> Bool {
        if let left = lhs.compact, let right = rhs.compact, left === right { return true }
        return lhs.elementsEqual(rhs)
    }
}

/// Steps decoded from a file, one fixed-size record each; names are interned, and arguments stay in the file.
/// Immutable once built (`CompactSteps.Builder`); shared by every copy of the scenario.
final class CompactSteps: Sendable {
    fileprivate struct Record {
        var at: Int64
        var every: Int64
        /// -1: no `args` member (an empty object).
        var argsOffset: Int64
        /// 0: no `repeat`.
        var count: Int32
        /// -1: no `device`.
        var device: Int32
        var plugin: Int32
        var action: Int32
        /// The step's index in the file's `steps` array (steps with errors are not kept).
        var index: Int32
        var atEnd: Bool
    }

    fileprivate static let chunkShift = 16
    private let chunks: [[Record]]
    private let names: [String]
    let count: Int
    private let arguments: JSONArrayStream

    private init(_ builder: Builder) {
        chunks = builder.chunks
        names = builder.names
        count = builder.count
        arguments = builder.arguments
    }

    subscript(position: Int) -> StepSpec {
        let record = chunks[position >> Self.chunkShift][position & (1 << Self.chunkShift - 1)]
        return StepSpec(
            at: record.atEnd ? .end : .at(VirtualInstant(nanoseconds: record.at)),
            device: record.device < 0 ? nil : names[Int(record.device)],
            plugin: names[Int(record.plugin)], action: names[Int(record.action)],
            arguments: record.argsOffset < 0
                ? .value(.object(JSONObject())) : .source(arguments.value(atOffset: Int(record.argsOffset))),
            repeat: record.count == 0
                ? nil : Repeat(every: VirtualDuration(nanoseconds: record.every), count: Int(record.count)),
            path: arguments.path / Int(record.index))
    }

    /// Records are kept in chunks, so that growing never copies them all (a copy would double the peak).
    struct Builder {
        fileprivate var chunks: [[Record]] = []
        fileprivate var names: [String] = []
        private var interned: [CodeUnitKey: Int32] = [:]
        /// `do` values already split: their plugin's and action's numbers.
        private var qualified: [CodeUnitKey: (plugin: Int32, action: Int32)] = [:]
        /// The first few of them, looked through before hashing.
        private var recentQualified: [(text: String, plugin: Int32, action: Int32)] = []
        fileprivate var count = 0
        fileprivate let arguments: JSONArrayStream

        init(arguments: JSONArrayStream) { self.arguments = arguments }

        /// `step` as the decoder made it (a repeat count is at most 10,000,000, so it fits 32 bits).
        mutating func append(_ step: StepSpec, index: Int, argsOffset: Int?) {
            let device = step.device.map { intern($0) } ?? -1
            append(
                at: step.at, device: device, plugin: intern(step.plugin), action: intern(step.action),
                repeat: step.repeat, index: index, argsOffset: argsOffset)
        }

        mutating func append(_ step: QuickStep, index: Int, argsOffset: Int?) {
            let key = CodeUnitKey(step.action)
            let names: (plugin: Int32, action: Int32)
            if let recent = recentQualified.first(where: { $0.text.hasSameCodeUnits(as: step.action) }) {
                names = (recent.plugin, recent.action)
            } else if let known = qualified[key] {
                names = known
            } else {
                let parts = QualifiedName.split(step.action)!
                names = (intern(String(parts.plugin)), intern(String(parts.name)))
                qualified[key] = names
                if recentQualified.count < 8 {
                    recentQualified.append((step.action, names.plugin, names.action))
                }
            }
            append(
                at: step.at, device: step.device.map { intern($0) } ?? -1, plugin: names.plugin,
                action: names.action, repeat: nil, index: index, argsOffset: argsOffset)
        }

        /// A step without `repeat` whose names are interned already.
        mutating func append(
            at time: TimePoint, device: Int32, plugin: Int32, action: Int32, index: Int, argsOffset: Int?
        ) {
            append(
                at: time, device: device, plugin: plugin, action: action, repeat: nil, index: index,
                argsOffset: argsOffset)
        }

        private mutating func append(
            at time: TimePoint, device: Int32, plugin: Int32, action: Int32, repeat: Repeat?, index: Int,
            argsOffset: Int?
        ) {
            let (at, atEnd): (Int64, Bool) =
                switch time {
                case .at(let time): (time.nanoseconds, false)
                case .end: (0, true)
                }
            let size = 1 << CompactSteps.chunkShift
            if count % size == 0 {
                chunks.append([])
                chunks[chunks.count - 1].reserveCapacity(size)
            }
            chunks[chunks.count - 1].append(
                Record(
                    at: at, every: `repeat`?.every.nanoseconds ?? 0, argsOffset: Int64(argsOffset ?? -1),
                    count: Int32(`repeat`?.count ?? 0), device: device, plugin: plugin, action: action,
                    index: Int32(index), atEnd: atEnd))
            count += 1
        }

        mutating func intern(_ name: String) -> Int32 {
            // A file names a few devices and actions: most names are among the first few.
            for number in names.indices.prefix(8) where names[number].hasSameCodeUnits(as: name) {
                return Int32(number)
            }
            let key = CodeUnitKey(name)
            if let number = interned[key] { return number }
            let number = Int32(names.count)
            names.append(name)
            interned[key] = number
            return number
        }

        /// The position and the plugin's and action's numbers of the step added last.
        var lastStep: (position: Int, plugin: Int32, action: Int32) {
            let record = chunks[chunks.count - 1][chunks[chunks.count - 1].count - 1]
            return (count - 1, record.plugin, record.action)
        }

        func name(_ number: Int32) -> String { names[Int(number)] }

        func build() -> CompactSteps { CompactSteps(self) }
    }
}
