import Foundation
import SparrowPlatform
import Synchronization

/// The footprint map's shapes as markup (`daka_shape`). A level's unlit shapes are the same for everyone, so each
/// is rendered once, by level and position, and used while its path is the one it was rendered with; the lit ones (a
/// person's few, with their counts and links) are rendered every time. A world map is 174 shapes: rendering them
/// through Mustache on every request was most of `/daka/me?map=world`.
final class FootprintShapes: Sendable {
  /// Each level's unlit shapes' markup by position (as `FootprintMap.paths(of:)` keeps their paths), each with the
  /// path it was rendered from.
  private let kept = Mutex<[String: [(path: String, html: String)?]]>([:])
  private let pages: TemplateLibrary

  init(pages: TemplateLibrary) { self.pages = pages }

  /// `map`'s shapes as markup; nil when the map has no level outlines (its template renders them itself).
  func html(_ map: FootprintMap) -> String? {
    guard let level = map.levelKey else { return nil }
    // One look at what is kept and one write of what is new, not a lock for each of the 174 shapes of the world.
    var known = kept.withLock { $0[level] } ?? []
    if known.count != map.shapes.count { known = Array(repeating: nil, count: map.shapes.count) }
    var rendered = false
    var out = ""
    for (index, shape) in map.shapes.enumerated() {
      if shape.count > 0 || shape.link != nil {
        out += render(shape)
        continue
      }
      // The path is the level's, drawn once: the same string, compared by its storage before its text.
      if let kept = known[index], kept.path == shape.path {
        out += kept.html
        continue
      }
      let html = render(shape)
      known[index] = (shape.path, html)
      rendered = true
      out += html
    }
    if rendered { kept.withLock { [known] in $0[level] = known } }
    return out
  }

  /// One shape, rendered now.
  func render(_ shape: FootprintMap.Shape) -> String { pages.text("daka_shape", shape) }
}
