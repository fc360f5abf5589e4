import ArgumentParser
import SparrowDemo
import WeiboDemo
import SparrowPlatform
import SparrowServer
import SparrowStore
import SparrowStorePostgres
import SparrowStoreSQLite
import MastodonAPI
import WeiboAPI
import WeiboPostgres
import WeiboSQLite
import WeiboStore
import WeiboWeb

/// 微博 in the binary: its statuses, comments, follows and marks over the engine (its own store type on each
/// engine), the API at `/2/…`, the web client at `/`, and the demo's follows, statuses and comments.
package enum WeiboModule: AppModule {
  package static var sqliteSchema: SQLiteSchema? { SQLiteWeiboStore.schema }
  package static var postgresSchema: PostgresSchema? { PostgresWeiboStore.schema }
  package static var commands: [any ParsableCommand.Type] { [EmoticonsCommand.self] }
  package static var scopes: [Scope] { [.weibo] + Scope.mastodon }

  /// 微博's store on `engine`.
  package static func store(on engine: Engine) -> any WeiboStore {
    switch engine {
    case .sqlite(let store): SQLiteWeiboStore(store)
    case .postgres(let store): PostgresWeiboStore(store)
    }
  }

  package static func apps(on engine: Engine, deps: ServerDependencies, platform: Platform) async throws
    -> [any SparrowApp]
  {
    let weibo = deps.with(store(on: engine))
    let api = WeiboAPI(deps: weibo, platform: platform)
    return [api, MastodonAPI(deps: weibo, platform: platform), try await WeiboWeb(deps: weibo, platform: platform, api: api)]
  }

  package static func demo(on engine: Engine) -> (any DemoPart)? { WeiboDemo(store: store(on: engine)) }

  package static func moderation(on engine: Engine) -> (any ContentModeration)? { WeiboModeration(store: store(on: engine)) }
}
