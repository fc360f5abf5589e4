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

  /// The `d` of a path drawing every ring of `outline` (holes included: the path's fill rule is evenodd).
  package func path(_ outline: Outline) -> String {
    var d = ""
    for polygon in outline.polygons {
      for ring in polygon {
        for (index, c) in ring.enumerated() {
          let p = point(c)
          d += (index == 0 ? "M" : "L") + Self.number(p.x) + " " + Self.number(p.y)
        }
        d += "Z"
      }
    }
    return d
  }

  /// One decimal is finer than a pixel at any zoom the map allows.
  package static func number(_ value: Double) -> String {
    let tenths = Int((value * 10).rounded())
    let sign = tenths < 0 ? "-" : ""
    return "\(sign)\(abs(tenths) / 10).\(abs(tenths) % 10)"
  }
}
