import Foundation

/// Types whose JSON is written by hand on the hot path: pages of statuses and users. Each writes
/// exactly what its `Codable` conformance writes (JSONWriterTests compares the two), without the
/// per-key cost of the Encoder protocol.
package protocol JSONFieldWriting {
  func writeJSON(_ out: inout JSONOutput)
}

/// A JSON byte buffer with an object writer that places commas.
package struct JSONOutput {
  package var bytes: [UInt8] = []

  package init() { bytes.reserveCapacity(16 * 1024) }
  package init(capacity: Int) { bytes.reserveCapacity(capacity) }

  /// Writes `{`, lets `body` add fields, writes `}`.
  package mutating func object(_ body: (inout Object) -> Void) {
    bytes.append(UInt8(ascii: "{"))
    // The buffer is swapped in and out, never copied: `self = object.out` kept a second reference while
    // `object` lived, so the `}` after it copied the whole response (each closing object, a page's worth).
    var object = Object(out: JSONOutput(capacity: 0))
    swap(&bytes, &object.out.bytes)
    body(&object)
    swap(&bytes, &object.out.bytes)
    bytes.append(UInt8(ascii: "}"))
  }

  package mutating func string(_ value: String) { StreamingEncoder.appendString(value, to: &bytes) }
  /// Digits written straight into the buffer (`String(value)` allocated for each of the page's numbers).
  package mutating func int<T: BinaryInteger>(_ value: T) {
    guard let value = Int64(exactly: value) else { return bytes.append(contentsOf: String(value).utf8) }
    if value < 0 { bytes.append(UInt8(ascii: "-")) }
    var rest = value.magnitude
    let start = bytes.count
    repeat {
      bytes.append(UInt8(ascii: "0") + UInt8(rest % 10))
      rest /= 10
    } while rest > 0
    bytes[start...].reverse()
  }
  package mutating func bool(_ value: Bool) { bytes.append(contentsOf: (value ? "true" : "false").utf8) }
  package mutating func null() { bytes.append(contentsOf: "null".utf8) }
  package mutating func double(_ value: Double) {
    if value == value.rounded(), abs(value) < 1e15 { int(Int64(value)) } else { bytes.append(contentsOf: "\(value)".utf8) }
  }

  /// Fields of one object.
  package struct Object {
    var out: JSONOutput
    var first = true

    mutating func key(_ name: StaticString) {
      if !first { out.bytes.append(UInt8(ascii: ",")) }
      first = false
      out.bytes.append(UInt8(ascii: "\""))
      name.withUTF8Buffer { out.bytes.append(contentsOf: $0) }
      out.bytes.append(UInt8(ascii: "\""))
      out.bytes.append(UInt8(ascii: ":"))
    }
    package mutating func field(_ name: StaticString, _ value: String) { key(name); out.string(value) }
    package mutating func field(_ name: StaticString, _ value: String?) { if let value { field(name, value) } }
    package mutating func field(_ name: StaticString, _ value: Int) { key(name); out.int(value) }
    package mutating func field(_ name: StaticString, _ value: Int64) { key(name); out.int(value) }
    package mutating func field(_ name: StaticString, _ value: Int64?) { if let value { field(name, value) } }
    package mutating func field(_ name: StaticString, _ value: Int?) { if let value { field(name, value) } }
    package mutating func field(_ name: StaticString, _ value: Bool) { key(name); out.bool(value) }
    package mutating func field(_ name: StaticString, _ value: Bool?) { if let value { field(name, value) } }
    /// An existential, not a generic: unspecialized across modules, unwrapping a generic optional asked the runtime
    /// for `Optional<T>`'s metadata at every field.
    package mutating func field(_ name: StaticString, _ value: (any JSONFieldWriting)?) {
      if let value { key(name); value.writeJSON(&out) }
    }
    package mutating func field(_ name: StaticString, _ values: [some JSONFieldWriting]) {
      key(name)
      out.array(values) { $1.writeJSON(&$0) }
    }
    package mutating func field(_ name: StaticString, _ values: [String]) {
      key(name)
      out.array(values) { $0.string($1) }
    }
    package mutating func field(_ name: StaticString, _ values: [String]?) { if let values { field(name, values) } }
    package mutating func raw(_ name: StaticString, _ write: (inout JSONOutput) -> Void) { key(name); write(&out) }
  }

  /// Writes what `write` writes, or, when `key` was written before into this output (`written` keeps where), a copy
  /// of those bytes. Fifty likes or comments to one person carry their same few statuses over and over (15 and 18
  /// of 50 distinct in the benchmark's), each written from its templates again (`attitudes/to_me` 1.06 without it).
  /// `written` holds places in this output's bytes, so it goes with this output alone.
  package mutating func repeating(_ key: Int64, in written: inout [Int64: Range<Int>], _ write: (inout JSONOutput) -> Void) {
    guard let range = written[key] else {
      let start = bytes.count
      write(&self)
      written[key] = start..<bytes.count
      return
    }
    // Copied within the one buffer: `append(contentsOf: bytes[range])` would share it and copy the whole output.
    let start = bytes.count
    bytes.append(contentsOf: repeatElement(0, count: range.count))
    bytes.withUnsafeMutableBufferPointer { buffer in
      guard let base = buffer.baseAddress else { return }
      (base + start).update(from: base + range.lowerBound, count: range.count)
    }
  }

  /// By index: called from other modules this runs unspecialized, and `enumerated()`'s iterator asked the runtime
  /// for its tuple's metadata at every element (a tenth of `mastodon notifications`).
  package mutating func array<T>(_ values: [T], _ write: (inout JSONOutput, T) -> Void) {
    bytes.append(UInt8(ascii: "["))
    for index in 0..<values.count {
      if index > 0 { bytes.append(UInt8(ascii: ",")) }
      write(&self, values[index])
    }
    bytes.append(UInt8(ascii: "]"))
  }
}

