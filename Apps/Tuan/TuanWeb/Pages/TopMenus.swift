import GeoData
import SparrowPlatform
import SparrowStore
import TuanStore

/// One entry of a menu: its words, where it goes, whether it is the current choice.
struct MenuEntry: PageModel {
  let name: String
  let link: String
  let selected: Bool
  /// 离我最近: script adds the browser's position to the link when the person allows it.
  var near = false

  func child(named name: String) -> Any? {
    switch name {
    case "name": self.name
    case "link": link
    case "selected": selected
    case "near": near
    default: nil
    }
  }
}

/// A left-hand row of a two-level menu and its right-hand list (empty for a row that is a choice by itself:
/// 全部分类, 全部商区).
struct MenuRow: PageModel {
  let key: String
  let name: String
  let link: String
  let selected: Bool
  /// The category's icon art (our own glyph on a tinted disc); nil for districts.
  var icon: CategoryIcon?
  var entries: [MenuEntry] = []
  /// The right-hand list shown when the menu opens: the current choice's, else the first.
  var shown = false

  func child(named name: String) -> Any? {
    switch name {
    case "key": key
    case "name": self.name
    case "link": link
    case "selected": selected
    case "icon": icon
    case "entries": entries.isEmpty ? nil : entries
    case "has_entries": !entries.isEmpty
    case "shown": shown
    default: nil
    }
  }
}

/// The icon of a category: its first character on a disc of its own hue; grey, and filled with the hue when
/// highlighted (the CSS draws both states).
struct CategoryIcon: PageModel {
  let glyph: String
  let hue: Int

  init(_ category: DealCategory) {
    glyph = String(category.name.prefix(1))
    // Spread the hues by the category's place in the table, so neighbours never share a colour.
    let index = DealCategory.table.firstIndex(of: category) ?? 0
    hue = (index * 137) % 360
  }

  static let all = CategoryIcon(glyph: "全", hue: 24)

  private init(glyph: String, hue: Int) {
    self.glyph = glyph
    self.hue = hue
  }

  func child(named name: String) -> Any? {
    switch name {
    case "glyph": glyph
    case "hue": hue
    default: nil
    }
  }
}

/// The navigation bar's three menus: 分类, 商区, 排序, each button with its current choice as title + subtitle
/// (as the notes' top items show), each dropdown's rows and links.
struct TopMenus: PageModel {
  let filter: DealFilter
  let city: City
  /// The dropdowns' rows, built when read (the page keeps their markup, `MenuMarkup`).
  var categoryRows: [MenuRow] { Self.categoryRows(filter) }
  var districtRows: [MenuRow] { Self.districtRows(filter, city: city) }

  /// Marks the row whose right-hand list shows first: the selected one, else the first that has a list.
  static func showing(_ rows: [MenuRow]) -> [MenuRow] {
    var rows = rows
    if let index = rows.firstIndex(where: { $0.selected && !$0.entries.isEmpty }) ?? rows.firstIndex(where: { !$0.entries.isEmpty }) {
      rows[index].shown = true
    }
    return rows
  }

  static func categoryRows(_ filter: DealFilter) -> [MenuRow] {
    let all = MenuRow(key: "cat-all", name: DealCategory.allCategories, link: filter.with {
      $0.category = nil
      $0.subcategory = nil
    }.link(), selected: filter.category == nil, icon: .all)
    return showing([all] + DealCategory.table.enumerated().map { index, category in
      let whole = filter.with {
        $0.category = category
        $0.subcategory = nil
      }
      let entries = category.menuEntries.map { name in
        let sub = name == DealCategory.all ? nil : name
        return MenuEntry(name: name, link: whole.with { $0.subcategory = sub }.link(),
                         selected: filter.category == category && filter.subcategory == sub)
      }
      return MenuRow(key: "cat-\(index)", name: category.name, link: whole.link(), selected: filter.category == category,
                     icon: CategoryIcon(category), entries: entries)
    })
  }

  static func districtRows(_ filter: DealFilter, city: City) -> [MenuRow] {
    let geo = GeoData.shared
    let all = MenuRow(key: "district-all", name: "全部商区", link: filter.withoutPlace.link(),
                      selected: filter.district == nil)
    return showing([all] + geo.districts(of: city).filter { !$0.isWholeCity }.map { district in
      let whole = filter.with {
        $0.district = district
        $0.neighbourhood = nil
      }
      let entries = [MenuEntry(name: DealCategory.all, link: whole.link(),
                               selected: filter.district == district && filter.neighbourhood == nil)]
        + geo.neighbourhoods(of: district).map { place in
          MenuEntry(name: place.name, link: whole.with { $0.neighbourhood = place.name }.link(),
                    selected: filter.district == district && filter.neighbourhood == place.name)
        }
      return MenuRow(key: "district-\(district.adcode)", name: district.fullName, link: whole.link(),
                     selected: filter.district == district, entries: entries)
    })
  }

  var sortEntries: [MenuEntry] {
    DealFilter.sorts.map { sort in
      MenuEntry(name: sort.label, link: filter.with {
        $0.sort = sort
        $0.position = nil  // script adds the current one
      }.link(), selected: filter.sort == sort,
                near: sort == .nearest)
    }
  }

  func child(named name: String) -> Any? {
    switch name {
    case "category_title": filter.category?.name ?? DealCategory.allCategories
    case "category_subtitle": filter.category == nil ? "分类" : filter.subcategory ?? DealCategory.all
    case "district_title": filter.district?.fullName ?? "全部商区"
    case "district_subtitle": filter.district == nil ? city.name : filter.neighbourhood ?? DealCategory.all
    case "sort_title": "排序"
    case "sort_subtitle": filter.sortLabel
    case "category_rows": categoryRows
    case "district_rows": districtRows
    case "sort_entries": sortEntries
    case "keyword": filter.keyword
    case "hidden_pairs": filter.pairs.filter { $0.0 != "q" }.map { HiddenField(name: $0.0, value: $0.1) }
    default: nil
    }
  }
}

/// A form's hidden input.
struct HiddenField: PageModel {
  let name: String
  let value: String

  func child(named name: String) -> Any? {
    switch name {
    case "name": self.name
    case "value": value
    default: nil
    }
  }
}
