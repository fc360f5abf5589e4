import SparrowPlatform
import DakaStore
import SparrowStore

/// 我的, signed in: who, how many check-ins, the cities and districts visited, the 足迹 map, one's own list.
struct MePage: PageModel {
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

  let frame: DakaFrame
  let name: String
  let avatar: String
  let stats: CheckinStats
  let footprint: FootprintMap?
  let rows: [CheckinRow]
  let more: Bool
  let deleted: Bool

  func child(named name: String) -> Any? {
    switch name {
    case "name": self.name
    case "avatar": avatar
    case "count": stats.count
    case "city_count": stats.cities.count
    case "district_count": stats.districts.count
    case "cities": stats.cities.map { Place(name: $0.name, count: $0.count) }
    case "districts": stats.districts.map { Place(name: $0.name, count: $0.count) }
    case "has_places": !stats.cities.isEmpty
    case "footprint": footprint
    case "rows": rows
    case "has_rows": !rows.isEmpty
    case "more": more
    case "deleted": deleted
    default: frame.child(named: name)
    }
  }
}