extension Box: JSONFieldWriting where Value: JSONFieldWriting {
  package func writeJSON(_ out: inout JSONOutput) { value.writeJSON(&out) }
}

extension PicURL: JSONFieldWriting {
  package func writeJSON(_ out: inout JSONOutput) {
    out.object { o in
      o.field("thumbnail_pic", thumbnailPic)
      o.field("bmiddle_pic", bmiddlePic)
      o.field("original_pic", originalPic)
      o.field("width", width)
      o.field("height", height)
      o.field("type", type)
      o.field("is_long", isLong)
    }
  }
}

extension Geo: JSONFieldWriting {
  package func writeJSON(_ out: inout JSONOutput) {
    guard let coordinates else { return out.null() }
    out.object { o in
      o.field("type", "Point")
      o.raw("coordinates") { $0.array(coordinates) { $0.double($1) } }
    }
  }
}

extension Visibility: JSONFieldWriting {
  package func writeJSON(_ out: inout JSONOutput) {
    out.object { o in
      o.field("type", type)
      o.field("list_id", listId)
    }
  }
}

extension User: JSONFieldWriting {
  package func writeJSON(_ out: inout JSONOutput) {
    out.object { o in
      writeLeadingFields(&o)
      o.field("following", following)
      o.field("follow_me", followMe)
      writeTrailingFields(&o)
    }
  }

  // The fields around the viewer's two (`following`, `follow_me`); `UserJSONTemplate` writes them ahead.
  func writeLeadingFields(_ o: inout JSONOutput.Object) {
    o.field("id", id)
    o.field("idstr", idstr)
    o.field("screen_name", screenName)
    o.field("name", name)
    o.field("province", province)
    o.field("city", city)
    o.field("location", location)
    o.field("description", description)
    o.field("url", url)
    o.field("profile_image_url", profileImageUrl)
    o.field("avatar_large", avatarLarge)
    o.field("avatar_hd", avatarHd)
    o.field("profile_url", profileUrl)
    o.field("domain", domain)
    o.field("weihao", weihao)
    o.field("gender", gender)
    o.field("followers_count", followersCount)
    o.field("friends_count", friendsCount)
    o.field("statuses_count", statusesCount)
    o.field("favourites_count", favouritesCount)
    o.field("bi_followers_count", biFollowersCount)
    o.field("created_at", createdAt)
  }

