import GeoData
import SparrowPlatform

/// A city to choose: its name, and its pinyin for the search's hints.
struct CityEntry: PageModel {
  let city: City
  let current: Bool

  static func list(_ cities: [City], current: City) -> [CityEntry] {
    cities.map { CityEntry(city: $0, current: $0 == current) }
  }

  func child(named name: String) -> Any? {
    switch name {
    case "name": city.name
    case "adcode": city.adcode
    case "pinyin": city.displayPinyin
    case "province": city.province == city.fullName ? nil : city.province
    case "current": current
    default: nil
    }
  }
}

/// A section of the popover: 最近访问, 热门城市, or a letter.
struct CitySection: PageModel {
  let key: String
  let title: String
  let cities: [CityEntry]

  func child(named name: String) -> Any? {
    switch name {
    case "key": key
    case "title": title
    case "cities": cities
    default: nil
    }
  }
}

/// The 定位 popover (as the notes' city list): a search box, then 最近访问 (newest first), 热门城市 and every city
/// under its pinyin letter, with an index of the letters that jumps to them. Choosing a city posts the form,
/// which keeps the grid's category, sort and keyword.
struct CityPopover: PageModel {
  let frame: TuanFrame
  /// 最近访问 and 热门城市: every city under its letter follows as `lettersHTML`.
  let sections: [CitySection]
  /// Every city under its pinyin letter, rendered (`CityLetters`).
  let lettersHTML: String
  let keep: [HiddenField]
  /// A search without script: its results replace the sections.
  let results: CityResults?

  init(frame: TuanFrame, choice: CityChoice, keep: DealFilter, query: String?, letters: KeptRenders<CityLetters>) {
    self.frame = frame
    var sections: [CitySection] = []
    if !choice.visited.isEmpty {
      sections.append(CitySection(key: "recent", title: "最近访问", cities: CityEntry.list(choice.visited, current: choice.city)))
    }
    sections.append(CitySection(key: "hot", title: "热门城市",
                                cities: CityEntry.list(GeoData.shared.hotCities, current: choice.city)))
    self.sections = sections
    lettersHTML = letters.html(CityLetters(current: choice.city.adcode))
    let fields = keep.withoutPlace.pairs.map { HiddenField(name: $0.0, value: $0.1) }
    self.keep = fields
    results = query.map { CityResults(query: $0, current: choice.city, keep: fields, csrf: frame.web.csrf) }
  }

  func child(named name: String) -> Any? {
    switch name {
    case "sections": results == nil ? sections : nil
    case "letters_html": results == nil ? lettersHTML : nil
    case "letters": CityLetters.letters
    case "keep": keep
    case "results": results
    case "query": results?.query
    default: frame.child(named: name)
    }
  }
}

/// Every city under its pinyin letter (`tuan_city_letters`), the current one marked: the same for everyone in that
/// city, so rendered once for each and kept (`TuanWeb.cityLetters`). Rendering the 370 cities' buttons was two
/// thirds of the popover's time.
struct CityLetters: PageModel, Hashable {
  let current: Int

  /// The letters, and each one's cities, in the cities' pinyin order.
  static let byLetter: [(letter: String, cities: [City])] = {
    var groups: [(letter: String, cities: [City])] = []
    for city in GeoData.shared.cities {
      let letter = String(city.pinyin.prefix(1)).uppercased()
      if groups.last?.letter == letter { groups[groups.count - 1].cities.append(city) } else { groups.append((letter, [city])) }
    }
    return groups
  }()

  static let letters = byLetter.map(\.letter)

  func child(named name: String) -> Any? {
    guard name == "sections" else { return nil }
    return Self.byLetter.map { group in
      CitySection(key: "letter-\(group.letter)", title: group.letter,
                  cities: group.cities.map { CityEntry(city: $0, current: $0.adcode == current) })
    }
  }
}

/// What the popover's search finds as the person types: cities whose name, full pinyin or initials match.
struct CityResults: PageModel {
  let query: String
  let cities: [CityEntry]
  let keep: [HiddenField]
  let csrf: String?

  init(query: String, current: City, keep: [HiddenField], csrf: String?) {
    self.query = query
    cities = GeoData.shared.search(query, limit: 30).map { CityEntry(city: $0, current: $0 == current) }
    self.keep = keep
    self.csrf = csrf
  }

  func child(named name: String) -> Any? {
    switch name {
    case "query": query
    case "has_found": !cities.isEmpty
    case "found": cities
    case "none": cities.isEmpty
    case "keep": keep
    case "csrf": csrf
    default: nil
    }
  }
}
