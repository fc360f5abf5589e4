import Foundation

// Lenient decoding for the wire models, so one decoder reads both Sparrow's payloads and the original
// service's: ids as numbers or strings, optional fields missing, `error_code` as a numeric string, and so on.
// Every field is looked up under its camelCase name (the key `WeiboCoding.decoder()` produces from
// snake_case) and under its snake_case name (a plain `JSONDecoder`), so either decoder works.

/// A coding key made from any string.
package struct WireKey: CodingKey {
  package let stringValue: String
  package let intValue: Int?
  package init(_ string: String) {
    stringValue = string
    intValue = nil
  }
  package init?(stringValue: String) { self.init(stringValue) }
  package init?(intValue: Int) {
    stringValue = String(intValue)
    self.intValue = intValue
  }
}

/// The fields of one JSON object, read with type coercion and defaults instead of errors.
package struct WireFields {
  package let container: KeyedDecodingContainer<WireKey>

  package init(_ decoder: any Decoder) throws {
    container = try decoder.container(keyedBy: WireKey.self)
  }

  /// The key `name` (snake_case) is stored under, if the object has it.
  package func key(_ name: String) -> WireKey? {
    let camel = WireKey(Self.camelCase(name))
    if container.contains(camel) { return camel }
    let snake = WireKey(name)
    return container.contains(snake) ? snake : nil
  }

  /// Whether the object has `name` with a non-null value.
  package func has(_ name: String) -> Bool {
    guard let key = key(name) else { return false }
    return (try? container.decodeNil(forKey: key)) == false
  }

  package func int64(_ name: String) -> Int64? {
    guard let key = key(name) else { return nil }
    if let value = try? container.decode(Int64.self, forKey: key) { return value }
    if let text = try? container.decode(String.self, forKey: key) {
      return Int64(text.trimmingCharacters(in: .whitespaces))
    }
    if let value = try? container.decode(Double.self, forKey: key), value.rounded() == value,
      abs(value) < 9.2e18
    {
      return Int64(value)
    }
    return nil
  }

  package func int(_ name: String) -> Int? {
    int64(name).flatMap { Int(exactly: $0) }
  }

  package func double(_ name: String) -> Double? {
    guard let key = key(name) else { return nil }
    if let value = try? container.decode(Double.self, forKey: key) { return value }
    if let text = try? container.decode(String.self, forKey: key) {
      return Double(text.trimmingCharacters(in: .whitespaces))
    }
    return nil
  }

  package func bool(_ name: String) -> Bool? {
    guard let key = key(name) else { return nil }
    if let value = try? container.decode(Bool.self, forKey: key) { return value }
    if let value = try? container.decode(Int64.self, forKey: key) { return value != 0 }
    if let text = try? container.decode(String.self, forKey: key) {
      switch text.lowercased() {
      case "true", "1", "yes": return true
      case "false", "0", "no", "": return false
      default: return nil
      }
    }
    return nil
  }

  package func string(_ name: String) -> String? {
    guard let key = key(name) else { return nil }
    if let value = try? container.decode(String.self, forKey: key) { return value }
    if let value = try? container.decode(Int64.self, forKey: key) { return String(value) }
    if let value = try? container.decode(Double.self, forKey: key) { return String(value) }
    if let value = try? container.decode(Bool.self, forKey: key) { return value ? "true" : "false" }
    return nil
  }

  /// A nested value; nil when missing, null or not decodable as `T`.
  package func value<T: Decodable>(_ type: T.Type, _ name: String) -> T? {
    guard let key = key(name) else { return nil }
    return try? container.decodeIfPresent(T.self, forKey: key)
  }

  /// An array whose undecodable elements are skipped: one odd status must not lose a whole page.
  package func list<T: Decodable>(_ type: T.Type, _ name: String) -> [T] {
    guard let key = key(name), let items = try? container.decodeIfPresent([Lossy<T>].self, forKey: key) else {
      return []
    }
    return items.compactMap(\.value)
  }

  /// An id, from `id`, or failing that from the string forms `idstr` and `mid`.
  package func id() throws -> Int64 {
    if let id = int64("id") ?? string("idstr").flatMap({ Int64($0) }) ?? string("mid").flatMap({ Int64($0) }) {
      return id
    }
    throw DecodingError.keyNotFound(
      WireKey("id"), .init(codingPath: container.codingPath, debugDescription: "no numeric id, idstr or mid"))
  }

  /// `pic_urls` → `picUrls`, as `JSONDecoder.KeyDecodingStrategy.convertFromSnakeCase` converts it.
  static func camelCase(_ name: String) -> String {
    let parts = name.split(separator: "_")
    guard parts.count > 1 else { return name }
    return String(parts[0]) + parts.dropFirst().map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
  }
}

