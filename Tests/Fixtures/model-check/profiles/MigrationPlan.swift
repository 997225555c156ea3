import SwiftData

enum ProfileMigrationPlan: SchemaMigrationPlan {
    static var schemas: [any VersionedSchema.Type] {
        [SchemaV9.self, SchemaV10.self]
    }

    static var stages: [MigrationStage] {
        [MigrationStage.lightweight(fromVersion: SchemaV9.self, toVersion: SchemaV10.self)]
    }
}
