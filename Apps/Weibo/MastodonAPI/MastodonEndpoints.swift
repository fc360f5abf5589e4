import Foundation
import Hummingbird
import SparrowCore
import SparrowMedia
import SparrowPlatform
import SparrowStore
import WeiboAPI
import WeiboStore

/// The handlers of the Mastodon API, over 微博's store.
struct MastodonEndpoints: Sendable {
  let deps: WeiboDependencies
  let pictures: PictureLibrary
  let scopes: ScopeCatalog
  let idempotency = IdempotencyKeys()
  let templates = MastodonTemplates()

  var store: any WeiboStore { deps.store }
  var baseURL: String { deps.config.publicURL }

  func presenter(_ call: MastodonCall) -> MastodonPresenter {
    MastodonPresenter(store: store, baseURL: baseURL, viewer: call.viewer, templates: templates)
  }

  func register(_ table: inout MastodonTable) {
    registerInstance(&table)
    registerAccounts(&table)
    registerStatuses(&table)
    registerTimelines(&table)
    registerMedia(&table)
    registerNotifications(&table)
  }

  // MARK: Instance and apps

  func registerInstance(_ table: inout MastodonTable) {
    table.add(.get, path: "v1/instance", auth: .optionalToken, counted: false) { _ in try await instanceV1() }
    table.add(.get, path: "v2/instance", auth: .optionalToken, counted: false) { call in try await instanceV2(call) }
    // What Sparrow has none of is an empty list, as Mastodon answers for an instance without them.
    table.add(.get, path: "v1/custom_emojis", auth: .optionalToken, counted: false) { _ in
      try json(CustomEmoji.items.map { CustomEmoji.emoji($0, baseURL: baseURL) })
    }
    for path in ["v1/instance/peers", "v1/instance/rules", "v1/instance/domain_blocks"] {
      table.add(.get, path: path, auth: .optionalToken, counted: false) { _ in jsonResponse(Array("[]".utf8)) }
    }
    for path in ["v1/announcements", "v1/filters", "v2/filters", "v1/lists", "v1/follow_requests", "v1/followed_tags",
                 "v1/endorsements", "v1/featured_tags", "v1/domain_blocks", "v1/scheduled_statuses"] {
      table.add(.get, path: path, counted: false) { _ in jsonResponse(Array("[]".utf8)) }
    }
    table.add(.get, path: "v1/preferences", counted: false) { _ in
      struct Preferences: Encodable, Sendable {
        enum CodingKeys: String, CodingKey {
          case visibility = "posting:default:visibility", sensitive = "posting:default:sensitive"
          case language = "posting:default:language", media = "reading:expand:media"
          case spoilers = "reading:expand:spoilers"
        }
        let visibility = "public", sensitive = false, language = "zh", media = "default", spoilers = false
      }
      return try json(Preferences())
    }
    table.add(.post, path: "v1/apps", auth: .own) { call in try await registerApp(call) }
    table.add(.get, path: "v1/apps/verify_credentials", auth: .own) { call in try await verifyApp(call) }
  }

  /// Text limits as 微博 counts them (`TextLength`: two Latin letters are one character), and picture limits.
  struct Limits {
    static let characters = TextLength.limit
    static let pictures = 9
    static let imageBytes = ImageProcessor.maxBytes
    static let imagePixels = ImageProcessor.maxPixels
    static let mimeTypes = ["image/jpeg", "image/png", "image/gif", "image/webp"]
  }

  struct InstanceV1: Encodable, Sendable {
    struct Stats: Encodable, Sendable {
      let userCount: Int
      let statusCount: Int
      let domainCount: Int
    }
    struct Configuration: Encodable, Sendable {
      struct Statuses: Encodable, Sendable {
        let maxCharacters: Int
        let maxMediaAttachments: Int
        let charactersReservedPerUrl: Int
      }
      struct Media: Encodable, Sendable {
        let supportedMimeTypes: [String]
        let imageSizeLimit: Int
        let imageMatrixLimit: Int
        let videoSizeLimit = 0
        let videoFrameRateLimit = 0
        let videoMatrixLimit = 0
      }
      struct Accounts: Encodable, Sendable {
        let maxFeaturedTags = 0
        let maxPinnedStatuses = 0
      }
      let statuses: Statuses
      let mediaAttachments: Media
      let accounts = Accounts()
    }
    let uri: String
    let title: String
    let shortDescription: String
    let description: String
    let email: String
    let version: String
    let urls: [String: String]
    let stats: Stats
    let thumbnail: String
    let languages: [String]
    let registrations: Bool
    let approvalRequired: Bool
    let invitesEnabled: Bool
    let configuration: Configuration
    let contactAccount: Nullable<Account>
    let rules: [String]
  }

