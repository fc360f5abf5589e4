import ArgumentParser
import SparrowDemo
import WeiboDemo
import SparrowPlatform
import SparrowServer
import SparrowStore
import WeiboAPI
import WeiboWeb

/// 微博 in the binary: the API at `/2/…` and the web client at `/`, over the engine's own store (微博's tables
/// are still the engine's: its store has not moved to a type of its own yet).
package enum WeiboModule: AppModule {
  package static var commands: [any ParsableCommand.Type] { [EmoticonsCommand.self] }

  package static func apps(on engine: Engine, deps: ServerDependencies, platform: Platform) async throws
    -> [any SparrowApp]
  {
    let weibo = WeiboAPI(deps: deps.with(engine.shared as any WeiboStore), platform: platform)
    return [weibo, try await WeiboWeb(deps: deps.with(engine.shared as any WeiboStore), platform: platform, api: weibo)]
  }

  package static func demo(on engine: Engine) -> (any DemoPart)? { WeiboDemo() }
}
