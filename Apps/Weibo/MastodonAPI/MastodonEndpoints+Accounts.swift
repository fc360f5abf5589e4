import Foundation
import Hummingbird
import SparrowCore
import SparrowPlatform
import SparrowStore
import WeiboStore

/// `/api/v1/accounts/…`: the signed-in account, profiles, their statuses and follows, relationships.
extension MastodonEndpoints {
  /// A profile's note, as Mastodon limits it.
  static let noteLimit = TextLimit(500)

  func registerAccounts(_ table: inout MastodonTable) {
    table.add(.get, path: "v1/accounts/verify_credentials", scope: .mastodonProfile) { call in
      try json(presenter(call).account(try await me(call), withSource: true))
    }
    table.add(.patch, .post, path: "v1/accounts/update_credentials", bodyLimit: MastodonAPI.uploadLimit,
              scope: .writeAccounts) { call in try await updateCredentials(call) }
    table.add(.get, path: "v1/accounts/lookup", auth: .optionalToken, scope: .readAccounts) { call in
      guard let acct = call.params["acct"] else { throw MastodonError(.badRequest, "Missing parameter: acct") }
      // `name@this.host` is this server's `name`; another server's account is none of ours.
      let parts = acct.split(separator: "@", omittingEmptySubsequences: true)
      guard parts.count == 1 || (parts.count == 2 && parts[1] == host),
        let user = try await store.user(screenName: String(parts[0]))
      else { throw MastodonError.notFound }
      return try json(presenter(call).account(user))
    }
    table.add(.get, path: "v1/accounts/search", scope: .readAccounts) { call in
      guard let q = call.params["q"]?.trimmingCharacters(in: .whitespaces), !q.isEmpty else { return try json([Account]()) }
      let found = try await searchAccounts(q, limit: call.limit(default: 40, max: 80))
      return jsonResponse(presenter(call).accountsJSON(found.map(\.id), Dictionary(found.map { ($0.id, $0) }) { a, _ in a }))
    }
    table.add(.get, path: "v1/accounts/relationships", scope: .readFollows) { call in
      let ids = try (call.params.all("id[]") + call.params.all("id")).prefix(100).map { text -> Int64 in
        guard let id = Int64(text) else { throw MastodonError.invalid("id is not an id") }
        return id
      }
      return try json(try await relationships(of: try call.me(), with: ids))
    }
    table.add(.get, path: "v1/accounts/{id}", auth: .optionalToken, scope: .readAccounts) { call in
      guard let user = try await store.user(id: try call.id()) else { throw MastodonError.notFound }
      return try json(presenter(call).account(user))
    }
    table.add(.get, path: "v1/accounts/{id}/statuses", auth: .optionalToken, scope: .readStatuses) { call in
      let id = try call.id()
      guard try await store.user(id: id) != nil else { throw MastodonError.notFound }
      // Pinned statuses: Sparrow pins none. Replies (评论) are never in a profile's statuses.
      if call.flag("pinned") { return try json([Status]()) }
      let feature: StatusFeature = call.flag("only_media") ? .picture : call.flag("exclude_reblogs") ? .original : .all
      return try await timeline(call, .user(id, viewer: call.viewer), feature: feature)
    }
    table.add(.get, path: "v1/accounts/{id}/followers", auth: .optionalToken, scope: .readAccounts) { call in
      try await follows(call, followers: true)
    }
    table.add(.get, path: "v1/accounts/{id}/following", auth: .optionalToken, scope: .readAccounts) { call in
      try await follows(call, followers: false)
    }
    table.add(.post, path: "v1/accounts/{id}/follow", limit: "follow", scope: .writeFollows) { call in
      let me = try call.me(), id = try call.id()
      guard id != me else { throw MastodonError.invalid("you cannot follow yourself") }
      guard try await store.user(id: id) != nil else { throw MastodonError.notFound }
      do {
        try await store.follow(follower: me, followee: id, id: deps.ids.next(at: call.now), at: call.now)
      } catch StoreError.conflict {}  // already following: Mastodon answers the relationship as it is
      return try json(try await relationships(of: me, with: [id])[0])
    }
    table.add(.post, path: "v1/accounts/{id}/unfollow", scope: .writeFollows) { call in
      let me = try call.me(), id = try call.id()
      guard try await store.user(id: id) != nil else { throw MastodonError.notFound }
      do { try await store.unfollow(follower: me, followee: id) } catch StoreError.notFound {}
      return try json(try await relationships(of: me, with: [id])[0])
    }
  }

