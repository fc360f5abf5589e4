import Foundation

/// `/2/search/*`.
public enum Search {
  /// Users whose names start like `q`.
  public static func suggestedUsers(_ q: String, count: Int? = nil) -> Endpoint<[UserSuggestion]> {
    Endpoint(path: "2/search/suggestions/users.json", query: Parameters.make(["count": count.map(String.init)], ["q": q]))
  }

  /// Statuses with the topic `#q#`.
  public static func topics(_ q: String, count: Int? = nil, page: Int? = nil) -> Endpoint<StatusList> {
    Endpoint(
      path: "2/search/topics.json",
      query: Parameters.make(["count": count.map(String.init), "page": page.map(String.init)], ["q": q]))
  }

  /// Statuses containing `q` (Sparrow's full-text search).
  public static func statuses(
    _ q: String, sinceID: Int64? = nil, maxID: Int64? = nil, count: Int? = nil, page: Int? = nil
  ) -> Endpoint<StatusList> {
    Endpoint(
      path: "2/search/statuses.json",
      query: Parameters.make(Parameters.paging(sinceID: sinceID, maxID: maxID, count: count, page: page), ["q": q]))
  }
}

/// `/2/trends*`: hot topics.
public enum Trends {
  /// Topics of the last hour.
  public static func hourly(baseApp: Bool = false) -> Endpoint<TrendList> { period("hourly", baseApp) }
  /// Topics of the last day.
  public static func daily(baseApp: Bool = false) -> Endpoint<TrendList> { period("daily", baseApp) }
  /// Topics of the last week.
  public static func weekly(baseApp: Bool = false) -> Endpoint<TrendList> { period("weekly", baseApp) }

  /// Hot words with their counts.
  public static func list(uid: Int64? = nil, count: Int? = nil, page: Int? = nil) -> Endpoint<[HotTrend]> {
    Endpoint(
      path: "2/trends.json",
      query: Parameters.make(["uid": uid.map(String.init), "count": count.map(String.init), "page": page.map(String.init)]))
  }

  private static func period(_ name: String, _ baseApp: Bool) -> Endpoint<TrendList> {
    Endpoint(path: "2/trends/\(name).json", query: Parameters.make(["base_app": Parameters.flag(baseApp)]))
  }
}

/// `/2/remind/*`: unread counters.
public enum Remind {
  /// A counter `set_count` resets.
  public enum Counter: String, Sendable, CaseIterable {
    /// New statuses in the home timeline (Sparrow accepts it; the home timeline also resets it).
    case status
    case follower, cmt, dm
    case mentionStatus = "mention_status"
    case mentionCmt = "mention_cmt"
    case group, notice, invite, badge, photo
    /// Sparrow's likes counter.
    case attitude
  }

  /// The caller's unread counters.
  public static func unreadCount(uid: Int64? = nil) -> Endpoint<UnreadCount> {
    Endpoint(path: "2/remind/unread_count.json", query: Parameters.make(["uid": uid.map(String.init)]))
  }

  /// Marks a counter read.
  public static func setCount(_ counter: Counter) -> Endpoint<ResultFlag> {
    Endpoint(method: .post, path: "2/remind/set_count.json", form: ["type": counter.rawValue])
  }
}

/// `/2/emotions.json`: the emoticon list.
public enum Emotions {
  /// Which emoticons (`type`).
  public enum Kind: String, Sendable {
    /// 普通表情.
    case face
    /// 魔法表情.
    case ani
    /// 动漫表情.
    case cartoon
    /// Sparrow's Unicode emoji, listed with their code points.
    case emoji
  }

  /// The phrases' script (`language`).
  public enum Language: String, Sendable {
    /// 简体.
    case cnname
    /// 繁體.
    case twname
  }

  /// The emoticons of a kind, as a top-level array.
  public static func list(kind: Kind = .face, language: Language = .cnname) -> Endpoint<[Emotion]> {
    Endpoint(path: "2/emotions.json", query: ["type": kind.rawValue, "language": language.rawValue]) { data in
      try WeiboCoding.decoder().decode([Lossy<Emotion>].self, from: data).compactMap(\.value)
    }
  }
}