  static let title = "Sparrow 微博"
  static let summary = "Sparrow 的微博：自托管的微博服务，也可以用任何 Mastodon 客户端登录。"

  var host: String { URLComponents(string: baseURL)?.host ?? "localhost" }
  var streamingURL: String { baseURL.replacingOccurrences(of: "http", with: "ws", options: .anchored) }

  var configuration: InstanceV1.Configuration {
    .init(
      statuses: .init(maxCharacters: Limits.characters, maxMediaAttachments: Limits.pictures, charactersReservedPerUrl: 10),
      mediaAttachments: .init(supportedMimeTypes: Limits.mimeTypes, imageSizeLimit: Limits.imageBytes,
                              imageMatrixLimit: Limits.imagePixels))
  }

  /// Public statuses, from the counter the public timeline keeps.
  func publicStatusCount() async throws -> Int {
    try await store.statuses(in: .everyone, feature: .all, page: Page(count: 1), seenBy: 0).total
  }

  func instanceV1() async throws -> Response {
    let statuses = try await publicStatusCount()
    return try json(InstanceV1(
      uri: host, title: Self.title, shortDescription: Self.summary, description: Self.summary, email: "",
      version: MastodonAPI.version, urls: ["streaming_api": streamingURL],
      stats: .init(userCount: try await store.userCount(), statusCount: statuses, domainCount: 0),
      thumbnail: baseURL + "/mastodon/header.png", languages: ["zh"], registrations: true, approvalRequired: false,
      invitesEnabled: false, configuration: configuration, contactAccount: Nullable(nil), rules: []))
  }

  struct InstanceV2: Encodable, Sendable {
    struct Usage: Encodable, Sendable {
      struct Users: Encodable, Sendable { let activeMonth: Int }
      let users: Users
    }
    struct Thumbnail: Encodable, Sendable { let url: String }
    struct Registrations: Encodable, Sendable {
      let enabled: Bool
      let approvalRequired: Bool
      let message: Nullable<String>
      let url: Nullable<String>
    }
    struct Contact: Encodable, Sendable {
      let email: String
      let account: Nullable<Account>
    }
    struct Configuration: Encodable, Sendable {
      struct URLs: Encodable, Sendable { let streaming: String }
      struct Translation: Encodable, Sendable { let enabled = false }
      struct Polls: Encodable, Sendable {
        let maxOptions = 0, maxCharactersPerOption = 0, minExpiration = 0, maxExpiration = 0
      }
      let urls: URLs
      let accounts: InstanceV1.Configuration.Accounts
      let statuses: InstanceV1.Configuration.Statuses
      let mediaAttachments: InstanceV1.Configuration.Media
      let polls = Polls()
      let translation = Translation()
    }
    let domain: String
    let title: String
    let version: String
    /// Where the software's source is: Sparrow is served with its source, so the instance's own address.
    let sourceUrl: String
    let description: String
    let usage: Usage
    let thumbnail: Thumbnail
    let languages: [String]
    let configuration: Configuration
    let registrations: Registrations
    let contact: Contact
    let rules: [String]
    /// The API revision (Mastodon 4.3 is 2), which clients check before newer calls.
    let apiVersions = ["mastodon": 2]
  }

  func instanceV2(_ call: MastodonCall) async throws -> Response {
    let base = configuration
    return try json(InstanceV2(
      domain: host, title: Self.title, version: MastodonAPI.version, sourceUrl: baseURL, description: Self.summary,
      usage: .init(users: .init(activeMonth: try await store.activeAuthors(since: call.now.addingTimeInterval(-30 * 86_400)))),
      thumbnail: .init(url: baseURL + "/mastodon/header.png"), languages: ["zh"],
      configuration: .init(urls: .init(streaming: streamingURL), accounts: base.accounts, statuses: base.statuses,
                           mediaAttachments: base.mediaAttachments),
      registrations: .init(enabled: true, approvalRequired: false, message: Nullable(nil), url: Nullable(baseURL + "/signup")),
      contact: .init(email: "", account: Nullable(nil)), rules: []))
  }

