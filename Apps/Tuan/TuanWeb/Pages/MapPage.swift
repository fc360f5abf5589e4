import DealsAPI
import GeoData
import Synchronization
import SparrowPlatform
import SparrowStore
import TuanStore

/// A district drawn on the map, with its name at its centroid.
struct MapDistrict: PageModel {
  let name: String
  let path: String
  let x: String
  let y: String

  func child(named name: String) -> Any? {
    switch name {
    case "name": self.name
    case "path": path
    case "x": x
    case "y": y
    default: nil
    }
  }
}

/// A merchant with deals on sale, as a marker that opens its best-selling deal.
struct MapMarker: PageModel {
  let link: String
  let id: String
  let label: String
  let x: String
  let y: String

  func child(named name: String) -> Any? {
    switch name {
    case "link": link
    case "id": id
    case "label": label
    case "x": x
    case "y": y
    default: nil
    }
  }
}

/// A city's outline drawing: its frame and its districts' paths, the same on every request (the outlines ship with
/// the binary), so drawn once per city; drawing Beijing's sixteen districts took most of the map page's 48 ms.
struct CityDrawing: Sendable {
  let map: OutlineMap
  let districts: [MapDistrict]

  private static let drawn = Mutex<[Int: CityDrawing]>([:])

  /// `city`'s drawing, drawn on first use (a few hundred cities at most).
  static func of(_ city: City) -> CityDrawing {
    if let drawing = drawn.withLock({ $0[city.adcode] }) { return drawing }
    let geo = GeoData.shared
    let shapes = geo.districts(of: city).compactMap { district in geo.outline(of: district).map { (district, $0) } }
    let box = geo.outline(of: city)?.boundingBox ?? shapes.first?.1.boundingBox
      ?? BoundingBox(minLatitude: city.centroid.latitude - 0.2, maxLatitude: city.centroid.latitude + 0.2,
                     minLongitude: city.centroid.longitude - 0.2, maxLongitude: city.centroid.longitude + 0.2)
    let map = OutlineMap(box: box, width: MapPage.drawingWidth)
    let districts = shapes.map { district, outline in
      let p = map.point(district.centroid)
      return MapDistrict(name: district.fullName, path: map.path(outline), x: OutlineMap.number(p.x), y: OutlineMap.number(p.y))
    }
    let drawing = CityDrawing(map: map, districts: districts)
    drawn.withLock { $0[city.adcode] = drawing }
    return drawing
  }
}

/// A city's districts (`tuan_map_districts.mustache`), drawn from its outlines.
struct MapDistricts: PageModel {
  let districts: [MapDistrict]

  func child(named name: String) -> Any? { name == "districts" ? districts : nil }
}

/// The markers of `pins` on `map` (`tuan_map_pins.mustache`): one per merchant, opening its first deal.
struct MapPins: PageModel {
  let markers: [MapMarker]

  init(_ pins: [DealPin], on map: OutlineMap) {
    var seen = Set<Int64>()
    markers = pins.compactMap { pin in
      guard seen.insert(pin.merchantID).inserted else { return nil }
      let p = map.point(Coordinate(latitude: pin.latitude, longitude: pin.longitude))
      return MapMarker(link: "/tuan/deal/\(DealsCall.dealID(pin.id))", id: DealsCall.dealID(pin.id),
                       label: "\(pin.merchantName)：\(pin.title) ¥\(PriceText.yuan(pin.currentPrice))",
                       x: OutlineMap.number(p.x), y: OutlineMap.number(p.y))
    }
  }

  func child(named name: String) -> Any? { name == "markers" ? markers : nil }
}

/// The map's drawn parts as markup, rendered once: a city's districts (the outlines ship with the binary, so the
/// same for ever) and its latest pins, reused while the pins a request reads equal them (so never stale). Drawing
/// three hundred markers and sixteen districts through the templates was most of the map page's time.
final class MapParts: Sendable {
  private let districts = Mutex<[Int: String]>([:])
  private let pins = Mutex<[Int: (pins: [DealPin], markup: String, count: Int)]>([:])
  private let pages: TemplateLibrary

  init(pages: TemplateLibrary) { self.pages = pages }

  /// `city`'s districts.
  func districts(of city: City) -> String {
    if let kept = districts.withLock({ $0[city.adcode] }) { return kept }
    let markup = pages.text("tuan_map_districts", MapDistricts(districts: CityDrawing.of(city).districts))
    districts.withLock { $0[city.adcode] = markup }
    return markup
  }

  /// The markers of `pins` in `city`, and how many there are.
  func pins(_ pins: [DealPin], in city: City) -> (markup: String, count: Int) {
    if let kept = self.pins.withLock({ $0[city.adcode] }), kept.pins == pins { return (kept.markup, kept.count) }
    let model = MapPins(pins, on: CityDrawing.of(city).map)
    let markup = pages.text("tuan_map_pins", model)
    self.pins.withLock { $0[city.adcode] = (pins, markup, model.markers.count) }
    return (markup, model.markers.count)
  }
}

/// 地图: the chosen city drawn from the shipped district outlines (no tiles from anywhere), one marker per merchant
/// with deals on sale.
struct MapPage: PageModel {
  let frame: TuanFrame
  let width: Int
  let height: Int
  let districts: String
  let pins: String
  let markerCount: Int

  /// The drawing's width in its own units; the page scales it to fit.
  static let drawingWidth = 1000.0

  init(frame: TuanFrame, city: City, pins: [DealPin], parts: MapParts) {
    self.frame = frame
    width = Int(Self.drawingWidth)
    height = Int(CityDrawing.of(city).map.height)
    districts = parts.districts(of: city)
    (self.pins, markerCount) = parts.pins(pins, in: city)
  }

  func child(named name: String) -> Any? {
    switch name {
    case "width": width
    case "height": height
    case "districts_svg": districts
    case "pins_svg": pins
    case "marker_count": markerCount
    default: frame.child(named: name)
    }
  }
}
