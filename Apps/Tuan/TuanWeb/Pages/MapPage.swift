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
      return MapDistrict(name: district.name, path: map.path(outline), x: OutlineMap.number(p.x), y: OutlineMap.number(p.y))
    }
    let drawing = CityDrawing(map: map, districts: districts)
    drawn.withLock { $0[city.adcode] = drawing }
    return drawing
  }
}

/// 地图: the chosen city drawn from the shipped district outlines (no tiles from anywhere), one marker per merchant
/// with deals on sale.
struct MapPage: PageModel {
  let frame: TuanFrame
  let width: Int
  let height: Int
  let districts: [MapDistrict]
  let markers: [MapMarker]

  /// The drawing's width in its own units; the page scales it to fit.
  static let drawingWidth = 1000.0

  init(frame: TuanFrame, city: City, deals: [DealPin], merchants: [Int64: MerchantRecord]) {
    self.frame = frame
    let drawing = CityDrawing.of(city)
    let map = drawing.map
    width = Int(Self.drawingWidth)
    height = Int(map.height)
    districts = drawing.districts
    var seen = Set<Int64>()
    markers = deals.compactMap { deal in
      guard seen.insert(deal.merchantID).inserted else { return nil }
      let p = map.point(Coordinate(latitude: deal.latitude, longitude: deal.longitude))
      let name = merchants[deal.merchantID]?.fullName ?? deal.title
      return MapMarker(link: "/tuan/deal/\(DealsCall.dealID(deal.id))", id: DealsCall.dealID(deal.id),
                       label: "\(name)：\(deal.title) ¥\(PriceText.yuan(deal.currentPrice))",
                       x: OutlineMap.number(p.x), y: OutlineMap.number(p.y))
    }
  }

  func child(named name: String) -> Any? {
    switch name {
    case "width": width
    case "height": height
    case "districts": districts
    case "markers": markers
    case "marker_count": markers.count
    default: frame.child(named: name)
    }
  }
}
