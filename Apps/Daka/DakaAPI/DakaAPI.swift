import Foundation
import Hummingbird
import SparrowMedia
import SparrowPlatform
import DakaStore
import SparrowStore

/// What 打卡 reads and writes: its own journal, and the platform's people (users, tokens, pictures).
package struct DakaStores: Sendable {
  package let journal: any DakaStore
  package let people: any PlatformStore

  package init(journal: any DakaStore, people: any PlatformStore) {
    self.journal = journal
    self.people = people
  }
}

/// What 打卡's API and pages are built from.
package typealias DakaDependencies = Dependencies<DakaStores>

extension Scope {
  /// A person's journal, private entries included: never a Weibo app's without asking.
  package static let daka = Scope(name: "daka", consent: ["查看你的打卡记录（包括仅自己可见的）", "发布、修改和删除你的打卡"])
}

/// The 打卡 API at `/daka/api/…`: JSON, the platform's OAuth tokens and error envelope. Reads take an optional
/// token (signed out, one sees the public entries); writes need one.
package struct DakaAPI: SparrowApp {
  let dispatcher: APIDispatcher<EnvelopeError, JSONCall>

  package init(deps: DakaDependencies, platform: Platform) {
    let checkins = CheckinsController(deps: deps, writer: CheckinWriter(deps: deps, pictures: platform.pictures))
    var routes = APIRoutes<EnvelopeError, JSONCall>(
      prefix: "/daka/api/", bodyLimit: Self.bodyLimit, auth: .token, scope: .daka,
      makeCall: { try JSONCall($0, id: Self.id) },
      translate: { error in
        switch error {
        case let error as CheckinInputError: error.weibo
        case let error as TripInputError: error.weibo
        case let error as DakaLimitError: .tooManyPictures(error.pictures)
        case StoreError.notFound: .checkinNotFound
        case let error as MediaError: error.weibo
        default: nil
        }
      })
    // Reads take an optional token (signed out, one sees the public entries); writes and 我的 need one.
    routes.add(.get, path: "checkins", auth: .optionalToken) { try await checkins.list($0) }
    routes.add(.post, path: "checkins") { try await checkins.create($0) }
    routes.add(.get, path: "checkins/{id}", auth: .optionalToken) { try await checkins.show($0) }
    routes.add(.post, path: "checkins/{id}") { try await checkins.update($0) }
    routes.add(.post, path: "checkins/{id}/delete") { try await checkins.delete($0) }
    routes.add(.get, path: "me") { try await checkins.me($0) }
    let trips = TripsController(deps: deps, checkins: checkins)
    routes.add(.get, path: "trips", auth: .optionalToken) { try await trips.list($0) }
    routes.add(.post, path: "trips") { try await trips.create($0) }
    routes.add(.get, path: "trips/{id}", auth: .optionalToken) { try await trips.show($0) }
    routes.add(.post, path: "trips/{id}") { try await trips.update($0) }
    routes.add(.post, path: "trips/{id}/delete") { try await trips.delete($0) }
    dispatcher = APIDispatcher(routes, platform: platform, now: deps.now)
  }

  package func unreadable(path: String, status: HTTPResponse.Status) -> UnreadableAnswer? {
    dispatcher.unreadable(path: path, status: status)
  }

  package func register(on router: Router<SparrowContext>) {
    dispatcher.register(on: router)
  }

  /// Five pictures of up to 5 MB each, and the fields: past this the body is refused unread.
  static let bodyLimit = (checkinPictureLimit + 1) * ImageProcessor.maxBytes

  /// An entry id from the path.
  static func id(_ text: String) throws -> Int64 {
    guard let id = Int64(text), id > 0 else { throw EnvelopeError.field("id", expected: "positive int64", got: CheckinFields.shown(text)) }
    return id
  }
}

