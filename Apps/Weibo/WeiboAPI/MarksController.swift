import Foundation
import SparrowPlatform
import Hummingbird
import SparrowCore
import SparrowStore
import WeiboStore

/// `/2/favorites*` and `/2/attitudes/*`: saving and liking statuses.
struct MarksController: Sendable {
  let deps: WeiboDependencies
  let statuses: StatusesController

  func register(_ table: inout APITable) {
    table.get("favorites") { call in
      let page = try call.params.page(defaultCount: 50, maxCount: 200)
      let marks = try await deps.store.favorites(userID: call.caller.userID, page: page)
      let total = try await deps.store.user(id: call.caller.userID)?.favouritesCount ?? 0
      // The same JSON as `FavoriteList`, its statuses written from the timelines' templates.
      let records = try await deps.store.statuses(ids: marks.map(\.statusID), visibleTo: call.caller.userID)
      let shown = marks.compactMap { mark in records[mark.statusID].map { (mark, $0) } }
      let rows = try await deps.store.context(for: shown.map(\.1), viewer: call.caller.userID)
      let presenter = statuses.presenter(call)
      var out = JSONOutput(capacity: 2048 * shown.count + 256)
      FavoriteList.writeJSON(&out, totalNumber: total) { out in
        out.array(shown) { out, favorite in
          Favorite.writeJSON(&out, favoritedTime: WeiboDate.string(from: favorite.0.createdAt)) { out in
            presenter.writeStatus(favorite.1, rows: rows, templates: statuses.templates, into: &out)
          }
        }
      }
      return jsonResponse(out.bytes)
    }
    table.get("favorites/show") { call in
      let id = try call.params.id("id", missing: EnvelopeError.statusIDMissing)
      guard let mark = try await deps.store.favorite(userID: call.caller.userID, statusID: id) else {
        throw EnvelopeError.notFavorited
      }
      return try json(try await favorites([mark], call)[0])
    }
    table.post("favorites/create") { call in
      let id = try call.params.id("id", missing: EnvelopeError.statusIDMissing)
      _ = try await statuses.visibleStatus(id, to: call.caller.userID)
      let mark = Mark(id: deps.ids.next(at: call.now), userID: call.caller.userID, statusID: id, createdAt: call.now)
      do { try await deps.store.favorite(mark) } catch StoreError.conflict { throw EnvelopeError.alreadyFavorited } catch
        StoreError.notFound
      { throw EnvelopeError.statusNotFound }
      return try json(try await favorites([mark], call)[0])
    }
    table.post("favorites/destroy") { call in
      let id = try call.params.id("id", missing: EnvelopeError.statusIDMissing)
      let shown = try await deps.store.favorite(userID: call.caller.userID, statusID: id)
      guard let shown else { throw EnvelopeError.notFavorited }
      let favorite = try await favorites([shown], call).first
      do { _ = try await deps.store.unfavorite(userID: call.caller.userID, statusID: id) } catch StoreError.notFound {
        throw EnvelopeError.notFavorited
      }
      guard var favorite else { throw EnvelopeError.statusNotFound }
      favorite.status.favorited = false
      return try json(favorite)
    }
    table.post("attitudes/create") { call in
      let id = try call.params.id("id", missing: EnvelopeError.statusIDMissing)
      let attitude = call.params["attitude"] ?? "heart"
      guard ["heart", "smile", "happy", "sad", "surprise", "angry"].contains(attitude) else {
        throw EnvelopeError.badParameter("attitude", expected: "heart", got: attitude)
      }
      _ = try await statuses.visibleStatus(id, to: call.caller.userID)
      let mark = Mark(id: deps.ids.next(at: call.now), userID: call.caller.userID, statusID: id, createdAt: call.now)
      do { try await deps.store.like(mark) } catch StoreError.conflict { throw EnvelopeError.alreadyLiked } catch
        StoreError.notFound
      { throw EnvelopeError.statusNotFound }
      return try json(try await attitudes([mark], call)[0])
    }
    table.post("attitudes/destroy") { call in
      let id = try call.params.id("id", missing: EnvelopeError.statusIDMissing)
      let mark: Mark
      do { mark = try await deps.store.unlike(userID: call.caller.userID, statusID: id) } catch StoreError.notFound {
        throw EnvelopeError.notLiked
      }
      return try json(try await attitudes([mark], call)[0])
    }
    table.get("attitudes/show") { call in
      let id = try call.params.id("id", missing: EnvelopeError.statusIDMissing)
      let status = try await statuses.visibleStatus(id, to: call.caller.userID)
      let page = try call.params.page(defaultCount: 50, maxCount: 200)
      let (marks, next) = try await deps.store.likes(statusID: id, page: page.probing).splitPage(page.count)
      return try await attitudeList(marks, call, withStatus: false, nextCursor: next?.id ?? 0,
                                    totalNumber: status.attitudesCount)
    }
    table.get("attitudes/to_me") { call in
      let page = try call.params.page(defaultCount: 50, maxCount: 200)
      let (marks, next) = try await deps.store.likesReceived(userID: call.caller.userID, page: page.probing)
        .splitPage(page.count)
      return try await attitudeList(marks, call, withStatus: true, nextCursor: next?.id ?? 0, totalNumber: marks.count)
    }
  }

