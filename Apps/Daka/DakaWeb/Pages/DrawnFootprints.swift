import DakaStore
import SparrowStore
import Synchronization

/// Each person's 足迹 maps as last drawn, with their markup, by level. A map is drawn from the person's numbers and
/// points alone (the outlines are shipped), so the same numbers and points draw the same map; a check-in added,
/// changed or deleted changes them, and the map is drawn anew. Nothing is invalidated, nothing stale is shown.
/// Drawing the world map and its shapes was a sixth of `/daka/me?map=world`.
final class DrawnFootprints: Sendable {
  private struct Key: Hashable {
    let user: Int64
    let level: FootprintMap.Level
  }

  private struct Drawn {
    let stats: CheckinStats
    let points: [CheckinPoint]
    let map: FootprintMap?
  }

  private let kept: Mutex<Generations<Key, Drawn>>

  /// `limit` maps a generation: a world map's markup is tens of kilobytes, so a few hundred are kept.
  init(limit: Int = 200) { kept = Mutex(Generations(limit: limit)) }

  /// `user`'s map of `stats` and `points` at `level`, drawn by `draw` unless these are what it was last drawn from.
  func map(of user: Int64, stats: CheckinStats, points: [CheckinPoint], level: FootprintMap.Level,
           draw: () -> FootprintMap?) -> FootprintMap? {
    let key = Key(user: user, level: level)
    if let drawn = kept.withLock({ $0[key] }), drawn.stats == stats, drawn.points == points { return drawn.map }
    let map = draw()
    kept.withLock { $0[key] = Drawn(stats: stats, points: points, map: map) }
    return map
  }
}
