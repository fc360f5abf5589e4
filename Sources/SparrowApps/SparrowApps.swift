import ArgumentParser
import DakaApp
import SparrowDemo
import SparrowPlatform
import SparrowServer
import SparrowStorePostgres
import SparrowStoreSQLite
import TuanApp
import WeiboApp

/// The apps this binary runs, in order: the one line where the binary composes them. An app is its folder
/// (`Apps/<App>`) and its entry here.
package enum SparrowApps {
  package static let modules: [any AppModule.Type] = [WeiboModule.self, TuanModule.self, DakaModule.self]

  /// Every app's tables in SQLite, for opening the engine.
  package static var sqliteSchemas: [SQLiteSchema] { modules.sqliteSchemas }
  /// Every app's tables in PostgreSQL.
  package static var postgresSchemas: [PostgresSchema] { modules.postgresSchemas }
  /// Every app's part of the demo world on `engine`, in order.
  package static func demoParts(on engine: Engine) -> [any DemoPart] { modules.demoParts(on: engine) }
  /// Every app's scopes.
  package static var scopes: ScopeCatalog { modules.scopes }
  /// Every app's `sparrow` subcommands.
  package static var commands: [any ParsableCommand.Type] { modules.commands }
}
