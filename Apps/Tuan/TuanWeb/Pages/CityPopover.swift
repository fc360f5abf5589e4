import GeoData
import SparrowPlatform

/// A city to choose: its name, and its pinyin for the search's hints.
struct CityEntry: PageModel {
  let city: City
  let current: Bool

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
  let sections: [CitySection]
  let letters: [String]
  let keep: [HiddenField]
  /// A search without script: its results replace the sections.
  let results: CityResults?

  init(frame: TuanFrame, choice: CityChoice, keep: DealFilter, query: String?) {
    self.frame = frame
    let geo = GeoData.shared
    func entries(_ cities: [City]) -> [CityEntry] { cities.map { CityEntry(city: $0, current: $0 == choice.city) } }
    var sections: [CitySection] = []
    if !choice.visited.isEmpty {
      sections.append(CitySection(key: "recent", title: "最近访问", cities: entries(choice.visited)))
    }
    sections.append(CitySection(key: "hot", title: "热门城市", cities: entries(geo.hotCities)))
    var letters: [String] = []
    for city in geo.cities {
      let letter = String(city.pinyin.prefix(1)).uppercased()
      if letters.last != letter {
        letters.append(letter)
        sections.append(CitySection(key: "letter-\(letter)", title: letter, cities: []))
      }
      let last = sections.removeLast()
      sections.append(CitySection(key: last.key, title: last.title, cities: last.cities + entries([city])))
    }
    self.sections = sections
    self.letters = letters
    let fields = keep.withoutPlace.pairs.map { HiddenField(name: $0.0, value: $0.1) }
    self.keep = fields
    results = query.map { CityResults(query: $0, current: choice.city, keep: fields, csrf: frame.web.csrf) }
  }

  func child(named name: String) -> Any? {
    switch name {
    case "sections": results == nil ? sections : nil
    case "letters": letters
    case "keep": keep
    case "results": results
    case "query": results?.query
    default: frame.child(named: name)
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
    case "found": cities.isEmpty ? nil : cities
    case "none": cities.isEmpty
    case "keep": keep
    case "csrf": csrf
    default: nil
    }
  }
}