  /// The same JSON as an `AttitudeList` of `attitudes(marks, …)` (without their statuses unless `withStatus`), its
  /// likers and statuses written from the timelines' templates: encoding fifty statuses and their authors afresh was
  /// half of `attitudes/to_me`.
  private func attitudeList(_ marks: [Mark], _ call: APICall, withStatus: Bool, nextCursor: Int64, totalNumber: Int)
    async throws -> Response
  {
    let viewer = call.caller.userID
    let records = withStatus ? try await deps.store.statuses(ids: marks.map(\.statusID), visibleTo: viewer) : [:]
    let rows = try await deps.store.context(for: Array(records.values), people: marks.map(\.userID), apps: [],
                                            viewer: viewer)
    let presenter = statuses.presenter(call)
    var out = JSONOutput(capacity: (withStatus ? 4096 : 1024) * marks.count + 256)
    AttitudeList.writeJSON(&out, nextCursor: nextCursor, totalNumber: totalNumber) { out in
      presenter.writeAttitudes(marks, statuses: records, rows: rows, source: presenter.source(call.caller.app),
                               templates: statuses.templates, into: &out)
    }
    return jsonResponse(out.bytes)
  }

  private func favorites(_ marks: [Mark], _ call: APICall) async throws -> [Favorite] {
    let records = try await deps.store.statuses(ids: marks.map(\.statusID), visibleTo: call.caller.userID)
    let shown = try await statuses.presenter(call).statuses(marks.compactMap { records[$0.statusID] })
    let byID = Dictionary(shown.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
    return marks.compactMap { mark in
      byID[mark.statusID].map { Favorite(status: $0, favoritedTime: WeiboDate.string(from: mark.createdAt)) }
    }
  }

  private func attitudes(_ marks: [Mark], _ call: APICall) async throws -> [Attitude] {
    let presenter = statuses.presenter(call)
    let records = try await deps.store.statuses(ids: marks.map(\.statusID), visibleTo: call.caller.userID)
    let shown = try await presenter.statuses(Array(records.values))
    let byID = Dictionary(shown.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
    let users = try await deps.store.users(ids: marks.map(\.userID))
    let people = Dictionary(try await presenter.users(Array(users.values)).map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
    let source = presenter.source(call.caller.app)
    return marks.map { mark in
      Attitude(
        id: mark.id, createdAt: WeiboDate.string(from: mark.createdAt), attitude: "heart", source: source,
        user: people[mark.userID], status: byID[mark.statusID])
    }
  }
}
