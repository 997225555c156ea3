/// Record names numbered once for a whole run: every device's store and the mirroring's shared boxes
/// key their objects by the number, so a record imported by ten devices has its name hashed once, not
/// once per device.
///
/// The numbers are found through an open-addressing index of 4 bytes a bucket (each bucket the number
/// plus one, 0 for empty; linear probing, grown at half full) whose entries compare against `names`:
/// a `[String: Int]` took 24 bytes a bucket, 50 MB at a million names (`simulate-bench model`,
/// docs/performance.md). Each name's hash bits are kept by its number, so a probe reads a name only when
/// they match and the index grows without hashing a name again.
///
/// The names the stores make (`Task-phone-3`) skip the index: see ``registerPrefix(_:)``.
///
/// `@exclusivity(unchecked)` as in ``ModelStore``.
final class NameTable {
    @exclusivity(unchecked) private var index: [UInt32] = []
    /// The names by number.
    @exclusivity(unchecked) private(set) var names: [String] = []
    /// The low 32 bits of each indexed name's hash value (never 0), by number; 0 for a name numbered by
    /// its serial.
    @exclusivity(unchecked) private var hashes: [UInt32] = []
    private var indexedCount = 0

    /// How many names have a number (the numbers are `0..<count`).
    var count: Int { names.count }

    /// The number of a name seen before, if any.
    func slot(_ name: String) -> Int? {
        guard !names.isEmpty else { return nil }
        if let key = serialKey(name) { return number(serial: key.serial, prefix: key.prefix) }
        guard indexedCount > 0 else { return nil }
        let bucket = find(name, bits: Self.bits(name))
        return index[bucket] == 0 ? nil : Int(index[bucket] - 1)
    }

    /// The name's number, giving it the next one if it has none (one probe sequence either way).
    func intern(_ name: String) -> Int {
        if let key = serialKey(name) { return intern(name, serial: key.serial, prefix: key.prefix) }
        if (indexedCount + 1) * 2 > index.count { grow() }
        let bits = Self.bits(name)
        let bucket = find(name, bits: bits)
        if index[bucket] != 0 { return Int(index[bucket] - 1) }
        let number = append(name, bits: bits)
        index[bucket] = UInt32(number + 1)
        indexedCount += 1
        return number
    }

    private func append(_ name: String, bits: UInt32) -> Int {
        precondition(UInt64(names.count) < UInt64(UInt32.max), "too many record names for one run")
        names.append(name)
        hashes.append(bits)
        return names.count - 1
    }

    private static func bits(_ name: String) -> UInt32 { max(1, UInt32(truncatingIfNeeded: name.hashValue)) }

    /// The bucket that holds `name`'s number, or the empty one where it would go.
    private func find(_ name: String, bits: UInt32) -> Int {
        let mask = index.count - 1
        var bucket = Int(bits) & mask
        while index[bucket] != 0 {
            let number = Int(index[bucket] - 1)
            if hashes[number] == bits && names[number] == name { break }
            bucket = (bucket + 1) & mask
        }
        return bucket
    }

    /// A name's bucket is its kept hash bits under the mask, in `find` as here.
    private func grow() {
        index = Array(repeating: 0, count: max(16, index.count * 2))
        let mask = index.count - 1
        for (slot, bits) in hashes.enumerated() where bits != 0 {
            var bucket = Int(bits) & mask
            while index[bucket] != 0 { bucket = (bucket + 1) & mask }
            index[bucket] = UInt32(slot + 1)
        }
    }

    // MARK: Names by serial

    /// A registered prefix's names, by serial: each entry the number plus one, 0 for none.
    private var numbersBySerial: [[UInt32]] = []
    private var serialPrefixes: [String: Int] = [:]
    /// Serials from here on are indexed like any name, so a name's serial never makes an array longer than this.
    private static let serialLimit = 1 << 20

