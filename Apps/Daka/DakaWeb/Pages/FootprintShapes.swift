import Foundation
import SparrowPlatform
import Synchronization

/// The footprint map's shapes as markup (`daka_shape`). A level's unlit shapes are the same for everyone, so each
/// is rendered once, by level and name, and used while its path is the one it was rendered with; the lit ones (a
/// person's few, with their counts and links) are rendered every time. A world map is 174 shapes: rendering them
/// through Mustache on every request was most of `/daka/me?map=world`.
final class FootprintShapes: Sendable {
  private struct Key: Hashable {
    let level: String
    let name: String
  }

  private let kept = Mutex<[Key: (path: String, html: String)]>([:])
  private let pages: TemplateLibrary

  init(pages: TemplateLibrary) { self.pages = pages }

  /// `map`'s shapes as markup; nil when the map has no level outlines (its template renders them itself).
  func html(_ map: FootprintMap) -> String? {
    guard let level = map.levelKey else { return nil }
    // One look at what is kept and one write of what is new, not a lock for each of the 174 shapes of the world.
    let known = kept.withLock { $0 }
    var rendered: [Key: (path: String, html: String)] = [:]
    var out = ""
    for shape in map.shapes {
      if shape.count > 0 || shape.link != nil {
        out += render(shape)
        continue
      }
      let key = Key(level: level, name: shape.name)
      if let kept = known[key], kept.path == shape.path {
        out += kept.html
        continue
      }
      let html = render(shape)
      rendered[key] = (shape.path, html)
      out += html
    }
    if !rendered.isEmpty { kept.withLock { $0.merge(rendered) { _, new in new } } }
    return out
  }

  /// One shape, rendered now.
  func render(_ shape: FootprintMap.Shape) -> String { pages.text("daka_shape", shape) }
}