  /// nodeinfo 2.0: what software this is and how many use it. Sparrow speaks no federation protocol.
  static func nodeInfo(_ deps: WeiboDependencies) async throws -> Response {
    struct NodeInfo: Encodable, Sendable {
      struct Software: Encodable, Sendable {
        let name = "sparrow"
        let version = "1.0"
      }
      struct Services: Encodable, Sendable {
        let inbound: [String] = []
        let outbound: [String] = []
      }
      struct Usage: Encodable, Sendable {
        struct Users: Encodable, Sendable { let total: Int }
        let users: Users
        let localPosts: Int
      }
      struct Metadata: Encodable, Sendable { let nodeName: String }
      let version = "2.0"
      let software = Software()
      let protocols: [String] = []
      let services = Services()
      let openRegistrations = true
      let usage: Usage
      let metadata: Metadata
    }
    let users = try await deps.store.userCount()
    let posts = try await deps.store.statuses(in: .everyone, feature: .all, page: Page(count: 1), seenBy: 0).total
    var response = try json(NodeInfo(usage: .init(users: .init(total: users), localPosts: posts),
                                     metadata: .init(nodeName: title)))
    response.headers[.contentType] = "application/json; profile=\"http://nodeinfo.diaspora.software/ns/schema/2.0#\""
    return response
  }

  /// `POST /api/v1/apps`: anyone may register an app (counted per address by the dispatcher); its scopes must be
  /// Mastodon's, its callbacks absolute URIs.
  func registerApp(_ call: MastodonCall) async throws -> Response {
    guard let name = call.params["client_name"]?.trimmingCharacters(in: .whitespacesAndNewlines), !name.isEmpty else {
      throw MastodonError.invalid("Application name can't be blank")
    }
    guard name.count <= 60 else { throw MastodonError.invalid("Application name is too long (at most 60 characters)") }
    let redirects = (call.params.all("redirect_uris") + call.params.all("redirect_uris[]"))
      .flatMap { $0.split(whereSeparator: \.isNewline) }.map { $0.trimmingCharacters(in: .whitespaces) }
      .filter { !$0.isEmpty }
    guard !redirects.isEmpty else { throw MastodonError.invalid("Redirect URI can't be blank") }
    guard redirects.count <= 10, redirects.allSatisfy({ $0.count <= 2000 && URLComponents(string: $0)?.scheme != nil }) else {
      throw MastodonError.invalid("Redirect URI must be an absolute URI")
    }
    let names = (call.params["scopes"] ?? "read").split { $0 == " " || $0 == "+" || $0 == "," }.map(String.init)
    let known = Set(Scope.mastodon.map(\.name))
    guard !names.isEmpty, names.allSatisfy(known.contains) else { throw MastodonError.invalid("Scopes are invalid") }
    let website = call.params["website"].flatMap { site -> String? in
      guard let url = URLComponents(string: site), ["http", "https"].contains(url.scheme?.lowercased() ?? "") else { return nil }
      return site
    }
    let created: (app: AppRecord, secret: String)
    do {
      created = try await Accounts(store: store, ids: deps.ids).createApp(
        name: name, redirectURI: redirects.joined(separator: "\n"), url: website ?? "", scopes: names, at: call.now)
    } catch let error as AccountError {
      throw MastodonError.invalid(error.description)
    }
    return try json(registered(created.app, secret: created.secret))
  }

  func registered(_ app: AppRecord, secret: String?) -> RegisteredApp {
    let redirects = app.redirectURI.split(whereSeparator: \.isNewline).map(String.init)
    return RegisteredApp(
      id: String(app.id), name: app.name, website: Nullable(app.url.isEmpty ? nil : app.url), scopes: app.scopes,
      redirectUri: redirects.joined(separator: "\n"), redirectUris: redirects, clientId: secret == nil ? nil : app.clientID,
      clientSecret: secret)
  }

  /// The app behind a token, a person's or its own (`client_credentials`).
  func verifyApp(_ call: MastodonCall) async throws -> Response {
    guard let token = Authenticator.token(call.params, call.headers),
      let grant = try await store.grant(hash: Secrets.hash(token), kind: .access), grant.expiresAt > call.now,
      let app = try await store.apps(ids: [grant.appID])[grant.appID]
    else { throw MastodonError.unauthorized }
    return try json(registered(app, secret: nil))
  }
}
