import Foundation
import Hummingbird
import HummingbirdCore
import DakaAPI
import DakaWeb
import DealsAPI
import Logging
import SparrowPlatform
import SparrowStore
import TuanWeb
import WeiboAPI
import WeiboWeb

/// What a storage engine implements: the platform's stores and every app's. An app adds its store here.
package typealias SparrowStores = WeiboStore & TuanStore & DakaStore

/// The dependencies the server is built from, with the engine seen as every app's store.
package typealias ServerDependencies = Dependencies<any SparrowStores>

/// The apps this server runs, each with its routes under its own prefix. Adding an app is a line here.
func apps(_ deps: ServerDependencies, _ platform: Platform) async throws -> [any SparrowApp] {
  let weibo = WeiboAPI(deps: deps.with(deps.store as any WeiboStore), platform: platform)
  return [
    weibo, try await WeiboWeb(deps: deps.with(deps.store as any WeiboStore), platform: platform, api: weibo),
    DealsAPI(deps: deps.with(deps.store as any TuanStore), platform: platform),
    try await TuanWeb(deps: deps.with(deps.store as any TuanStore), platform: platform),
    DakaAPI(deps: deps.with(deps.store as any PlatformStore & DakaStore), platform: platform),
    try await DakaWeb(deps: deps.with(deps.store as any PlatformStore & DakaStore), platform: platform),
  ]
}

/// Builds the whole HTTP application: the platform and its apps.
package func buildApplication(_ deps: ServerDependencies, host: String = "127.0.0.1", port: Int = 8080)
  async throws -> some ApplicationProtocol
{
  let (responder, unreadable) = try await buildServer(deps)
  return Application(
    responder: responder,
    server: .http1(configuration: .init(
      additionalChannelHandlers: UnreadableRequests.handlers(unreadable),
      idleTimeout: .seconds(Int64(deps.config.idleTimeout)))),
    configuration: .init(
      address: .hostname(host, port: port), serverName: "sparrow",
      availableConnectionsDelegate: MaximumAvailableConnections(deps.config.maxConnections)),
    logger: Logger(label: "sparrow"))
}

/// What answers every request: the platform's and the apps' routes, observed (request logs, metrics).
package typealias SparrowResponder = ObservedResponder<RouterResponder<SparrowContext>>

/// The responder alone, for tests.
package func buildResponder(_ deps: ServerDependencies) async throws -> SparrowResponder {
  try await buildServer(deps).responder
}

/// The responder, and the answers to requests HTTP could not read (each app's for its paths).
func buildServer(_ deps: ServerDependencies) async throws
  -> (responder: SparrowResponder, unreadable: UnreadableRequests.Answer)
{
  // A web sign-in lands on the 微博 client's welcome page unless it says where to go.
  let platform = try await Platform(deps: deps.with(deps.store as any PlatformStore), landing: "/welcome")
  let apps = try await apps(deps, platform)
  let router = try await buildRouter(platform, apps: apps)
  return (ObservedResponder(router.buildResponder(), observability: platform.observability),
          UnreadableRequests.answer(apps: apps))
}