/// An element decoded without failing: `value` is nil when the element does not decode.
package struct Lossy<T: Decodable>: Decodable {
  package let value: T?
  package init(from decoder: any Decoder) throws { value = try? T(from: decoder) }
}

/// Any JSON value, to turn annotation objects back into text.
enum JSONValue: Decodable {
  case null, bool(Bool), number(Double), string(String), array([JSONValue]), object([String: JSONValue])

  init(from decoder: any Decoder) throws {
    if let keyed = try? decoder.container(keyedBy: WireKey.self) {
      var object: [String: JSONValue] = [:]
      for key in keyed.allKeys { object[key.stringValue] = try keyed.decode(JSONValue.self, forKey: key) }
      self = .object(object)
      return
    }
    if var unkeyed = try? decoder.unkeyedContainer() {
      var array: [JSONValue] = []
      while !unkeyed.isAtEnd { array.append(try unkeyed.decode(JSONValue.self)) }
      self = .array(array)
      return
    }
    let single = try decoder.singleValueContainer()
    if single.decodeNil() {
      self = .null
    } else if let value = try? single.decode(Bool.self) {
      self = .bool(value)
    } else if let value = try? single.decode(Double.self) {
      self = .number(value)
    } else {
      self = .string(try single.decode(String.self))
    }
  }

  /// The value with object keys turned back from `camelCase` to `snake_case`.
  var snakeCased: JSONValue {
    switch self {
    case .array(let values): .array(values.map(\.snakeCased))
    case .object(let fields):
      .object(Dictionary(fields.map { (Self.snakeCase($0.key), $0.value.snakeCased) }, uniquingKeysWith: { first, _ in first }))
    default: self
    }
  }

  private static func snakeCase(_ key: String) -> String { StreamingEncoder.snakeCase(key) }

  /// Compact JSON text with sorted keys.
  var text: String {
    switch self {
    case .null: "null"
    case .bool(let value): value ? "true" : "false"
    case .number(let value):
      value.rounded() == value && abs(value) < 1e15 ? String(Int64(value)) : String(value)
    case .string(let value): Self.quoted(value)
    case .array(let values): "[" + values.map(\.text).joined(separator: ",") + "]"
    case .object(let fields):
      "{" + fields.keys.sorted().map { Self.quoted($0) + ":" + (fields[$0]?.text ?? "null") }.joined(separator: ",") + "}"
    }
  }

  private static func quoted(_ string: String) -> String {
    var bytes: [UInt8] = []
    StreamingEncoder.appendString(string, to: &bytes)
    return String(decoding: bytes, as: UTF8.self)
  }
}

extension PicURL {
  /// Reads `{"thumbnail_pic": …}` with or without sizes, or a bare URL string.
  public init(from decoder: any Decoder) throws {
    if let single = try? decoder.singleValueContainer(), let url = try? single.decode(String.self) {
      self.init(thumbnailPic: url)
      return
    }
    let f = try WireFields(decoder)
    guard let thumbnail = f.string("thumbnail_pic") ?? f.string("bmiddle_pic") ?? f.string("original_pic")
      ?? f.string("url")
    else {
      throw DecodingError.keyNotFound(
        WireKey("thumbnail_pic"), .init(codingPath: decoder.codingPath, debugDescription: "a picture without a URL"))
    }
    self.init(
      thumbnailPic: thumbnail, bmiddlePic: f.string("bmiddle_pic"), originalPic: f.string("original_pic"),
      width: f.int("width"), height: f.int("height"), type: f.string("type"), isLong: f.bool("is_long"))
  }
}

