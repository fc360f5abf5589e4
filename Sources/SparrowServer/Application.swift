import Foundation
import Hummingbird
import HummingbirdCore
import HummingbirdWebSocket
import NIOCore
import Logging
import SparrowPlatform
import SparrowStore

/// A child channel that may upgrade to a WebSocket, with its first request guarded until Hummingbird's HTTP
/// handlers join (`UnreadableRequests.guardFirstRequest`).
struct FirstRequestGuarded<Base: ServerChildChannel>: ServerChildChannel {
  typealias Value = Base.Value
  let base: Base
  let answer: UnreadableRequests.Answer
  let idleTimeout: TimeAmount

  func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
    base.setup(channel: channel, logger: logger).flatMapThrowing { [answer, idleTimeout] value in
      try UnreadableRequests.guardFirstRequest(channel.pipeline.syncOperations, answer: answer, idleTimeout: idleTimeout)
      return value
    }
  }

  func handle(value: Value, logger: Logger) async { await base.handle(value: value, logger: logger) }
}

/// The dependencies the server is built from, with the engine's own store (the platform's); each app builds its
/// own store over the engine (`AppModule`).
package typealias ServerDependencies = Dependencies<any PlatformStore>

/// Builds the whole HTTP application: the platform and the apps of `modules`, on `engine`.
package func buildApplication(_ deps: ServerDependencies, engine: Engine, modules: [any AppModule.Type],
                              host: String = "127.0.0.1", port: Int = 8080) async throws -> some ApplicationProtocol
{
  let (responder, unreadable, sockets) = try await buildServer(deps, engine: engine, modules: modules)
  // HTTP/1.1, and the apps' WebSockets (Mastodon's streaming API); pings keep an idle stream open through proxies.
  let idle = TimeAmount.seconds(Int64(deps.config.idleTimeout))
  return Application(
    responder: responder,
    server: HTTPServerBuilder { responder in
      FirstRequestGuarded(
        base: HTTP1WebSocketUpgradeChannel(
          responder: responder,
          configuration: .init(
            http1: .init(additionalChannelHandlers: UnreadableRequests.handlers(unreadable), idleTimeout: idle),
            ws: .init(maxFrameSize: 1 << 16, autoPing: .enabled(timePeriod: .seconds(30)))),
          shouldUpgrade: { request, _, _ in try await sockets.upgrade(request) }),
        answer: unreadable, idleTimeout: idle)
    },
    configuration: .init(
      address: .hostname(host, port: port), serverName: "sparrow",
      availableConnectionsDelegate: MaximumAvailableConnections(deps.config.maxConnections)),
    logger: Logger(label: "sparrow"))
}

/// What answers every request: the platform's and the apps' routes, observed (request logs, metrics).
package typealias SparrowResponder = ObservedResponder<RouterResponder<SparrowContext>>

/// The responder alone, for tests.
package func buildResponder(_ deps: ServerDependencies, engine: Engine, modules: [any AppModule.Type]) async throws
  -> SparrowResponder
{
  try await buildServer(deps, engine: engine, modules: modules).responder
}

/// The responder, and the answers to requests HTTP could not read (each app's for its paths).
func buildServer(_ deps: ServerDependencies, engine: Engine, modules: [any AppModule.Type]) async throws
  -> (responder: SparrowResponder, unreadable: UnreadableRequests.Answer, sockets: WebSockets)
{
  // A web sign-in lands on the 微博 client's welcome page unless it says where to go.
  let platform = try await Platform(
    deps: deps.with(deps.store as any PlatformStore), landing: "/welcome", scopes: modules.scopes,
    moderation: modules.compactMap { $0.moderation(on: engine) })
  var apps: [any SparrowApp] = []
  for module in modules { apps += try await module.apps(on: engine, deps: deps, platform: platform) }
  let router = try await buildRouter(platform, apps: apps)
  return (ObservedResponder(router.buildResponder(), observability: platform.observability, executor: engine.taskExecutor),
          UnreadableRequests.answer(apps: apps), WebSockets(apps: apps))
}
