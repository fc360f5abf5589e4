import ArgumentParser
import SparrowDemo
import SparrowPlatform
import SparrowServer
import SparrowStorePostgres
import SparrowStoreSQLite

/// The guestbook in a binary: its table on each engine, its route, its demo part and its subcommand.
package enum GuestbookModule: AppModule {
  package static var sqliteSchema: SQLiteSchema? { SQLiteGuestbookStore.schema }
  package static var postgresSchema: PostgresSchema? { PostgresGuestbookStore.schema }
  package static var commands: [any ParsableCommand.Type] { [GuestbookCommand.self] }
  package static var scopes: [Scope] { [.guestbook] }

  /// The guestbook on `engine`.
  package static func store(on engine: Engine) -> any GuestbookStore {
    switch engine {
    case .sqlite(let store): SQLiteGuestbookStore(store)
    case .postgres(let store): PostgresGuestbookStore(store)
    }
  }

  package static func apps(on engine: Engine, deps: ServerDependencies, platform: Platform) async throws
    -> [any SparrowApp]
  {
    [GuestbookAPI(store: store(on: engine), ids: deps.ids, platform: platform, now: deps.now)]
  }

  package static func demo(on engine: Engine) -> (any DemoPart)? { GuestbookDemo(store: store(on: engine)) }
}
