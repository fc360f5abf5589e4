import SparrowCore
import Foundation
import GeoData
import Hummingbird
import SparrowPlatform

extension TuanWeb {
  /// `/tuan/cities`: the 定位 popover; script asks for it alone (`X-Fragment`) and shows it beside the dock.
  func cities(_ request: Request, _ context: SparrowContext) async throws -> Response {
    let choice = try await cityChoice(request, context)
    let keep = Self.kept(context.params, city: choice.city)
    let query = context.params["q"].map { TextLimit(40).prefix($0) }
    let page = CityPopover(frame: try await frame(context, request, tab: nil, title: "选择城市"), choice: choice, keep: keep,
                           query: query, letters: cityLetters)
    return render(HTML.wantsFragment(request) ? "tuan_cities_panel" : "tuan_cities", page)
  }

  /// `/tuan/cities/search?q=`: the matches as the person types (汉字, full pinyin or initials).
  func citySearch(_ request: Request, _ context: SparrowContext) async throws -> Response {
    let choice = CityChoice(request)
    let query = TextLimit(40).prefix(context.params["q"] ?? "")
    let keep = Self.kept(context.params, city: choice.city).pairs
      .map { HiddenField(name: $0.0, value: $0.1) }
    return render("tuan_city_results", CityResults(query: query, current: choice.city, keep: keep,
                                                   csrf: context.viewer?.csrf))
  }

  /// `POST /tuan/city`: remembers the city (first in 最近访问) and goes back to the grid with the category, sort
  /// and keyword kept; the old city's 商区 are not the new one's.
  func chooseCity(_ request: Request, _ context: SparrowContext) async throws -> Response {
    guard let adcode = context.params["city"].flatMap({ Int($0) }), let city = GeoData.shared.city(adcode: adcode) else {
      throw WebPageError(.badRequest, "没有这个城市")
    }
    if let viewer = context.viewer {
      try await deps.store.recordCityVisit(userID: viewer.user.id, adcode: city.adcode, at: deps.now())
    }
    return HTML.redirect(Self.kept(context.params, city: city).link(), cookies: CityChoice(request).choosing(city))
  }

  /// The browser's choice, with a signed-in person's 最近访问 from the store (the browser's until they choose one).
  func cityChoice(_ request: Request, _ context: SparrowContext) async throws -> CityChoice {
    var choice = CityChoice(request)
    guard let viewer = context.viewer else { return choice }
    let mine = try await deps.store.recentCities(userID: viewer.user.id, limit: CityChoice.visitedLimit)
    if !mine.isEmpty { choice.visited = mine.compactMap(GeoData.shared.city(adcode:)) }
    return choice
  }

  /// What a change of city keeps of the grid's filter: the category, sort and keyword (a 商区 is the old city's).
  static func kept(_ params: Params, city: City) -> DealFilter {
    let values = ["cat", "sub", "sort", "q", "lat", "lng"].compactMap { name in params[name].map { (name, [$0]) } }
    return (try? DealFilter(Params(values: Dictionary(uniqueKeysWithValues: values)), city: city)) ?? DealFilter()
  }
}
