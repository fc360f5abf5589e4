import Foundation

/// A status's JSON written ahead, cut where the per-viewer values go (`favorited`, `liked`) and where
/// the nested objects go (`user` or `uid`, `retweeted_status`), so a server can keep it across requests
/// and viewers. Written with a viewer's values, in order, it gives exactly the bytes `Status.writeJSON`
/// gives:
///
///     template.writeStart(&out, favorited: …)       // up to and including `geo`
///     StatusJSONTemplate.writeKey(.user, &out)      // then the author (or nothing, or `writeUID`)
///     StatusJSONTemplate.writeKey(.retweetedStatus, &out)  // then the original (reposts only)
///     template.writeEnd(&out, liked: …)
///
/// (Plain calls rather than closures: a timeline page writes dozens of these, and closures capturing
/// the page's context cost more than the copying.)
package struct StatusJSONTemplate: Sendable {
  /// `{"created_at":…,"favorited":` · `,"truncated":…,"geo":…` · `,"reposts_count":…,"liked":` · `,"mlevel":…}`
  let bytes: [UInt8]
  /// Where the second, third and fourth pieces start.
  let middle: Int, counts: Int, closing: Int

  /// Every field of `status` but the per-viewer and nested ones, which the writer adds.
  package init(_ status: Status) {
    var o = JSONOutput.Object(out: JSONOutput(capacity: 1024))
    o.out.bytes.append(UInt8(ascii: "{"))
    status.writeOpeningFields(&o)
    o.key("favorited")
    middle = o.out.bytes.count
    status.writeMiddleFields(&o)
    counts = o.out.bytes.count
    status.writeCounts(&o)
    o.key("liked")
    closing = o.out.bytes.count
    status.writeClosingFields(&o)
    o.out.bytes.append(UInt8(ascii: "}"))
    bytes = o.out.bytes
  }

  /// Opens the status and writes everything up to the nested objects.
  package func writeStart(_ out: inout JSONOutput, favorited: Bool) {
    out.bytes.append(contentsOf: bytes[..<middle])
    out.bool(favorited)
    out.bytes.append(contentsOf: bytes[middle..<counts])
  }

  /// Writes the counts, the viewer's `liked` and the rest, and closes the status.
  package func writeEnd(_ out: inout JSONOutput, liked: Bool) {
    out.bytes.append(contentsOf: bytes[counts..<closing])
    out.bool(liked)
    out.bytes.append(contentsOf: bytes[closing...])
  }

  /// The nested objects, in the order they must be written.
  package enum NestedKey: Sendable {
    case user, retweetedStatus
  }

  /// `,"user":` or `,"retweeted_status":`; the object itself follows.
  package static func writeKey(_ key: NestedKey, _ out: inout JSONOutput) {
    switch key {
    case .user: out.bytes.append(contentsOf: userKey)
    case .retweetedStatus: out.bytes.append(contentsOf: retweetedKey)
    }
  }

  /// `,"uid":…`, written in place of the user with `trim_user`.
  package static func writeUID(_ uid: Int64, _ out: inout JSONOutput) {
    out.bytes.append(contentsOf: uidKey)
    out.int(uid)
  }

  private static let userKey = Array(#","user":"#.utf8)
  private static let uidKey = Array(#","uid":"#.utf8)
  private static let retweetedKey = Array(#","retweeted_status":"#.utf8)
}

/// A user's JSON written ahead, cut where the viewer's `following` and `follow_me` go.
package struct UserJSONTemplate: Sendable {
  /// `{"id":…,"created_at":…,"following":` · `,"allow_all_act_msg":…}`
  let bytes: [UInt8]
  let closing: Int

  package init(_ user: User) {
    var o = JSONOutput.Object(out: JSONOutput(capacity: 1024))
    o.out.bytes.append(UInt8(ascii: "{"))
    user.writeLeadingFields(&o)
    o.key("following")
    closing = o.out.bytes.count
    // `follow_me` is written by `write`; what follows it starts with a comma.
    user.writeTrailingFields(&o)
    o.out.bytes.append(UInt8(ascii: "}"))
    bytes = o.out.bytes
  }

  package func write(_ out: inout JSONOutput, following: Bool, followMe: Bool) {
    out.bytes.append(contentsOf: bytes[..<closing])
    out.bool(following)
    out.bytes.append(contentsOf: Self.followMeKey)
    out.bool(followMe)
    out.bytes.append(contentsOf: bytes[closing...])
  }

  private static let followMeKey = Array(#","follow_me":"#.utf8)
}
