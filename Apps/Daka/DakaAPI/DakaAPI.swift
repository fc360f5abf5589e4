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

/// The 打卡 API at `/daka/api/…`: JSON, the platform's OAuth tokens and error envelope. Reads take an optional
/// token (signed out, one sees the public entries); writes need one.
package struct DakaAPI: SparrowApp {
  let deps: DakaDependencies
  let auth: Authenticator
  let rates: RateLimiter
  let checkins: CheckinsController

  package init(deps: DakaDependencies, platform: Platform) {
    self.deps = deps
    auth = Authenticator(store: deps.store.people)
    rates = platform.rates
    checkins = CheckinsController(deps: deps, writer: CheckinWriter(deps: deps, pictures: platform.pictures))
  }

  package func unreadable(path: String, status: HTTPResponse.Status) -> UnreadableAnswer? {
    path.hasPrefix("/daka/api/") ? .envelope(.unreadable(status), path: path) : nil
  }

  package func register(on router: Router<SparrowContext>) {
    let api = self
    // Every method reaches the dispatcher, so one a route does not take gets the envelope with 10021.
    for method in [HTTPRequest.Method.get, .post, .put, .delete, .patch, .trace, .options, .head] {
      router.on("/daka/api/**", method: method) { request, context in try await api.handle(request, context) }
    }
  }

  /// Five pictures of up to 5 MB each, and the fields: past this the body is refused unread.
  static let bodyLimit = (checkinPictureLimit + 1) * ImageProcessor.maxBytes
  /// What is read of a body before its sender is known.
  static let openLimit = 64 << 10

  /// The endpoints, by path below `/daka/api/` (`{id}` stands for an entry's id).
  enum Endpoint: String {
    case list = "checkins"
    case entry = "checkins/{id}"
    case delete = "checkins/{id}/delete"
    case me = "me"

    /// The endpoint and the id in `path`; nil for no endpoint.
    static func find(_ path: String) -> (Endpoint, String?)? {
      var parts = path.dropFirst("/daka/api/".count).split(separator: "/", omittingEmptySubsequences: false).map(String.init)
      if parts.last == "" { parts.removeLast() }
      var id: String?
      if parts.count >= 2, parts[0] == "checkins" {
        id = parts[1]
        parts[1] = "{id}"
      }
      return Endpoint(rawValue: parts.joined(separator: "/")).map { ($0, id) }
    }

    var method: HTTPRequest.Method { self == .list || self == .entry || self == .me ? .get : .post }
    /// GET reads anyone may make; the rest need a token.
    var needsToken: Bool { self == .me }
  }

  func handle(_ request: Request, _ context: SparrowContext) async throws -> Response {
    guard let found = Endpoint.find(request.uri.path) else { throw EnvelopeError.apiNotFound }
    let (endpoint, id) = found
    context.route.route = "/daka/api/" + endpoint.rawValue  // a bounded set of labels
    let writes = request.method == .post && endpoint != .delete && endpoint != .me
    guard request.method == endpoint.method || writes else { throw EnvelopeError.wrongMethod }
    do {
      try rates.admit(address: context.clientAddress)
      let now = deps.now()
      var request = request
      let (params, caller) = try await auth.read(
        &request, limit: Self.bodyLimit, openLimit: Self.openLimit, now: now,
        optional: request.method == .get && !endpoint.needsToken)
      if let caller { try rates.admit(user: caller.userID, app: caller.app?.id ?? 0, api: nil) }
      let call = DakaCall(params: params, viewer: caller?.userID, now: now, id: try id.map(Self.id))
      switch (endpoint, request.method) {
      case (.list, .get): return try await checkins.list(call)
      case (.list, _): return try await checkins.create(call)
      case (.entry, .get): return try await checkins.show(call)
      case (.entry, _): return try await checkins.update(call)
      case (.delete, _): return try await checkins.delete(call)
      case (.me, _): return try await checkins.me(call)
      }
    } catch let error as EnvelopeError {
      throw error
    } catch let exceeded as RateLimiter.Exceeded {
      throw EnvelopeError(exceeded)
    } catch let error as ParamError {
      throw EnvelopeError(error)
    } catch let error as CheckinInputError {
      throw error.weibo
    } catch let error as DakaLimitError {
      throw EnvelopeError.tooManyPictures(error.pictures)
    } catch StoreError.notFound {
      throw EnvelopeError.checkinNotFound
    } catch StoreError.unavailable {
      throw EnvelopeError.unavailable
    } catch let error as MediaError {
      throw error.weibo
    } catch {
      context.logger.error("\(request.uri.path) failed: \(error)")
      throw EnvelopeError.system
    }
  }

  /// An entry id from the path.
  static func id(_ text: String) throws -> Int64 {
    guard let id = Int64(text), id > 0 else { throw EnvelopeError.field("id", expected: "positive int64", got: CheckinFields.shown(text)) }
    return id
  }
}

/// One call, parsed: what a handler needs.
struct DakaCall: Sendable {
  let params: Params
  /// The token's user; nil for a signed-out read.
  let viewer: Int64?
  let now: Date
  /// The entry named in the path.
  let id: Int64?

  /// The caller, for what needs one.
  func user() throws -> Int64 {
    guard let viewer else { throw EnvelopeError.emptyToken }
    return viewer
  }
}