extension Visibility {
  /// Reads `{"type":0,"list_id":0}` with numbers or numeric strings.
  public init(from decoder: any Decoder) throws {
    let f = try WireFields(decoder)
    self.init(type: f.int("type") ?? 0, listId: f.int64("list_id") ?? 0)
  }
}

extension User {
  /// Reads a user from the original service or Sparrow; only the id is required.
  public init(from decoder: any Decoder) throws {
    let f = try WireFields(decoder)
    let id = try f.id()
    let screenName = f.string("screen_name") ?? f.string("name") ?? ""
    let verifiedType = f.int("verified_type") ?? (f.bool("verified") == true ? 0 : -1)
    self.init(
      id: id, screenName: screenName, location: f.string("location") ?? "",
      description: f.string("description") ?? "", url: f.string("url") ?? "",
      profileImageUrl: f.string("profile_image_url") ?? "", avatarLarge: f.string("avatar_large") ?? "",
      avatarHd: f.string("avatar_hd") ?? "", gender: f.string("gender") ?? "n",
      followersCount: f.int("followers_count") ?? 0, friendsCount: f.int("friends_count") ?? 0,
      statusesCount: f.int("statuses_count") ?? 0,
      favouritesCount: f.int("favourites_count") ?? f.int("favorites_count") ?? 0,
      biFollowersCount: f.int("bi_followers_count") ?? 0, createdAt: f.string("created_at") ?? "",
      following: f.bool("following") ?? false, followMe: f.bool("follow_me") ?? false,
      verifiedType: verifiedType, verifiedReason: f.string("verified_reason") ?? "",
      mbtype: f.int("mbtype") ?? 0, mbrank: f.int("mbrank") ?? 0, urank: f.int("urank") ?? 0)
    idstr = f.string("idstr") ?? String(id)
    name = f.string("name") ?? screenName
    province = f.string("province") ?? ""
    city = f.string("city") ?? ""
    profileUrl = f.string("profile_url") ?? "u/\(id)"
    domain = f.string("domain") ?? ""
    weihao = f.string("weihao") ?? ""
    allowAllActMsg = f.bool("allow_all_act_msg") ?? true
    allowAllComment = f.bool("allow_all_comment") ?? true
    geoEnabled = f.bool("geo_enabled") ?? true
    verified = f.bool("verified") ?? (0..<200).contains(verifiedType)
    remark = f.string("remark") ?? ""
    onlineStatus = f.int("online_status") ?? 0
    lang = f.string("lang") ?? ""
    star = f.int("star") ?? 0
    status = f.value(Box<Status>.self, "status")
  }
}

extension Status {
  /// Reads a status from the original service or Sparrow; only the id is required.
  public init(from decoder: any Decoder) throws {
    let f = try WireFields(decoder)
    let id = try f.id()
    let text = f.string("text") ?? ""
    let thumbnail = f.string("thumbnail_pic")
    var pictures = f.list(PicURL.self, "pic_urls")
    // Old payloads carry only the first picture's fields.
    if pictures.isEmpty, !f.has("pic_urls"), let thumbnail, !thumbnail.isEmpty {
      pictures = [PicURL(thumbnailPic: thumbnail, bmiddlePic: f.string("bmiddle_pic"), originalPic: f.string("original_pic"))]
    }
    self.init(
      id: id, createdAt: f.string("created_at") ?? "", text: text, source: f.string("source") ?? "",
      user: f.value(User.self, "user"), picUrls: pictures, picIds: f.list(String.self, "pic_ids"),
      geo: f.value(Geo.self, "geo") ?? Geo(), retweetedStatus: f.value(Status.self, "retweeted_status"),
      repostsCount: f.int("reposts_count") ?? 0, commentsCount: f.int("comments_count") ?? 0,
      attitudesCount: f.int("attitudes_count") ?? 0, favorited: f.bool("favorited") ?? false,
      liked: f.bool("liked") ?? false, visible: f.value(Visibility.self, "visible") ?? Visibility())
    idstr = f.string("idstr") ?? String(id)
    mid = f.string("mid") ?? idstr
    if let length = f.int("text_length") { textLength = length }
    truncated = f.bool("truncated") ?? false
    inReplyToStatusId = f.string("in_reply_to_status_id") ?? ""
    inReplyToUserId = f.string("in_reply_to_user_id") ?? ""
    inReplyToScreenName = f.string("in_reply_to_screen_name") ?? ""
    thumbnailPic = thumbnail
    bmiddlePic = f.string("bmiddle_pic")
    originalPic = f.string("original_pic")
    uid = f.int64("uid")
    mlevel = f.int("mlevel") ?? 0
    // The original service sends annotations as objects; Sparrow models them as JSON text. The shared
    // decoder camel-cases nested keys too, so they are put back when the status's own (all snake_case)
    // keys show it did.
    let camelCased = f.container.allKeys.contains { $0.stringValue.contains(where: \.isUppercase) }
    annotations = f.value([JSONValue].self, "annotations").map { values in
      values.map { value in
        if case .string(let text) = value { return text }
        return (camelCased ? value.snakeCased : value).text
      }
    }
    deleted = f.string("deleted")
  }
}

