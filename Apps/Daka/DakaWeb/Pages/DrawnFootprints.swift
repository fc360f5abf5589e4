import DakaStore
import SparrowPlatform
import SparrowStore
import Synchronization

/// Each person's places and 足迹 map (`MeOverview`) as last drawn, as markup, by level. They are drawn from the
/// person's numbers and points alone (the outlines are shipped), so the same numbers and points draw the same
/// markup; a check-in added, changed or deleted changes them, and the overview is drawn anew. Nothing is invalidated,
/// nothing stale is shown. Drawing the world map was a sixth of `/daka/me?map=world`; rendering the places and the
/// kept map through the templates on every visit was another sixth of its CPU (build against build, stop 87).
final class DrawnFootprints: Sendable {
  private struct Key: Hashable {
    let user: Int64
    let level: FootprintMap.Level
  }

  private struct Drawn {
    let stats: CheckinStats
    let points: [CheckinPoint]
    let html: String
  }

  private let kept: Mutex<Generations<Key, Drawn>>
  private let pages: TemplateLibrary
  private let shapes: FootprintShapes

  /// `limit` overviews a generation: a world map's markup is tens of kilobytes, so a few hundred are kept.
  init(pages: TemplateLibrary, shapes: FootprintShapes, limit: Int = 200) {
    self.pages = pages
    self.shapes = shapes
    kept = Mutex(Generations(limit: limit))
  }

  /// `user`'s overview of `stats` and `points` at `level`, drawn unless these are what it was last drawn from.
  func html(of user: Int64, stats: CheckinStats, points: [CheckinPoint], level: FootprintMap.Level) -> String {
    let key = Key(user: user, level: level)
    if let drawn = kept.withLock({ $0[key] }), drawn.stats == stats, drawn.points == points { return drawn.html }
    let html = draw(stats: stats, points: points, level: level)
    kept.withLock { $0[key] = Drawn(stats: stats, points: points, html: html) }
    return html
  }

  /// The overview of `stats` and `points` at `level`, drawn now.
  func draw(stats: CheckinStats, points: [CheckinPoint], level: FootprintMap.Level) -> String {
    pages.text("daka_overview", overview(stats: stats, points: points, level: level))
  }

  /// The overview's model: the places of `stats`, and the map of them and `points` at `level` with its outlines.
  func overview(stats: CheckinStats, points: [CheckinPoint], level: FootprintMap.Level) -> MeOverview {
    var footprint = FootprintMap(stats: stats, points: points, level: level)
    if let map = footprint { footprint?.shapesHTML = shapes.html(map) }
    return MeOverview(stats: stats, footprint: footprint)
  }
}
