import Foundation
import Hummingbird
import SparrowCore
import SparrowPlatform
import SparrowStore
import WeiboStore

/// `/2/blocks/*` (拉黑, Weibo's names) and Sparrow's `/2/mutes/*` (屏蔽): the caller's own lists. What a block or
/// a mute hides is the store's reads' business (`Blocking`), not these endpoints'.
struct BlocksController: Sendable {
  let deps: WeiboDependencies
  let users: UsersController

  func register(_ table: inout APITable) {
    table.post("blocks/create", limit: "follow") { call in
      let target = try await other(call)
      do {
        try await deps.store.block(blocker: call.caller.userID, blocked: target, at: call.now)
      } catch StoreError.conflict {
        throw EnvelopeError.alreadyBlocked
      } catch StoreError.notFound {
        throw EnvelopeError.userNotFound
      }
      return try await users.presentFresh(target, call)
    }
    table.post("blocks/destroy") { call in
      let target = try await other(call)
      do {
        try await deps.store.unblock(blocker: call.caller.userID, blocked: target)
      } catch StoreError.notFound {
        throw EnvelopeError.notBlocked
      }
      return try await users.presentFresh(target, call)
    }
    table.get("blocks/exists") { call in
      let target = try await other(call)
      return try json(ResultFlag(result: try await deps.store.ties(call.caller.userID, among: [target]).blocking.contains(target)))
    }
    table.get("blocks/blocking") { call in try await list(call, try await deps.store.blockedIDs(of: call.caller.userID)) }
    table.get("blocks/blocking/ids") { call in
      try await idList(call, try await deps.store.blockedIDs(of: call.caller.userID))
    }
    table.post("mutes/create", limit: "follow") { call in
      let target = try await other(call)
      do {
        try await deps.store.mute(muter: call.caller.userID, muted: target, at: call.now)
      } catch StoreError.conflict {
        throw EnvelopeError.alreadyMuted
      } catch StoreError.notFound {
        throw EnvelopeError.userNotFound
      }
      return try await users.presentFresh(target, call)
    }
    table.post("mutes/destroy") { call in
      let target = try await other(call)
      do {
        try await deps.store.unmute(muter: call.caller.userID, muted: target)
      } catch StoreError.notFound {
        throw EnvelopeError.notMuted
      }
      return try await users.presentFresh(target, call)
    }
    table.get("mutes/muting") { call in try await list(call, try await deps.store.mutedIDs(of: call.caller.userID)) }
    table.get("mutes/muting/ids") { call in try await idList(call, try await deps.store.mutedIDs(of: call.caller.userID)) }
  }

  /// The person named by `uid` or `screen_name`, not the caller.
  private func other(_ call: APICall) async throws -> Int64 {
    guard let id = try await UsersController.target(call, store: deps.store) else { throw EnvelopeError.targetMissing }
    guard id != call.caller.userID else { throw EnvelopeError.blockSelf }
    return id
  }

  /// `page` and `count` (50, at most 200) over one of the caller's lists, newest first.
  private func window(_ call: APICall, _ ids: [Int64], maxCount: Int) throws -> (ids: [Int64], next: Int64, previous: Int64) {
    let page = try call.params.page(defaultCount: 50, maxCount: maxCount)
    let start = min(page.offset, ids.count)
    let shown = Array(ids[start..<min(start + page.count, ids.count)])
    let next = start + page.count < ids.count ? Int64(start + page.count) : 0
    return (shown, next, Int64(max(start - page.count, 0)))
  }

  private func list(_ call: APICall, _ all: [Int64]) async throws -> Response {
    let (ids, next, previous) = try window(call, all, maxCount: 200)
    let records = try await deps.store.users(ids: ids)
    let shown = try await users.presenter(call).users(ids.compactMap { records[$0] })
    return try json(UserList(users: shown, previousCursor: previous, nextCursor: next, totalNumber: all.count))
  }

  private func idList(_ call: APICall, _ all: [Int64]) async throws -> Response {
    let (ids, next, previous) = try window(call, all, maxCount: 5000)
    return try json(IDList(ids: ids, previousCursor: previous, nextCursor: next, totalNumber: all.count))
  }
}