extension Comment {
  /// Reads a comment; only the id is required.
  public init(from decoder: any Decoder) throws {
    let f = try WireFields(decoder)
    let id = try f.id()
    self.init(
      id: id, createdAt: f.string("created_at") ?? "", text: f.string("text") ?? "", source: f.string("source") ?? "",
      user: f.value(User.self, "user"), status: f.value(Status.self, "status"),
      replyComment: f.value(Comment.self, "reply_comment"))
    idstr = f.string("idstr") ?? String(id)
    mid = f.string("mid") ?? idstr
    hiddenByStaff = f.bool("hidden_by_staff")
  }
}

extension CursorList {
  /// Reads any of the lists; missing cursors and counts are 0.
  public init(from decoder: any Decoder) throws {
    let f = try WireFields(decoder)
    self.init(
      items: try Field.items(from: decoder), previousCursor: f.int64("previous_cursor") ?? 0,
      nextCursor: f.int64("next_cursor") ?? 0, totalNumber: f.int("total_number") ?? 0)
    hasvisible = f.bool("hasvisible") ?? false
    interval = f.int("interval") ?? 0
    marks = f.list(String.self, "marks")
  }

  /// Writes the fields this list carries, in the order Weibo writes them.
  public func encode(to encoder: any Encoder) throws {
    var c = encoder.container(keyedBy: WireKey.self)
    try c.encode(Field.wire(items), forKey: WireKey(Field.key))
    if Field.hasMarks { try c.encode(marks, forKey: WireKey("marks")) }
    if Field.hasVisible { try c.encode(hasvisible, forKey: WireKey("hasvisible")) }
    try c.encode(previousCursor, forKey: WireKey("previous_cursor"))
    try c.encode(nextCursor, forKey: WireKey("next_cursor"))
    try c.encode(totalNumber, forKey: WireKey("total_number"))
    if Field.hasInterval { try c.encode(interval, forKey: WireKey("interval")) }
  }
}

/// An id written as a JSON number or a numeric string.
package struct WireID: Decodable, Sendable, Equatable {
  package let value: Int64
  package init(from decoder: any Decoder) throws {
    let single = try decoder.singleValueContainer()
    if let value = try? single.decode(Int64.self) {
      self.value = value
    } else if let value = Int64(try single.decode(String.self)) {
      self.value = value
    } else {
      throw DecodingError.dataCorruptedError(in: single, debugDescription: "not an id")
    }
  }
}

extension Favorite.Tag {
  /// Reads `{id, tag, count}`.
  public init(from decoder: any Decoder) throws {
    let f = try WireFields(decoder)
    id = f.int64("id") ?? 0
    tag = f.string("tag") ?? ""
    count = f.int("count") ?? 0
  }
}

extension Favorite {
  /// Reads `{status, tags, favorited_time}`; the status is required.
  public init(from decoder: any Decoder) throws {
    let f = try WireFields(decoder)
    guard let key = f.key("status") else {
      throw DecodingError.keyNotFound(WireKey("status"), .init(codingPath: decoder.codingPath, debugDescription: "no status"))
    }
    self.init(status: try f.container.decode(Status.self, forKey: key), favoritedTime: f.string("favorited_time") ?? "")
    tags = f.list(Tag.self, "tags")
  }
}