  func writeTrailingFields(_ o: inout JSONOutput.Object) {
    o.field("allow_all_act_msg", allowAllActMsg)
    o.field("allow_all_comment", allowAllComment)
    o.field("geo_enabled", geoEnabled)
    o.field("verified", verified)
    o.field("verified_type", verifiedType)
    o.field("verified_reason", verifiedReason)
    o.field("remark", remark)
    o.field("online_status", onlineStatus)
    o.field("lang", lang)
    o.field("mbtype", mbtype)
    o.field("mbrank", mbrank)
    o.field("urank", urank)
    o.field("star", star)
    o.field("status", status)
  }
}

extension Status: JSONFieldWriting {
  package func writeJSON(_ out: inout JSONOutput) {
    out.object { o in
      writeOpeningFields(&o)
      o.field("favorited", favorited)
      writeMiddleFields(&o)
      o.field("user", user)
      o.field("uid", uid)
      o.field("retweeted_status", retweetedStatus)
      writeCounts(&o)
      o.field("liked", liked)
      writeClosingFields(&o)
    }
  }

  // The fields between the viewer's and the nested objects; `StatusJSONTemplate` writes them ahead.
  func writeOpeningFields(_ o: inout JSONOutput.Object) {
    o.field("created_at", createdAt)
    o.field("id", id)
    o.field("idstr", idstr)
    o.field("mid", mid)
    o.field("text", text)
    o.field("text_length", textLength)
    o.field("source", source)
  }

  func writeMiddleFields(_ o: inout JSONOutput.Object) {
    o.field("truncated", truncated)
    o.field("in_reply_to_status_id", inReplyToStatusId)
    o.field("in_reply_to_user_id", inReplyToUserId)
    o.field("in_reply_to_screen_name", inReplyToScreenName)
    o.field("thumbnail_pic", thumbnailPic)
    o.field("bmiddle_pic", bmiddlePic)
    o.field("original_pic", originalPic)
    o.field("pic_urls", picUrls)
    o.field("pic_ids", picIds)
    o.raw("geo") { geo.writeJSON(&$0) }
  }

  func writeCounts(_ o: inout JSONOutput.Object) {
    o.field("reposts_count", repostsCount)
    o.field("comments_count", commentsCount)
    o.field("attitudes_count", attitudesCount)
  }

  func writeClosingFields(_ o: inout JSONOutput.Object) {
    o.field("mlevel", mlevel)
    o.field("visible", visible)
    o.field("annotations", annotations)
    o.field("deleted", deleted)
  }
}

extension Comment: JSONFieldWriting {
  package func writeJSON(_ out: inout JSONOutput) {
    out.object { o in
      o.field("created_at", createdAt)
      o.field("id", id)
      o.field("idstr", idstr)
      o.field("mid", mid)
      o.field("text", text)
      o.field("source", source)
      o.field("user", user)
      o.field("status", status)
      o.field("reply_comment", replyComment)
      o.field("hidden_by_staff", hiddenByStaff)
    }
  }
}

extension StatusList: JSONFieldWriting {
  package func writeJSON(_ out: inout JSONOutput) {
    Self.writeJSON(
      &out, hasvisible: hasvisible, previousCursor: previousCursor, nextCursor: nextCursor, totalNumber: totalNumber,
      interval: interval
    ) { out in out.array(statuses) { $1.writeJSON(&$0) } }
  }

  /// The envelope, with the `statuses` array written by `statuses` (from templates, say).
  package static func writeJSON(
    _ out: inout JSONOutput, hasvisible: Bool = false, previousCursor: Int64, nextCursor: Int64, totalNumber: Int,
    interval: Int = 0, statuses: (inout JSONOutput) -> Void
  ) {
    out.object { o in
      o.raw("statuses", statuses)
      o.field("hasvisible", hasvisible)
      o.field("previous_cursor", previousCursor)
      o.field("next_cursor", nextCursor)
      o.field("total_number", totalNumber)
      o.field("interval", interval)
    }
  }
}

