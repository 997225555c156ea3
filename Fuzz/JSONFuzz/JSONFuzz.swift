import FuzzSupport
import SimulateJSON

/// Differential fuzz target: json-c, Foundation and the reference tree builder must accept and reject the same
/// bytes with the same errors, build trees that write out to the same bytes (strings compared as code units),
/// report the same duplicate keys, and a written tree must parse back to itself.
enum JSONFuzz {
    static func check(_ bytes: [UInt8]) {
        let outcomes = [JSONBackend.jsonC, .foundation, .reference].map { backend in
            Result { () throws(JSONSyntaxError) in try JSONParser.parse(bytes, backend: backend) }
        }
        switch outcomes[2] {
        case .failure(let reference):
            for outcome in outcomes.dropLast() {
                guard case .failure(let error) = outcome else { fail("a backend accepted what the reference rejects") }
                guard error.message == reference.message, error.offset == reference.offset else {
                    fail("errors differ: \(error.message) at \(error.offset), reference \(reference.message)")
                }
            }
        case .success(let reference):
            let written = JSONWriter.string(reference.root)
            for outcome in outcomes.dropLast() {
                guard case .success(let document) = outcome else {
                    fail("a backend rejected what the reference accepts")
                }
                guard JSONWriter.string(document.root).utf8.elementsEqual(written.utf8) else {
                    fail("trees differ: \(JSONWriter.string(document.root)) vs reference \(written)")
                }
                guard document.duplicateKeys == reference.duplicateKeys else { fail("duplicate keys differ") }
            }
            guard let again = try? JSONParser.parse(written, backend: .reference),
                JSONWriter.string(again.root).utf8.elementsEqual(written.utf8)
            else { fail("the written tree does not parse back to itself: \(written)") }
        }
    }
}
