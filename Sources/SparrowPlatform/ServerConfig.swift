import Foundation
import SparrowStore

/// How a server instance is set up.
package struct ServerConfig: Sendable {
  /// The URL clients reach this server at, without a trailing slash; picture and avatar URLs start with it.
  package var publicURL: String
  /// Where pictures, avatars and emoticon images live (`--media`): every instance must see the same folder.
  package var dataFolder: URL
  /// Shown on the authorize page so visitors can try the demo.
  package var demoLogin: (username: String, password: String)?
  /// Access token lifetime.
  package var tokenLifetime: TimeInterval = 30 * 24 * 3600
  /// Key for form tokens; random per database, the same for every instance on it.
  package var formKey: String
  /// Lets `upload_url_text` fetch from loopback and private networks (tests only).
  package var allowPrivateFetch = false
  /// Seconds a connection may stay silent, between requests or halfway through one (a half-sent header or a
  /// stalled body), before it is closed: slow clients cannot hold descriptors for ever.
  package var idleTimeout: Int = 30
  /// Connections served at once; past it new ones wait in the listen queue.
  package var maxConnections: Int = 1000
  /// Pictures one person may upload in a day.
  package var pictureQuota = 500
  /// Hourly API limits per address, user and costly call.
  package var rateLimits = RateLimits()
  /// Lets `/metrics` answer other machines that send it as a bearer token; without, only this machine.
  package var metricsToken: String?
  /// Reverse proxies (load balancers) whose `X-Forwarded-For` names the client (`--trusted-proxy`).
  package var trustedProxies: Set<String> = []

  package init(publicURL: String, dataFolder: URL, demoLogin: (String, String)? = nil, formKey: String) {
    self.publicURL = publicURL.hasSuffix("/") ? String(publicURL.dropLast()) : publicURL
    self.dataFolder = dataFolder
    self.demoLogin = demoLogin
    self.formKey = formKey
  }
}

/// What the platform and its apps are built from. `Store` is the view of the engine a part needs: the
/// platform sees `any PlatformStore`, each app its own store over the same engine (`any WeiboStore`).
package struct Dependencies<Store: Sendable>: Sendable {
  package let store: Store
  package let ids: IDGenerator
  package let config: ServerConfig
  /// The clock; tests inject one.
  package let now: @Sendable () -> Date

  package init(store: Store, ids: IDGenerator, config: ServerConfig, now: @escaping @Sendable () -> Date = Date.init) {
    self.store = store
    self.ids = ids
    self.config = config
    self.now = now
  }

  /// The same dependencies with the engine seen through another protocol.
  package func with<Other: Sendable>(_ store: Other) -> Dependencies<Other> {
    Dependencies<Other>(store: store, ids: ids, config: config, now: now)
  }
}

/// The platform's view: accounts, apps, grants, pictures, node leases.
package typealias PlatformDependencies = Dependencies<any PlatformStore>
