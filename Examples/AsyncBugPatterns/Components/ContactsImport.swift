import SimulateFacades

/// The app's copy of the address book and the user's contacts permission, which they can revoke
/// in Settings at any time; revoking purges every saved contact (the staging area is
/// the importer's scratch space, dropped at the next import).
public protocol ContactsVault: Sendable {
    func isGranted() async -> Bool
    func stage(_ contact: String) async
    /// Saves the staged contacts, whatever the permission is now.
    func commitStaged() async
    /// Saves them only while the permission is granted; false when it was revoked.
    func commitStagedIfGranted() async -> Bool
    func revoke() async
}

/// Imports the address book contact by contact, then saves the import.
public protocol ContactsImporter: Sendable {
    func importContacts(_ contacts: [String]) async
}

/// A deep revoked permission (depth 2): the importer checks the permission after every contact and
/// stops when it was revoked, but saves without checking again, so a revoke that lands after the
/// last check is followed by the save of every contact the user just withdrew.
public actor UncheckedContactsImporter: ContactsImporter {
    private let vault: any ContactsVault

    public init(vault: any ContactsVault) { self.vault = vault }

    public func importContacts(_ contacts: [String]) async {
        for contact in contacts {
            await vault.stage(contact)
            guard await vault.isGranted() else { return }
        }
        await vault.commitStaged()
    }
}

/// The twin: the save checks the permission in the same call on the vault's actor.
public actor CheckedContactsImporter: ContactsImporter {
    private let vault: any ContactsVault

    public init(vault: any ContactsVault) { self.vault = vault }

    public func importContacts(_ contacts: [String]) async {
        for contact in contacts {
            await vault.stage(contact)
            guard await vault.isGranted() else { return }
        }
        _ = await vault.commitStagedIfGranted()
    }
}