extension RepostList {
  /// The envelope `encode(to:)` writes, with the `reposts` array written by `reposts` (from templates, say).
  package static func writeJSON(_ out: inout JSONOutput, nextCursor: Int64, totalNumber: Int, reposts: (inout JSONOutput) -> Void) {
    out.object { o in
      o.raw("reposts", reposts)
      o.field("hasvisible", false)
      o.field("previous_cursor", Int64(0))
      o.field("next_cursor", nextCursor)
      o.field("total_number", totalNumber)
    }
  }
}

extension FavoriteList {
  /// The envelope `encode(to:)` writes, with the `favorites` array written by `favorites` (from templates, say).
  package static func writeJSON(_ out: inout JSONOutput, totalNumber: Int, favorites: (inout JSONOutput) -> Void) {
    out.object { o in
      o.raw("favorites", favorites)
      o.field("total_number", totalNumber)
      o.field("previous_cursor", Int64(0))
      o.field("next_cursor", Int64(0))
    }
  }
}

extension Favorite {
  /// One favourite as `encode(to:)` writes it (no tags), with its `status` written by `status`.
  package static func writeJSON(_ out: inout JSONOutput, favoritedTime: String, status: (inout JSONOutput) -> Void) {
    out.object { o in
      o.raw("status", status)
      o.raw("tags") { $0.bytes.append(contentsOf: "[]".utf8) }
      o.field("favorited_time", favoritedTime)
    }
  }
}

extension AttitudeList {
  /// The envelope `encode(to:)` writes, with the `attitudes` array written by `attitudes` (from templates, say).
  package static func writeJSON(
    _ out: inout JSONOutput, nextCursor: Int64, totalNumber: Int, attitudes: (inout JSONOutput) -> Void
  ) {
    out.object { o in
      o.raw("attitudes", attitudes)
      o.field("hasvisible", false)
      o.field("previous_cursor", Int64(0))
      o.field("next_cursor", nextCursor)
      o.field("total_number", totalNumber)
    }
  }
}

extension Attitude {
  /// One like as `encode(to:)` writes it, its `user` and `status` written by `parts` (`o.raw("user")`,
  /// `o.raw("status")`, each left out when nil, as `encode(to:)` leaves out a nil one).
  /// `source` is written JSON (`JSONFragment(string:)`): a page of likes shows one client, escaped once.
  /// `parts` is not kept, so it captures nothing on the heap: optional closures, which escape, copied the page's
  /// context into two boxes for each like (retaining and releasing was two fifths of writing the list in `perf`).
  package static func writeJSON(
    _ out: inout JSONOutput, id: Int64, createdAt: String, attitude: String, source: JSONFragment,
    parts: (inout JSONOutput.Object) -> Void
  ) {
    out.object { o in
      o.field("id", id)
      o.field("created_at", createdAt)
      o.field("attitude", attitude)
      o.field("last_attitude", "")
      o.field("source", source)
      parts(&o)
    }
  }
}

extension UserList {
  /// The envelope `encode(to:)` writes, with the `users` array written by `users` (from templates, say).
  package static func writeJSON(
    _ out: inout JSONOutput, previousCursor: Int64, nextCursor: Int64, totalNumber: Int, users: (inout JSONOutput) -> Void
  ) {
    out.object { o in
      o.raw("users", users)
      o.field("previous_cursor", previousCursor)
      o.field("next_cursor", nextCursor)
      o.field("total_number", totalNumber)
    }
  }
}

extension CommentList {
  /// The envelope `encode(to:)` writes, with the `comments` array written by `comments` (from templates, say).
  package static func writeJSON(
    _ out: inout JSONOutput, previousCursor: Int64, nextCursor: Int64, totalNumber: Int,
    comments: (inout JSONOutput) -> Void
  ) {
    out.object { o in
      o.raw("comments", comments)
      o.field("marks", [String]())
      o.field("hasvisible", false)
      o.field("previous_cursor", previousCursor)
      o.field("next_cursor", nextCursor)
      o.field("total_number", totalNumber)
    }
  }
}
