import Foundation

/// A status's JSON written ahead, cut where the per-viewer values go (`favorited`, `liked`) and where
/// the nested objects go (`user` or `uid`, `retweeted_status`), so a server can keep it across requests
/// and viewers. Writing it with a viewer's values gives exactly the bytes `Status.writeJSON` gives.
public struct StatusJSONTemplate: Sendable {
  /// `{"created_at":…,"source":…,"favorited":`
  let opening: [UInt8]
  /// `,"truncated":…,"geo":…`
  let middle: [UInt8]
  /// `,"reposts_count":…,"attitudes_count":…,"liked":`
  let counts: [UInt8]
  /// `,"mlevel":…}`
  let closing: [UInt8]

  /// Every field of `status` but the per-viewer and nested ones, which `write` takes instead.
  public init(_ status: Status) {
    var o = JSONOutput.Object(out: JSONOutput(capacity: 1024))
    o.out.bytes.append(UInt8(ascii: "{"))
    status.writeOpeningFields(&o)
    o.key("favorited")
    opening = o.cut()
    status.writeMiddleFields(&o)
    middle = o.cut()
    status.writeCounts(&o)
    o.key("liked")
    counts = o.cut()
    status.writeClosingFields(&o)
    o.out.bytes.append(UInt8(ascii: "}"))
    closing = o.cut()
  }

  /// Writes the status for one viewer; `user` writes the author, `retweeted` the original of a repost.
  public func write(
    _ out: inout JSONOutput, favorited: Bool, liked: Bool, user: Nested = .none, uid: Int64? = nil,
    retweeted: Nested = .none
  ) {
    out.bytes.append(contentsOf: opening)
    out.bool(favorited)
    out.bytes.append(contentsOf: middle)
    // The nested fields go through `Object` for their keys and commas; swapping moves the buffer, uncopied.
    var o = JSONOutput.Object(out: JSONOutput(capacity: 0), first: false)
    swap(&o.out, &out)
    if case .some(let write) = user { o.raw("user", write) }
    o.field("uid", uid)
    if case .some(let write) = retweeted { o.raw("retweeted_status", write) }
    swap(&o.out, &out)
    out.bytes.append(contentsOf: counts)
    out.bool(liked)
    out.bytes.append(contentsOf: closing)
  }

  /// A nested object, or none (the key is left out, as for a nil optional).
  public enum Nested {
    case none
    case some((inout JSONOutput) -> Void)
  }
}

/// A user's JSON written ahead, cut where the viewer's `following` and `follow_me` go.
public struct UserJSONTemplate: Sendable {
  /// `{"id":…,"created_at":…,"following":`
  let opening: [UInt8]
  /// `,"allow_all_act_msg":…}`
  let closing: [UInt8]

  public init(_ user: User) {
    var o = JSONOutput.Object(out: JSONOutput(capacity: 1024))
    o.out.bytes.append(UInt8(ascii: "{"))
    user.writeLeadingFields(&o)
    o.key("following")
    opening = o.cut()
    // `follow_me` is written by `write`; what follows it starts with a comma.
    user.writeTrailingFields(&o)
    o.out.bytes.append(UInt8(ascii: "}"))
    closing = o.cut()
  }

  public func write(_ out: inout JSONOutput, following: Bool, followMe: Bool) {
    out.bytes.append(contentsOf: opening)
    out.bool(following)
    out.bytes.append(contentsOf: Self.followMeKey)
    out.bool(followMe)
    out.bytes.append(contentsOf: closing)
  }

  private static let followMeKey = Array(#","follow_me":"#.utf8)
}

extension JSONOutput.Object {
  /// The bytes written so far, leaving the buffer empty and the object open.
  mutating func cut() -> [UInt8] {
    let bytes = out.bytes
    out.bytes.removeAll(keepingCapacity: true)
    return bytes
  }
}