  /// The caller's own row.
  func me(_ call: MastodonCall) async throws -> UserRecord {
    guard let user = try await store.user(id: try call.me()) else { throw MastodonError.unauthorized }
    return user
  }

  /// People by name: `name` or `name@this.host` first, exactly, then those whose name contains it.
  func searchAccounts(_ q: String, limit: Int) async throws -> [UserRecord] {
    let name = q.hasPrefix("@") ? String(q.dropFirst()) : q
    let bare = name.split(separator: "@").first.map(String.init) ?? name
    guard !bare.isEmpty else { return [] }
    return try await store.searchUsers(String(TextLimit(30).prefix(bare)), limit: limit)
  }

  /// Where `me` stands with each of `ids` that exists, in order: follows both ways, `me`'s blocks and mutes. Who
  /// blocked `me` is not told (`blocked_by` is false), as the Weibo API answers such a person only "privacy".
  func relationships(of me: Int64, with ids: [Int64]) async throws -> [Relationship] {
    let users = try await store.users(ids: ids)
    let found = ids.filter { users[$0] != nil }
    guard !found.isEmpty else { return [] }
    let ties = try await store.ties(me, among: found)
    return found.map { id in
      Relationship(
        id: String(id), following: ties.following.contains(id), showingReblogs: ties.following.contains(id), notifying: false,
        followedBy: ties.followers.contains(id), blocking: ties.blocking.contains(id), blockedBy: false,
        muting: ties.muting.contains(id), mutingNotifications: ties.muting.contains(id), requested: false, requestedBy: false,
        domainBlocking: false, endorsed: false, note: "")
    }
  }

  /// A follow list, newest follow first. Follows carry no id a client could page by, so `max_id` in the `Link` is
  /// the offset of the next page.
  func follows(_ call: MastodonCall, followers: Bool) async throws -> Response {
    let id = try call.id()
    guard try await store.user(id: id) != nil else { throw MastodonError.notFound }
    let limit = call.limit(default: 40, max: 80)
    let offset = Int(call.params["max_id"] ?? "0").map { max($0, 0) } ?? 0
    let (ids, next) = try await (followers
      ? store.followerIDs(of: id, offset: offset, limit: limit + 1)
      : store.friendIDs(of: id, offset: offset, limit: limit + 1)).splitPage(limit)
    var response = jsonResponse(try await presenter(call).accountsJSON(ids: ids))
    if next != nil {
      let kept = call.params.values.filter { $0.key != "max_id" && $0.key != "access_token" }.sorted { $0.key < $1.key }
        .flatMap { key, values in values.map { (key, $0) } }
      let url = "\(baseURL)\(call.path)?" + FormEncoding.encode(pairs: kept + [("max_id", String(offset + limit))])
      response.headers[.init("Link")!] = "<\(url)>; rel=\"next\""
    }
    return response
  }

  /// `update_credentials`: the note (个人简介) and the avatar. The display name is the account's name on Sparrow,
  /// which other people @ and which is changed nowhere else either: a different one is refused, not ignored.
  func updateCredentials(_ call: MastodonCall) async throws -> Response {
    var user = try await me(call)
    if let name = call.params.all("display_name").last, !name.isEmpty, name != user.screenName {
      throw MastodonError.invalid("display_name is the account's name on Sparrow and cannot be changed here")
    }
    if let note = call.params.all("note").last {
      switch Self.noteLimit.check(note) {
      case .fits: user.description = note.replacingOccurrences(of: "\r\n", with: "\n")
      case .tooLong, .tooHeavy: throw MastodonError.invalid("note is too long (at most 500 characters)")
      }
    }
    if let file = call.params.file("avatar") {
      let picture = try await pictures.ingest(
        Data(file.data.readableBytesView), sizes: PictureLibrary.Size.avatar, at: call.now, by: user.id)
      user.avatar = picture.fileName
    }
    try await store.updateUser(user)
    return try json(presenter(call).account(user, withSource: true))
  }
}
