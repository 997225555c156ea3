import SimulateJSON

/// `values` of an insert or update step, typed against the scenario's schema when it loaded:
/// attribute values coerced to their attribute's type, relationship values read into their target.
/// Only what the load cannot know is left for the run: which objects a target names on the device.
struct TypedValues: Sendable, Equatable {
    enum Member: Sendable, Equatable {
        /// An attribute and its value, already of the attribute's type.
        case attribute(name: String, value: JSON)
        case relationship(RelationshipSpec, Target)
    }

    /// What a relationship value names.
    enum Target: Sendable, Equatable {
        /// `null`: none (an empty to-many).
        case none
        /// Objects by `@id` (one for a to-one relationship).
        case ids([String])
        /// `{"where": predicate}`: the first match (to-one) or every match (to-many).
        case matching(ModelPredicate)
    }

    var members: [Member] = []
}

/// The `values` an insert or update sets: typed when the scenario loaded, or JSON from a service
/// caller (an App Intent), checked when the action runs.
enum StepValues: Sendable {
    case typed(TypedValues)
    case json(JSONObject)
}
