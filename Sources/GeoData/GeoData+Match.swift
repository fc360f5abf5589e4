import Foundation

extension GeoData {
  /// Links a free-text location ("杭州西湖", "浙江省杭州市西湖区", "三里屯", "西湖区", "hangzhou", "hangzhou xihu")
  /// to the city and, when named, the district it means; nil when it names no place we know.
  ///
  /// 汉字: finds every city, district and 商圈 name in the text and keeps the reading that explains the most
  /// characters, a city with one of its own districts or 商圈 before either alone; ties go to the city, then to a
  /// 热门 city, then to the earlier name ("西湖区" → 杭州 rather than 南昌; "朝阳" → 朝阳市). Pinyin: a city's full
  /// pinyin, optionally followed by one of its districts' ("hangzhouxihu"), or a district's alone.
  package func match(freeText text: String) -> PlaceMatch? {
    let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
    guard !trimmed.isEmpty else { return nil }
    return Self.containsHan(trimmed) ? matchHan(trimmed) : matchPinyin(Self.normalisedPinyin(trimmed))
  }

  private struct Found {
    let range: Range<Int>
    var count: Int { range.count }
  }

  private func matchHan(_ raw: String) -> PlaceMatch? {
    let text = Array(raw.filter { !$0.isWhitespace && !$0.isPunctuation })
    let present = Set(text)
    func find(_ names: [String], minimum: Int = 2) -> Found? {
      var best: Found?
      // Most names share no first character with the text: skip them before any allocation.
      for name in names where name.first.map(present.contains) == true && name.count >= minimum {
        if let range = Self.firstRange(of: Array(name), in: text), range.count > (best?.count ?? 0) {
          best = Found(range: range)
        }
      }
      return best
    }
    func covered(_ spans: Found?...) -> Int {
      Set(spans.compactMap { $0 }.flatMap { Array($0.range) }).count
    }

    struct Candidate {
      let match: PlaceMatch
      let score: Int
      let hasCity: Bool
      let start: Int
    }
    var candidates: [Candidate] = []

    // A city, with the best of its own districts and 商圈 that is not just the city's name again (长沙 ≠ 长沙县).
    for city in cities {
      guard let cityFound = find([city.fullName, city.name]) else { continue }
      func extra(_ found: Found?) -> Found? { found.flatMap { cityFound.range.contains($0.range) ? nil : $0 } }
      var best = Candidate(
        match: PlaceMatch(city: city, district: nil, neighbourhood: nil), score: cityFound.count, hasCity: true,
        start: cityFound.range.lowerBound)
      for district in districts(of: city) where !district.isWholeCity {
        let districtFound = extra(find([district.fullName, district.name]))
        var options: [(Neighbourhood?, Int)] = [(nil, covered(cityFound, districtFound))]
        for neighbourhood in neighbourhoods(of: district) {
          if let found = extra(find([neighbourhood.name])) {
            options.append((neighbourhood, covered(cityFound, districtFound, found)))
          }
        }
        for (neighbourhood, score) in options where score > best.score {
          best = Candidate(
            match: PlaceMatch(city: city, district: district, neighbourhood: neighbourhood), score: score,
            hasCity: true, start: cityFound.range.lowerBound)
        }
      }
      candidates.append(best)
    }
    // A district or 商圈 on its own. Generic names (城区, 郊区, 市中 …) only count next to their city.
    for district in districts where !district.isWholeCity {
      let generic = district.name.count <= 2 && (district.name == district.fullName || district.name.hasPrefix("市"))
      if let found = find(generic ? [] : [district.fullName, district.name]) {
        var best: (Neighbourhood?, Int) = (nil, found.count)
        for neighbourhood in neighbourhoods(of: district) {
          if let other = find([neighbourhood.name]), covered(found, other) > best.1 {
            best = (neighbourhood, covered(found, other))
          }
        }
        candidates.append(
          Candidate(
            match: PlaceMatch(city: city(of: district), district: district, neighbourhood: best.0), score: best.1,
            hasCity: false, start: found.range.lowerBound))
      }
    }
    for neighbourhood in allNeighbourhoods {
      if let found = find([neighbourhood.name]), let district = district(adcode: neighbourhood.districtAdcode) {
        candidates.append(
          Candidate(
            match: PlaceMatch(city: city(of: district), district: district, neighbourhood: neighbourhood),
            score: found.count, hasCity: false, start: found.range.lowerBound))
      }
    }
    return candidates.min { a, b in
      (-a.score, a.hasCity ? 0 : 1, a.match.city.hotRank ?? 99, a.start, a.match.city.adcode)
        < (-b.score, b.hasCity ? 0 : 1, b.match.city.hotRank ?? 99, b.start, b.match.city.adcode)
    }?.match
  }

  private func matchPinyin(_ text: String) -> PlaceMatch? {
    guard !text.isEmpty else { return nil }
    let byRank = cities.sorted { ($0.hotRank ?? 99) < ($1.hotRank ?? 99) }
    if let city = byRank.first(where: { $0.pinyin == text }) {
      return PlaceMatch(city: city, district: nil, neighbourhood: nil)
    }
    for city in byRank where text.hasPrefix(city.pinyin) {
      let rest = String(text.dropFirst(city.pinyin.count))
      if let district = districts(of: city).first(where: { !$0.isWholeCity && $0.pinyin == rest }) {
        return PlaceMatch(city: city, district: district, neighbourhood: nil)
      }
    }
    let named = districts.filter { !$0.isWholeCity && $0.pinyin == text }
    let best = named.min {
      (cityByAdcode[$0.cityAdcode]?.hotRank ?? 99, $0.adcode) < (cityByAdcode[$1.cityAdcode]?.hotRank ?? 99, $1.adcode)
    }
    return best.map { PlaceMatch(city: city(of: $0), district: $0, neighbourhood: nil) }
  }

  private static func firstRange(of needle: [Character], in haystack: [Character]) -> Range<Int>? {
    guard !needle.isEmpty, needle.count <= haystack.count else { return nil }
    for start in 0...(haystack.count - needle.count) where haystack[start] == needle[0] {
      if Array(haystack[start..<(start + needle.count)]) == needle { return start..<(start + needle.count) }
    }
    return nil
  }
}

extension Range where Bound == Int {
  fileprivate func contains(_ other: Range<Int>) -> Bool {
    lowerBound <= other.lowerBound && other.upperBound <= upperBound
  }
}
