import ArgumentParser
import DakaAPI
import DakaDemo
import DakaPostgres
import DakaSQLite
import DakaStore
import DakaWeb
import SparrowDemo
import SparrowPlatform
import SparrowServer
import SparrowStorePostgres
import SparrowStoreSQLite

/// 打卡 in the binary: its journal over the engine (its own tables and store type on each engine), the API at
/// `/daka/api/…`, the web client at `/daka`, and the demo journeys.
package enum DakaModule: AppModule {
  package static var sqliteSchema: SQLiteSchema? { SQLiteDakaStore.schema }
  package static var postgresSchema: PostgresSchema? { PostgresDakaStore.schema }
  package static var scopes: [Scope] { [.daka] }
  package static var commands: [any ParsableCommand.Type] { [DakaCommand.self] }

  /// The journal on `engine`.
  package static func journal(on engine: Engine) -> any DakaStore {
    switch engine {
    case .sqlite(let store): SQLiteDakaStore(store)
    case .postgres(let store): PostgresDakaStore(store)
    }
  }

  package static func apps(on engine: Engine, deps: ServerDependencies, platform: Platform) async throws
    -> [any SparrowApp]
  {
    let daka = deps.with(DakaStores(journal: journal(on: engine), people: engine.shared))
    return [DakaAPI(deps: daka, platform: platform), try await DakaWeb(deps: daka, platform: platform)]
  }

  package static func demo(on engine: Engine) -> (any DemoPart)? { DakaDemo(journal: journal(on: engine)) }

  package static func moderation(on engine: Engine) -> (any ContentModeration)? {
    DakaModeration(journal: journal(on: engine))
  }
}
