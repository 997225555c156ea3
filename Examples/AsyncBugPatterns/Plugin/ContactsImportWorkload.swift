import AsyncBugPatterns
import Foundation
import SimulateAsync
import SimulateCore

/// At 1 s the app imports six contacts (from the local address book: no time passes) and the user
/// revokes the contacts permission at the same instant. Invariant: after the revoke, no contact is saved.
@available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
enum ContactsImportWorkload {
    static let contacts = 6

    static func start(_ world: BugWorld, _ variant: Variant) {
        let vault = FakeContactsVault()
        let importer: any ContactsImporter =
            switch variant {
            case .buggy: UncheckedContactsImporter(vault: vault)
            case .fixed: CheckedContactsImporter(vault: vault)
            }
        let names = (1...contacts).map { "contact \($0)" }
        world.at(.seconds(1), "import contacts") { await importer.importContacts(names) }
        world.at(.seconds(1), "revoke permission") { await vault.revoke() }
        world.endChecks.append {
            if !vault.granted.value, !vault.saved.value.isEmpty {
                world.problem("after the permission was revoked \(vault.saved.value.count) contacts are saved")
            }
        }
    }
}

actor FakeContactsVault: ContactsVault {
    nonisolated let granted = Box(true)
    nonisolated let saved = Box<[String]>([])
    private var staged: [String] = []

    func isGranted() -> Bool { granted.value }
    func stage(_ contact: String) { staged.append(contact) }

    func commitStaged() {
        saved.value += staged
        staged = []
    }

    func commitStagedIfGranted() -> Bool {
        guard granted.value else { return false }
        commitStaged()
        return true
    }

    func revoke() {
        granted.value = false
        saved.value = []
    }
}
