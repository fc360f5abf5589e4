import Foundation
import SparrowPlatform
import Hummingbird
import SparrowCore
import SparrowStore
import WeiboStore

/// `/2/users/*`, `/2/account/*` and `/2/friendships/*`.
struct UsersController: Sendable {
  let deps: WeiboDependencies
  let pictures: PictureLibrary
  /// The statuses' templates, whose users the follow lists share.
  let templates: JSONTemplates

  /// The user named by `uid` or `screen_name`; nil when neither is given; 20003 when there is no such user.
  static func target(_ call: APICall, store: any WeiboStore, idKey: String = "uid", nameKey: String = "screen_name")
    async throws -> Int64?
  {
    if call.params[idKey] != nil {
      let id = try call.params.id(idKey, missing: EnvelopeError.missing(idKey))
      guard try await store.user(id: id) != nil else { throw EnvelopeError.userNotFound }
      return id
    }
    if let name = call.params[nameKey] {
      guard let user = try await store.user(screenName: name) else { throw EnvelopeError.userNotFound }
      return user.id
    }
    return nil
  }

  func presenter(_ call: APICall) -> Presenter {
    Presenter(store: deps.store, baseURL: deps.config.publicURL, viewer: call.caller.userID)
  }

  func register(_ table: inout APITable) {
    table.get("users/show") { call in
      guard let id = try await Self.target(call, store: deps.store) else { throw EnvelopeError.missing("uid") }
      guard let record = try await deps.store.user(id: id) else { throw EnvelopeError.userNotFound }
      return try json(try await presenter(call).userWithStatus(record))
    }
    table.get("users/counts") { call in
      let ids = try call.params.ids("uids", max: 100)
      let users = try await deps.store.users(ids: ids)
      return try json(ids.compactMap { id in
        users[id].map {
          UserCounts(id: id, followersCount: $0.followersCount, friendsCount: $0.friendsCount,
                     statusesCount: $0.statusesCount(seenBy: call.caller.userID))
        }
      })
    }
    table.upload("account/avatar/upload") { call in
      guard let file = call.params.file("image") ?? call.params.file("pic") else { throw EnvelopeError.imageMissing }
      let picture = try await pictures.ingest(
        Data(file.data.readableBytesView), sizes: PictureLibrary.Size.avatar, at: call.now, by: call.caller.userID)
      guard var user = try await deps.store.user(id: call.caller.userID) else { throw EnvelopeError.userNotFound }
      user.avatar = picture.fileName
      try await deps.store.updateUser(user)
      return try json(try await presenter(call).users([user])[0])
    }
    table.get("account/get_uid") { call in
      return try json(AccountUID(uid: call.caller.userID))
    }
    table.get("friendships/friends") { try await userList($0, followers: false) }
    table.get("friendships/followers") { try await userList($0, followers: true) }
    table.get("friendships/friends/ids") { try await idList($0, followers: false) }
    table.get("friendships/followers/ids") { try await idList($0, followers: true) }
    table.get("friendships/show") { try await show($0) }
    table.post("friendships/create", limit: "follow") { call in
      let target = try await followTarget(call)
      guard target.id != call.caller.userID else { throw EnvelopeError.followSelf }
      do {
        try await deps.store.follow(
          follower: call.caller.userID, followee: target.id, id: deps.ids.next(at: call.now), at: call.now)
      } catch StoreError.conflict {
        throw EnvelopeError.alreadyFollowed
      } catch StoreError.notFound {
        throw EnvelopeError.userNotFound
      }
      return try await presentFresh(target.id, call)
    }
    table.post("friendships/destroy") { call in
      let target = try await followTarget(call)
      guard target.id != call.caller.userID else { throw EnvelopeError.notFollowed }
      do {
        try await deps.store.unfollow(follower: call.caller.userID, followee: target.id)
      } catch StoreError.notFound {
        throw EnvelopeError.notFollowed
      }
      return try await presentFresh(target.id, call)
    }
  }

