/// What the platform keeps for every app: node leases, accounts, OAuth clients and grants, sign-in failures,
/// request counters, pictures.
/// Each engine implements every part; each app adds its own store protocols beside these (see
/// `WeiboStore`) and never changes them.
package typealias PlatformStore = NodeStore & UserStore & CredentialStore & SignInStore & RateStore & PictureStore
  & StaffStore & ReportStore

/// What an engine tells `/metrics` about itself at each scrape.
package struct StoreStatistics: Sendable {
  /// `sqlite` or `postgres`.
  package var engine: String
  package var caches: [(cache: String, tally: CacheTally)]
  /// Connections the pool may open, hold now for a request, and requests waiting for one (nil: no pool).
  package var pool: (size: Int, inUse: Int, waiting: Int)?
  /// Whether the database is known to be unreachable now.
  package var unavailable = false
  /// Reads that could have gone to a streaming replica, by what became of them (`replica`, or left to the primary
  /// because it was `lagging` or `unavailable`); empty without replicas.
  package var replicaReads: [(outcome: String, count: Int)] = []

  package init(engine: String, caches: [(cache: String, tally: CacheTally)], pool: (size: Int, inUse: Int, waiting: Int)? = nil,
               unavailable: Bool = false, replicaReads: [(outcome: String, count: Int)] = []) {
    self.engine = engine
    self.caches = caches
    self.pool = pool
    self.unavailable = unavailable
    self.replicaReads = replicaReads
  }
}
