import Foundation

// How the server writes the single-call answers: the keys and their order as Sparrow has always sent them
// (ids as the Weibo API spells them: `account/get_uid` as a string).

extension KeyedEncodingContainer where K == WireKey {
  fileprivate mutating func put(_ value: some Encodable, _ key: String) throws { try encode(value, forKey: WireKey(key)) }
  fileprivate mutating func putIfPresent(_ value: (some Encodable)?, _ key: String) throws {
    try encodeIfPresent(value, forKey: WireKey(key))
  }
}

extension UploadedPicture {
  public func encode(to encoder: any Encoder) throws {
    var c = encoder.container(keyedBy: WireKey.self)
    try c.put(picID, "pic_id")
    try c.put(thumbnailPic, "thumbnail_pic")
    try c.put(bmiddlePic, "bmiddle_pic")
    try c.put(originalPic, "original_pic")
    try c.putIfPresent(width, "width")
    try c.putIfPresent(height, "height")
    try c.putIfPresent(type, "type")
  }
}

extension AccountUID {
  public func encode(to encoder: any Encoder) throws {
    var c = encoder.container(keyedBy: WireKey.self)
    try c.put(String(uid), "uid")
  }
}

extension Relationship.Side {
  public func encode(to encoder: any Encoder) throws {
    var c = encoder.container(keyedBy: WireKey.self)
    try c.put(id, "id")
    try c.put(screenName, "screen_name")
    try c.put(followedBy, "followed_by")
    try c.put(following, "following")
    try c.put(notificationsEnabled, "notifications_enabled")
  }
}

extension Relationship {
  public func encode(to encoder: any Encoder) throws {
    var c = encoder.container(keyedBy: WireKey.self)
    try c.put(target, "target")
    try c.put(source, "source")
  }
}

extension UserSuggestion {
  public func encode(to encoder: any Encoder) throws {
    var c = encoder.container(keyedBy: WireKey.self)
    try c.put(screenName, "screen_name")
    try c.put(followersCount, "followers_count")
    try c.put(uid, "uid")
  }
}

extension Trend {
  public func encode(to encoder: any Encoder) throws {
    var c = encoder.container(keyedBy: WireKey.self)
    try c.put(name, "name")
    try c.put(query, "query")
    try c.putIfPresent(amount, "amount")
  }
}

extension TrendList {
  public func encode(to encoder: any Encoder) throws {
    var c = encoder.container(keyedBy: WireKey.self)
    try c.put(trends, "trends")
    try c.put(asOf, "as_of")
  }
}

extension HotTrend {
  public func encode(to encoder: any Encoder) throws {
    var c = encoder.container(keyedBy: WireKey.self)
    try c.put(trendID, "trend_id")
    try c.put(hotword, "hotword")
    try c.put(num, "num")
  }
}

extension ResultFlag {
  public func encode(to encoder: any Encoder) throws {
    var c = encoder.container(keyedBy: WireKey.self)
    if spelledAsString { try c.put(result ? "true" : "false", "result") } else { try c.put(result, "result") }
  }
}

extension TokenInfo {
  /// `expire_in` is the spec's spelling; `expires_in` is written too, as clients of the token endpoint read it.
  public func encode(to encoder: any Encoder) throws {
    var c = encoder.container(keyedBy: WireKey.self)
    try c.put(uid, "uid")
    try c.put(appKey, "appkey")
    try c.putIfPresent(scope, "scope")
    try c.put(createdAt, "create_at")
    try c.put(expiresIn, "expire_in")
    try c.put(expiresIn, "expires_in")
  }
}
