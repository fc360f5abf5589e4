import ArgumentParser
import SparrowDemo
import SparrowPlatform
import SparrowStore
import SparrowStorePostgres
import SparrowStoreSQLite

/// The engine the binary runs on: what the apps' engine parts build their own stores over.
package enum Engine: Sendable {
  case sqlite(SQLiteStore)
  case postgres(PostgresStore)

  /// The engine's own store: the platform's.
  package var shared: any PlatformStore {
    switch self {
    case .sqlite(let store): store
    case .postgres(let store): store
    }
  }

  /// Where the server's tasks run: on SQLite the engine's `ReadThreads`, where reads run in place; on PostgreSQL,
  /// whose reads are NIO's, Swift's default.
  package var taskExecutor: (any TaskExecutor)? {
    if case .sqlite = self { ReadThreads.shared } else { nil }
  }
}

/// What an app brings to the binary, in one place: its tables for each engine, its HTTP parts over its own store,
/// its part of the demo world and its subcommands. The binary composes the apps in one list (`SparrowApps`);
/// adding an app is its folder and one entry there.
package protocol AppModule: SendableMetatype {
  /// Its tables in SQLite and in PostgreSQL, migrated after the platform's (none for an app that has no tables
  /// of its own yet).
  static var sqliteSchema: SQLiteSchema? { get }
  static var postgresSchema: PostgresSchema? { get }
  /// Its HTTP parts (API, web client), in order, over its own store on `engine`.
  static func apps(on engine: Engine, deps: ServerDependencies, platform: Platform) async throws -> [any SparrowApp]
  /// Its part of the demo world, over its own store on `engine`.
  static func demo(on engine: Engine) -> (any DemoPart)?
  /// Its `sparrow` subcommands.
  static var commands: [any ParsableCommand.Type] { get }
  /// The scopes its APIs need, which apps ask for on the consent page.
  static var scopes: [Scope] { get }
  /// Its content people can report and staff can hide, over its own store on `engine`.
  static func moderation(on engine: Engine) -> (any ContentModeration)?
}

extension AppModule {
  package static var sqliteSchema: SQLiteSchema? { nil }
  package static var postgresSchema: PostgresSchema? { nil }
  package static func demo(on engine: Engine) -> (any DemoPart)? { nil }
  package static var commands: [any ParsableCommand.Type] { [] }
  package static var scopes: [Scope] { [] }
  package static func moderation(on engine: Engine) -> (any ContentModeration)? { nil }
}

extension Array where Element == any AppModule.Type {
  /// Every app's tables in SQLite, in the apps' order.
  package var sqliteSchemas: [SQLiteSchema] { compactMap { $0.sqliteSchema } }
  /// Every app's tables in PostgreSQL, in the apps' order.
  package var postgresSchemas: [PostgresSchema] { compactMap { $0.postgresSchema } }
  /// Every app's part of the demo world on `engine`, in the apps' order.
  package func demoParts(on engine: Engine) -> [any DemoPart] { compactMap { $0.demo(on: engine) } }
  /// Every app's `sparrow` subcommands.
  package var commands: [any ParsableCommand.Type] { flatMap { $0.commands } }
  /// Every app's scopes, in the apps' order.
  package var scopes: ScopeCatalog { ScopeCatalog(flatMap { $0.scopes }) }
}
