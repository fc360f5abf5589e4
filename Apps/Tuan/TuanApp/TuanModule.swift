import ArgumentParser
import DealsAPI
import SparrowDemo
import SparrowPlatform
import SparrowServer
import SparrowStorePostgres
import SparrowStoreSQLite
import TuanDemo
import TuanPostgres
import TuanSQLite
import TuanStore
import TuanWeb

/// 团购 in the binary: its deals, orders and marks over the engine (its own tables and store type on each engine),
/// the deals API at `/v1/…`, the web client at `/tuan`, and the demo's merchants and deals.
package enum TuanModule: AppModule {
  package static var sqliteSchema: SQLiteSchema? { SQLiteTuanStore.schema }
  package static var postgresSchema: PostgresSchema? { PostgresTuanStore.schema }
  package static var commands: [any ParsableCommand.Type] { [TuanCommand.self] }
  package static var scopes: [Scope] { [.tuan] }

  /// 团购's store on `engine`.
  package static func store(on engine: Engine) -> any TuanStore {
    switch engine {
    case .sqlite(let store): SQLiteTuanStore(store)
    case .postgres(let store): PostgresTuanStore(store)
    }
  }

  package static func apps(on engine: Engine, deps: ServerDependencies, platform: Platform) async throws
    -> [any SparrowApp]
  {
    let tuan = deps.with(store(on: engine))
    return [
      DealsAPI(deps: tuan, platform: platform), TuanAPI(deps: tuan, platform: platform),
      try await TuanWeb(deps: tuan, platform: platform),
    ]
  }

  package static func demo(on engine: Engine) -> (any DemoPart)? { TuanDemo(deals: store(on: engine)) }

  package static func moderation(on engine: Engine) -> (any ContentModeration)? { TuanModeration(store: store(on: engine)) }
}