  private func followTarget(_ call: APICall) async throws -> UserRecord {
    guard let id = try await Self.target(call, store: deps.store) else { throw EnvelopeError.targetMissing }
    guard let user = try await deps.store.user(id: id) else { throw EnvelopeError.userNotFound }
    return user
  }

  func presentFresh(_ id: Int64, _ call: APICall) async throws -> Response {
    guard let record = try await deps.store.user(id: id) else { throw EnvelopeError.userNotFound }
    return try json(try await presenter(call).users([record])[0])
  }

  /// Cursor paging over a follow list: `cursor` is an offset, `next_cursor` the next one or 0.
  private func window(_ call: APICall, followers: Bool, defaultCount: Int, maxCount: Int) async throws
    -> (user: UserRecord, ids: [Int64], next: Int64, previous: Int64)
  {
    let id = try await Self.target(call, store: deps.store) ?? call.caller.userID
    guard let user = try await deps.store.user(id: id) else { throw EnvelopeError.userNotFound }
    let count = min(max(try call.params.int("count", default: defaultCount), 1), maxCount)
    let cursor = try call.params.int("cursor", default: 0)
    guard cursor >= 0 else { throw EnvelopeError.badParameter("cursor", expected: "int >= 0", got: String(cursor)) }
    let (ids, following) = try await (followers
      ? deps.store.followerIDs(of: id, offset: cursor, limit: count + 1)
      : deps.store.friendIDs(of: id, offset: cursor, limit: count + 1)).splitPage(count)
    return (user, ids, following == nil ? 0 : Int64(cursor + count), Int64(max(cursor - count, 0)))
  }

  private func userList(_ call: APICall, followers: Bool) async throws -> Response {
    let (user, ids, next, previous) = try await window(call, followers: followers, defaultCount: 50, maxCount: 200)
    let found = try await deps.store.users(ids: ids)
    let records = ids.compactMap { found[$0] }
    let viewer = call.caller.userID
    // A visitor (viewer 0) has no ties to read.
    let ties = viewer == 0 || records.isEmpty ? Ties() : try await deps.store.ties(viewer, among: records.map(\.id))
    // The same JSON as `UserList` of the users, written from templates (see `writeUsers`).
    var out = JSONOutput(capacity: 1024 * records.count + 256)
    let total = followers ? user.followersCount : user.friendsCount
    UserList.writeJSON(&out, previousCursor: previous, nextCursor: next, totalNumber: total) { out in
      presenter(call).writeUsers(records, ties: ties, templates: templates, into: &out)
    }
    return jsonResponse(out.bytes)
  }

  private func idList(_ call: APICall, followers: Bool) async throws -> Response {
    let (user, ids, next, previous) = try await window(call, followers: followers, defaultCount: 500, maxCount: 5000)
    let total = followers ? user.followersCount : user.friendsCount
    return try json(IDList(ids: ids, previousCursor: previous, nextCursor: next, totalNumber: total))
  }

  private func show(_ call: APICall) async throws -> Response {
    let sourceID = try await Self.target(call, store: deps.store, idKey: "source_id", nameKey: "source_screen_name")
      ?? call.caller.userID
    guard let targetID = try await Self.target(call, store: deps.store, idKey: "target_id", nameKey: "target_screen_name")
    else { throw EnvelopeError.missing("target_id") }
    let users = try await deps.store.users(ids: [sourceID, targetID])
    guard let source = users[sourceID], let target = users[targetID] else { throw EnvelopeError.friendshipUserMissing }
    let ties = try await deps.store.ties(sourceID, among: [targetID])
    let (sourceFollows, targetFollows) = (ties.following.contains(targetID), ties.followers.contains(targetID))
    return try json(Relationship(
      target: .init(id: targetID, screenName: target.screenName, followedBy: sourceFollows, following: targetFollows),
      source: .init(id: sourceID, screenName: source.screenName, followedBy: targetFollows, following: sourceFollows)))
  }
}
