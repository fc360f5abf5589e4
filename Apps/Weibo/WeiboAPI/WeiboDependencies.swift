import SparrowPlatform
import SparrowStore
import WeiboStore

/// The 微博 app's view of the dependencies: the engine as a `WeiboStore`.
package typealias WeiboDependencies = Dependencies<any WeiboStore>

extension Dependencies where Store == any WeiboStore {
  /// The platform's view of the same dependencies.
  package var platform: PlatformDependencies { with(store as any PlatformStore) }
}
