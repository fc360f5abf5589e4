import Foundation

extension GeoData {
  /// Cities for a search box: 汉字 match the name (exact, then prefix, then anywhere in the full name), latin
  /// letters match the full pinyin or the initials (exact, then prefix), case-insensitively, ignoring spaces and
  /// apostrophes ("Xi'an", "xi an"). Within a rank, 热门 cities come first, then pinyin order.
  package func search(_ query: String, limit: Int = 20) -> [City] {
    ranked(cities, query: query, limit: limit, names: { [$0.name, $0.fullName] }, pinyin: { ($0.pinyin, $0.initials) })
      .sorted {
        ($0.rank, $0.item.hotRank ?? 99, $0.item.pinyin, $0.item.adcode)
          < ($1.rank, $1.item.hotRank ?? 99, $1.item.pinyin, $1.item.adcode)
      }
      .prefix(limit).map(\.item)
  }

  /// Districts matching `query` the way `search(_:)` matches cities, within `city` or everywhere.
  package func searchDistricts(_ query: String, in city: City? = nil, limit: Int = 20) -> [District] {
    let pool = city.map { districts(of: $0) } ?? districts
    return ranked(
      pool, query: query, limit: limit, names: { [$0.name, $0.fullName] }, pinyin: { ($0.pinyin, $0.initials) })
      .sorted {
        let a = cityByAdcode[$0.item.cityAdcode]?.hotRank ?? 99, b = cityByAdcode[$1.item.cityAdcode]?.hotRank ?? 99
        return ($0.rank, a, $0.item.pinyin, $0.item.adcode) < ($1.rank, b, $1.item.pinyin, $1.item.adcode)
      }
      .prefix(limit).map(\.item)
  }

  /// Lowercased, without spaces or apostrophes, ü written v: the form pinyin is stored in.
  static func normalisedPinyin(_ text: String) -> String {
    String(text.lowercased().replacingOccurrences(of: "ü", with: "v").filter { $0.isLetter && $0.isASCII })
  }

  static func containsHan(_ text: String) -> Bool {
    text.unicodeScalars.contains { (0x4E00...0x9FFF).contains($0.value) || (0x3400...0x4DBF).contains($0.value) }
  }

  /// 0 exact, 1 prefix, 2 contained (汉字 only); items that do not match are left out.
  private func ranked<Item>(
    _ items: [Item], query: String, limit: Int, names: (Item) -> [String], pinyin: (Item) -> (String, String)
  ) -> [(item: Item, rank: Int)] {
    let trimmed = query.trimmingCharacters(in: .whitespacesAndNewlines)
    guard !trimmed.isEmpty, limit > 0 else { return [] }
    if Self.containsHan(trimmed) {
      let q = trimmed.filter { !$0.isWhitespace }
      return items.compactMap { item in
        let all = names(item)
        if all.contains(q) { return (item, 0) }
        if all.contains(where: { $0.hasPrefix(q) }) { return (item, 1) }
        if all.contains(where: { $0.contains(q) }) { return (item, 2) }
        return nil
      }
    }
    let q = Self.normalisedPinyin(trimmed)
    guard !q.isEmpty else { return [] }
    return items.compactMap { item in
      let (full, initials) = pinyin(item)
      if full == q || initials == q { return (item, 0) }
      if full.hasPrefix(q) || initials.hasPrefix(q) { return (item, 1) }
      return nil
    }
  }
}