extension FavoriteList {
  /// Reads `{favorites, total_number}`.
  public init(from decoder: any Decoder) throws {
    let f = try WireFields(decoder)
    self.init(favorites: f.list(Favorite.self, "favorites"), totalNumber: f.int("total_number") ?? 0)
    previousCursor = f.int64("previous_cursor") ?? 0
    nextCursor = f.int64("next_cursor") ?? 0
  }
}

extension Attitude {
  /// Reads a like; only the id is required.
  public init(from decoder: any Decoder) throws {
    let f = try WireFields(decoder)
    self.init(
      id: try f.id(), createdAt: f.string("created_at") ?? "", attitude: f.string("attitude") ?? "heart",
      source: f.string("source") ?? "", user: f.value(User.self, "user"), status: f.value(Status.self, "status"))
    lastAttitude = f.string("last_attitude") ?? ""
  }
}

extension StatusCount {
  /// Reads `{id, comments, reposts, attitudes}`; v1's `rt` stands for reposts.
  public init(from decoder: any Decoder) throws {
    let f = try WireFields(decoder)
    self.init(
      id: try f.id(), comments: f.int("comments") ?? 0, reposts: f.int("reposts") ?? f.int("rt") ?? 0,
      attitudes: f.int("attitudes") ?? 0)
  }
}

extension UserCounts {
  /// Reads one row of `users/counts`, whose sample prints numbers as strings.
  public init(from decoder: any Decoder) throws {
    let f = try WireFields(decoder)
    self.init(
      id: try f.id(), followersCount: f.int("followers_count") ?? 0, friendsCount: f.int("friends_count") ?? 0,
      statusesCount: f.int("statuses_count") ?? 0)
    privateFriendsCount = f.int("private_friends_count") ?? 0
  }
}

extension UnreadCount {
  /// Reads `remind/unread_count`; absent counters are 0.
  public init(from decoder: any Decoder) throws {
    let f = try WireFields(decoder)
    self.init(
      status: f.int("status") ?? 0, follower: f.int("follower") ?? 0, cmt: f.int("cmt") ?? 0,
      mentionStatus: f.int("mention_status") ?? 0, mentionCmt: f.int("mention_cmt") ?? 0,
      attitude: f.int("attitude") ?? 0)
    dm = f.int("dm") ?? 0
    group = f.int("group") ?? 0
    privateGroup = f.int("private_group") ?? 0
    notice = f.int("notice") ?? 0
    invite = f.int("invite") ?? 0
    badge = f.int("badge") ?? 0
    photo = f.int("photo") ?? 0
    msgbox = f.int("msgbox") ?? 0
  }
}

extension AccessToken {
  /// Reads a token with `expires_in` as a number or string and `uid` as a string or number.
  public init(from decoder: any Decoder) throws {
    let f = try WireFields(decoder)
    guard let token = f.string("access_token"), !token.isEmpty else {
      throw DecodingError.keyNotFound(
        WireKey("access_token"), .init(codingPath: decoder.codingPath, debugDescription: "no access_token"))
    }
    let expiresIn = f.int("expires_in") ?? f.int("remind_in") ?? 0
    self.init(accessToken: token, expiresIn: expiresIn, uid: f.string("uid") ?? "", refreshToken: f.string("refresh_token"))
    remindIn = f.string("remind_in") ?? String(expiresIn)
    isRealName = f.string("is_real_name") ?? f.string("isRealName") ?? "true"
  }
}

extension ErrorBody {
  /// Reads the error envelope with `error_code` as a number or numeric string; the code is required.
  public init(from decoder: any Decoder) throws {
    let f = try WireFields(decoder)
    guard let code = f.int("error_code") else {
      throw DecodingError.keyNotFound(
        WireKey("error_code"), .init(codingPath: decoder.codingPath, debugDescription: "no error_code"))
    }
    self.init(
      error: f.string("error") ?? "", errorCode: code, request: f.string("request") ?? "",
      errorDescription: f.string("error_description"), errorUri: f.string("error_uri"))
  }
}