    /// Numbers the names `prefix` followed by a serial (`Task-phone-` and `3`, what a store makes) in an
    /// array by serial instead of the hashed index, and returns the prefix's key for
    /// ``intern(_:serial:prefix:)``; `prefix` ends in `-`. A store's new name then finds its number beside
    /// its predecessor's: at a million names the index is 8 MB and each new name's probe of it missed the
    /// caches (docs/performance.md). A name takes one path for the whole run, so a prefix registers only
    /// while no name has a number (nil after that, unless it registered before).
    func registerPrefix(_ prefix: String) -> Int? {
        if let known = serialPrefixes[prefix] { return known }
        guard names.isEmpty, prefix.utf8.last == UInt8(ascii: "-") else { return nil }
        serialPrefixes[prefix] = numbersBySerial.count
        numbersBySerial.append([])
        return numbersBySerial.count - 1
    }

    /// The number of `name`, the registered `prefix` followed by the decimal `serial`, giving it the next
    /// one if it has none.
    func intern(_ name: String, serial: Int, prefix: Int) -> Int {
        guard serial < Self.serialLimit else { return intern(name) }
        assert(
            serialKey(name).map { $0 == (prefix, serial) } ?? false, "\(name) is prefix \(prefix)'s serial \(serial)")
        if let known = number(serial: serial, prefix: prefix) { return known }
        if serial >= numbersBySerial[prefix].count {
            let count = min(Self.serialLimit, max(serial + 1, numbersBySerial[prefix].count * 2, 16))
            numbersBySerial[prefix] += repeatElement(0, count: count - numbersBySerial[prefix].count)
        }
        let number = append(name, bits: 0)
        numbersBySerial[prefix][serial] = UInt32(number + 1)
        return number
    }

    private func number(serial: Int, prefix: Int) -> Int? {
        guard serial < numbersBySerial[prefix].count, numbersBySerial[prefix][serial] != 0 else { return nil }
        return Int(numbersBySerial[prefix][serial] - 1)
    }

    /// A registered prefix and the serial after it, written as a store writes it (decimal, no leading
    /// zero, under the limit); nil for any other name.
    private func serialKey(_ name: String) -> (prefix: Int, serial: Int)? {
        guard !serialPrefixes.isEmpty else { return nil }
        var name = name
        return name.withUTF8 { bytes -> (prefix: Int, serial: Int)? in
            guard let dash = bytes.lastIndex(of: UInt8(ascii: "-")) else { return nil }
            let digits = bytes[(dash + 1)...]
            guard let first = digits.first, first != UInt8(ascii: "0") || digits.count == 1, digits.count <= 7
            else { return nil }
            var serial = 0
            for digit in digits {
                guard digit >= UInt8(ascii: "0") && digit <= UInt8(ascii: "9") else { return nil }
                serial = serial * 10 + Int(digit - UInt8(ascii: "0"))
            }
            guard serial < Self.serialLimit,
                let prefix = serialPrefixes[
                    String(decoding: UnsafeBufferPointer(rebasing: bytes[...dash]), as: UTF8.self)]
            else { return nil }
            return (prefix, serial)
        }
    }

    // MARK: App identifiers

    /// The identifier the app chose (`insert`'s `id`), by the number of the record name it labels. The
    /// container names records itself, so an app identifier is never a record name: two devices giving
    /// two objects the same one make two records. It travels with the record, as the app's own
    /// attribute would.
    @exclusivity(unchecked) private var appIDs: [String?] = []
    @exclusivity(unchecked) private var slotsByAppID: [String: [Int]] = [:]

    func setAppID(_ appID: String, slot: Int) {
        if slot >= appIDs.count { appIDs += repeatElement(nil, count: max(slot + 1, appIDs.count * 2) - appIDs.count) }
        appIDs[slot] = appID
        slotsByAppID[appID, default: []].append(slot)
    }

    /// The numbers of the record names labelled `appID`, in the order the objects were created.
    func slots(appID: String) -> [Int] { slotsByAppID.isEmpty ? [] : slotsByAppID[appID] ?? [] }

    /// What scenarios call the object's `@id`: the app's identifier, or the record name when it has none.
    func handle(slot: Int) -> String {
        if slot < appIDs.count, let appID = appIDs[slot] { return appID }
        return names[slot]
    }

    func handle(recordName: String) -> String {
        guard !slotsByAppID.isEmpty, let slot = slot(recordName) else { return recordName }
        return handle(slot: slot)
    }
}
