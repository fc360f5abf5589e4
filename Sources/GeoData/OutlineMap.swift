import Foundation

/// Outlines drawn as SVG paths by Sparrow itself (no map tiles): an equirectangular projection of a bounding
/// box, longitudes shrunk by the cosine of the middle latitude so shapes keep their proportions. Drawn by 团购's
/// map and 打卡's 足迹.
package struct OutlineMap: Sendable {
  package let box: BoundingBox
  /// The drawing's width; its height follows from the box.
  package let width: Double
  package let height: Double
  private let scale: Double
  private let xScale: Double

  package init(box: BoundingBox, width: Double, margin: Double = 0.04) {
    let padLat = (box.maxLatitude - box.minLatitude) * margin, padLon = (box.maxLongitude - box.minLongitude) * margin
    let grown = BoundingBox(minLatitude: box.minLatitude - padLat, maxLatitude: box.maxLatitude + padLat,
                            minLongitude: box.minLongitude - padLon, maxLongitude: box.maxLongitude + padLon)
    self.box = grown
    self.width = width
    xScale = cos((grown.minLatitude + grown.maxLatitude) / 2 * .pi / 180)
    let spanX = max((grown.maxLongitude - grown.minLongitude) * xScale, 1e-6)
    scale = width / spanX
    height = ((grown.maxLatitude - grown.minLatitude) * scale).rounded()
  }

  /// A point in the drawing's coordinates.
  package func point(_ c: Coordinate) -> (x: Double, y: Double) {
    ((c.longitude - box.minLongitude) * xScale * scale, (box.maxLatitude - c.latitude) * scale)
  }

  /// The `d` of a path drawing every ring of `outline` (holes included: the path's fill rule is evenodd). Each ring
  /// is its first point, then each next one as a step from the one before (`l`), in tenths (`number`), a point no
  /// step from the last left out: a third shorter than every point written out in full, and a world map is 120 kB
  /// of them. The steps add up exactly, so the corners are where writing them out would put them.
  package func path(_ outline: Outline) -> String {
    var d = ""
    for polygon in outline.polygons {
      for ring in polygon {
        var last: (x: Int, y: Int)?
        for c in ring {
          let p = point(c)
          let here = (x: Int((p.x * 10).rounded()), y: Int((p.y * 10).rounded()))
          guard let before = last else {
            d += "M" + Self.tenths(here.x) + " " + Self.tenths(here.y) + "l"
            last = here
            continue
          }
          let (dx, dy) = (here.x - before.x, here.y - before.y)
          if dx == 0 && dy == 0 { continue }
          if d.utf8.last != UInt8(ascii: "l") && dx >= 0 { d += " " }
          d += Self.tenths(dx)
          if dy >= 0 { d += " " }
          d += Self.tenths(dy)
          last = here
        }
        if d.utf8.last == UInt8(ascii: "l") { d.removeLast() }  // a ring of one point
        d += "Z"
      }
    }
    return d
  }

  /// `tenths` tenths, shortest: `12.5`, `-3`, `.5`, `-.5`.
  private static func tenths(_ tenths: Int) -> String {
    let (whole, tenth) = (abs(tenths) / 10, abs(tenths) % 10)
    let sign = tenths < 0 ? "-" : ""
    if tenth == 0 { return "\(sign)\(whole)" }
    return whole == 0 ? "\(sign).\(tenth)" : "\(sign)\(whole).\(tenth)"
  }

  /// One decimal is finer than a pixel at any zoom the map allows.
  package static func number(_ value: Double) -> String {
    let tenths = Int((value * 10).rounded())
    let sign = tenths < 0 ? "-" : ""
    return "\(sign)\(abs(tenths) / 10).\(abs(tenths) % 10)"
  }
}
