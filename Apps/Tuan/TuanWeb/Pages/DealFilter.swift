import Foundation
import GeoData
import SparrowCore
import SparrowPlatform
import SparrowStore
import TuanStore

/// What the grid shows of the chosen city: the 分类, 商区 and 排序 menus' choices and the keyword, read from
/// the query (`cat`, `sub`, `district`, `nb`, `sort`, `q`) and written back into links.
struct DealFilter: Equatable {
  var category: DealCategory?
  /// A subcategory of `category`; nil for its 全部.
  var subcategory: String?
  /// A district of the city; nil for 全部商区.
  var district: District?
  /// A 商圈 of `district`; nil for the whole district.
  var neighbourhood: String?
  var sort: DealSort = .ranking
  var keyword: String?
  /// Where 离我最近 measures from (`lat`, `lng`, WGS-84): the browser's position when the person lets script ask
  /// for it; the city's centre without one.
  var position: Coordinate?

  /// The sorts the 排序 menu lists, the spec's seven but the ones by merchant rating.
  static let sorts: [DealSort] = [.ranking, .priceLow, .priceHigh, .popular, .newest, .endingSoon, .nearest]

  init() {}

  /// The filter a query asks for in `city`; a name or number that is not one of the menus' is a 400.
  init(_ params: Params, city: City) throws(WebPageError) {
    if let name = params["cat"] {
      guard let category = DealCategory.named(name) else { throw WebPageError(.badRequest, "没有这个分类") }
      self.category = category
      if let sub = params["sub"] {
        guard category.subcategories.contains(sub) else { throw WebPageError(.badRequest, "没有这个分类") }
        subcategory = sub
      }
    } else if params["sub"] != nil {
      throw WebPageError(.badRequest, "没有这个分类")
    }
    if let text = params["district"] {
      guard let adcode = Int(text), let district = GeoData.shared.district(adcode: adcode),
        district.cityAdcode == city.adcode
      else { throw WebPageError(.badRequest, "\(city.name)没有这个商区") }
      self.district = district
      if let name = params["nb"] {
        guard GeoData.shared.neighbourhoods(of: district).contains(where: { $0.name == name }) else {
          throw WebPageError(.badRequest, "\(city.name)没有这个商区")
        }
        neighbourhood = name
      }
    } else if params["nb"] != nil {
      throw WebPageError(.badRequest, "\(city.name)没有这个商区")
    }
    if let text = params["sort"] {
      guard let raw = Int(text), let sort = DealSort(rawValue: raw), Self.sorts.contains(sort) else {
        throw WebPageError(.badRequest, "没有这种排序")
      }
      self.sort = sort
    }
    if params["lat"] != nil || params["lng"] != nil {
      guard let latitude = params["lat"].flatMap(Double.init), let longitude = params["lng"].flatMap(Double.init),
        (-90...90).contains(latitude), (-180...180).contains(longitude)
      else { throw WebPageError(.badRequest, "位置不对") }
      position = Coordinate(latitude: latitude, longitude: longitude)
    }
    if let keyword = params["q"]?.trimmingCharacters(in: .whitespacesAndNewlines), !keyword.isEmpty {
      guard DealKeyword.limit.fits(keyword) else { throw WebPageError(.badRequest, "搜索的字太多了") }
      self.keyword = keyword
    }
  }

  /// The store's query for one page of the grid.
  func query(city: City, now: Date, page: Int, size: Int) -> DealQuery {
    var query = DealQuery()
    query.cityAdcodes = [city.adcode]
    query.onSaleAt = now
    query.districtAdcode = district?.adcode
    query.neighbourhood = neighbourhood
    if let subcategory { query.subcategories = [subcategory] } else if let category { query.categories = [category.name] }
    query.keyword = keyword
    query.sort = sort
    if sort == .nearest { query.near = Self.circle(around: position ?? city.centroid, covering: city) }
    query.limit = size
    query.offset = (page - 1) * size
    return query
  }

  /// A circle from `centre` that takes in the whole city, so sorting by distance leaves none of its deals out.
  static func circle(around centre: Coordinate, covering city: City) -> GeoCircle {
    var circle = GeoCircle(latitude: centre.latitude, longitude: centre.longitude, radius: 0)
    guard let box = GeoData.shared.outline(of: city)?.boundingBox else {
      circle.radius = 500_000
      return circle
    }
    let corners = [(box.minLatitude, box.minLongitude), (box.minLatitude, box.maxLongitude),
                   (box.maxLatitude, box.minLongitude), (box.maxLatitude, box.maxLongitude)]
    circle.radius = corners.map { circle.distance(toLatitude: $0.0, longitude: $0.1) }.max()! + 1_000
    return circle
  }

  /// 排序's subtitle: 离我最近 without a position is measured from the city's centre, and says so.
  var sortLabel: String {
    sort == .nearest && position == nil ? "离市中心最近" : sort.label
  }

  /// The query's pairs, in a fixed order; defaults left out.
  var pairs: [(String, String)] {
    var pairs: [(String, String)] = []
    if let category { pairs.append(("cat", category.name)) }
    if let subcategory { pairs.append(("sub", subcategory)) }
    if let district { pairs.append(("district", String(district.adcode))) }
    if let neighbourhood { pairs.append(("nb", neighbourhood)) }
    if sort != .ranking { pairs.append(("sort", String(sort.rawValue))) }
    if sort == .nearest, let position {
      // About 10 m: enough to sort by, and no finer than the person needs to share.
      pairs.append(("lat", String(format: "%.4f", position.latitude)))
      pairs.append(("lng", String(format: "%.4f", position.longitude)))
    }
    if let keyword { pairs.append(("q", keyword)) }
    return pairs
  }

  /// `path` with this filter's query (and `extra` pairs after it).
  func link(_ path: String = "/tuan", extra: [(String, String)] = []) -> String {
    let all = pairs + extra
    return all.isEmpty ? path : path + "?" + FormEncoding.encode(pairs: all)
  }

  /// The same filter with another choice in one menu.
  func with(_ change: (inout DealFilter) -> Void) -> DealFilter {
    var copy = self
    change(&copy)
    return copy
  }

  /// What 选择城市 keeps: the category, sort and keyword, not the old city's 商区.
  var withoutPlace: DealFilter {
    with {
      $0.district = nil
      $0.neighbourhood = nil
    }
  }

}

extension DealSort {
  /// The 排序 menu's words.
  var label: String {
    switch self {
    case .ranking: "默认排序"
    case .priceLow: "价格最低"
    case .priceHigh: "价格最高"
    case .popular: "人气最高"
    case .newest: "最新发布"
    case .endingSoon: "即将结束"
    case .nearest: "离我最近"
    }
  }
}
