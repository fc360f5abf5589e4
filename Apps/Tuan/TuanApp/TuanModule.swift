import DealsAPI
import SparrowDemo
import SparrowPlatform
import SparrowServer
import SparrowStore
import TuanWeb

/// 团购 in the binary: the deals API at `/v1/…` and the web client at `/tuan`, over the engine's own store (团购's
/// tables are still the engine's: its store has not moved to a type of its own yet).
package enum TuanModule: AppModule {
  package static func apps(on engine: Engine, deps: ServerDependencies, platform: Platform) async throws
    -> [any SparrowApp]
  {
    [DealsAPI(deps: deps.with(engine.shared as any TuanStore), platform: platform),
     try await TuanWeb(deps: deps.with(engine.shared as any TuanStore), platform: platform)]
  }

  package static func demo(on engine: Engine) -> (any DemoPart)? { TuanDemo() }
}
