import DakaAPI
import SparrowCore
import SparrowPlatform
import DakaStore
import SparrowStore

/// 我的's places and 足迹 map: what a person's numbers and points show (`daka_overview`), the same markup for the
/// same numbers, points and level, so it is kept drawn (`DrawnFootprints`).
struct MeOverview: PageModel {
  struct Place: PageModel {
    let name: String
    let count: Int

    func child(named name: String) -> Any? {
      switch name {
      case "name": self.name
      case "count": count
      default: nil
      }
    }
  }

  let stats: CheckinStats
  let footprint: FootprintMap?

  /// Mainland China's cities and those elsewhere, most visited first (each list's order kept within a count).
  var citiesVisited: [Place] {
    (stats.cities.map { Place(name: $0.name, count: $0.count) } + stats.citiesAbroad.map { Place(name: $0.name, count: $0.count) })
      .enumerated().sorted { ($1.element.count, $0.offset) < ($0.element.count, $1.offset) }.map(\.element)
  }

  func child(named name: String) -> Any? {
    switch name {
    case "countries": stats.countries.map { Place(name: $0.name, count: $0.count) }
    case "cities": citiesVisited
    case "districts": stats.districts.map { Place(name: $0.name, count: $0.count) }
    case "has_districts": !stats.districts.isEmpty
    case "has_places": !stats.cities.isEmpty || !stats.citiesAbroad.isEmpty
    case "footprint": footprint
    default: nil
    }
  }
}

/// 我的, signed in: who, how many check-ins, the cities and districts visited, the 足迹 map, one's own list.
struct MePage: PageModel {
  let frame: DakaFrame
  let name: String
  let avatar: String
  let stats: CheckinStats
  /// The places and the map (`DrawnFootprints`).
  let overviewHTML: String
  let rows: [CheckinRow]
  /// The rows' markup (`DakaWeb.rowRenders`).
  let rowsHTML: String
  /// One's own list a page at a time: which page, of how many entries.
  let page: Int
  let total: Int
  let pageSize: Int
  /// The map's choice and the year (`map`, `country`, `province`, `city`, `year`), kept by the page links.
  let kept: [(String, String)]
  /// What the own list is narrowed to.
  let filter: CheckinFilter
  let deleted: Bool

  /// A year above one's own list: choosing it narrows the list (again: all years).
  struct YearChip: PageModel {
    let year, count: Int
    let current: Bool
    let link: String

    func child(named name: String) -> Any? {
      switch name {
      case "year": year
      case "count": count
      case "current": current
      case "link": link
      default: nil
      }
    }
  }

  var lastPage: Int { max(1, (total + pageSize - 1) / pageSize) }

  func link(_ page: Int) -> String {
    "/daka/me?" + FormEncoding.encode(pairs: kept + [("page", String(page))]) + "#own"
  }

  func child(named name: String) -> Any? {
    switch name {
    case "name": self.name
    case "avatar": avatar
    case "count": stats.count
    case "country_count": stats.countries.count
    case "city_count": stats.cities.count + stats.citiesAbroad.count
    case "district_count": stats.districts.count
    case "overview_html": overviewHTML
    case "rows_html": rowsHTML
    case "has_rows": !rows.isEmpty
    case "previous": page > 1 ? link(page - 1) : nil
    case "next": page < lastPage ? link(page + 1) : nil
    case "paging": lastPage > 1 ? "\(page) / \(lastPage)" : nil
    case "deleted": deleted
    case "filter_label": filter.isEmpty ? nil : filter.label
    case "has_years": stats.years.count > 1 || filter.year != nil
    case "years": stats.years.map { year in
      YearChip(year: year.year, count: year.count, current: filter.year == year.year,
               link: "/daka/me?" + FormEncoding.encode(pairs: kept.filter { $0.0 != "year" && $0.0 != "page" }
                 + (filter.year == year.year ? [] : [("year", String(year.year))])) + "#own")
    }
    default: frame.child(named: name)
    }
  }
}
