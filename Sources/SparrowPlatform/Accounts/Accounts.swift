import Foundation
import SparrowCore
import SparrowStore

/// Creating users and apps: the rules shared by sign-up, the command line and the demo.
package struct Accounts: Sendable {
  package let store: any PlatformStore
  package let ids: IDGenerator

  package init(store: any PlatformStore, ids: IDGenerator) {
    self.store = store
    self.ids = ids
  }

  /// Creates a user after checking the name and password rules; `StoreError.conflict` when the name is taken.
  @discardableResult
  package func create(name: String, password: String, at now: Date = Date(), profile: (inout UserRecord) -> Void = { _ in })
    async throws -> UserRecord
  {
    if let problem = Self.problem(name: name, password: password) { throw AccountError.invalid(problem) }
    var user = UserRecord(id: ids.next(at: now), screenName: name, passwordHash: Secrets.hashPassword(password), createdAt: now)
    profile(&user)
    try await store.createUser(user)
    return user
  }

  /// Why a new account's name or password is refused, in the words the sign-up page shows; nil when both pass.
  package static func problem(name: String, password: String) -> String? {
    if let problem = ScreenName.problem(name) { return problem.message }
    return password.count >= 6 ? nil : "密码至少6位"
  }

  /// Registers an OAuth client; returns it with its secret, which is shown once and stored only hashed.
  package func createApp(name: String, redirectURI: String, url: String = "", firstParty: Bool = false,
                         isPublic: Bool = false, scopes: [String] = [], at now: Date = Date())
    async throws -> (app: AppRecord, secret: String)
  {
    guard !name.trimmingCharacters(in: .whitespaces).isEmpty else { throw AccountError.invalid("app name is empty") }
    // One callback, or several one per line (`POST /api/v1/apps`); a code is sent only to one of them, and never to
    // a scheme a browser would run or read locally.
    let redirects = redirectURI.split(whereSeparator: \.isNewline)
    guard !redirects.isEmpty else { throw AccountError.invalid("redirect URI must be an absolute URI") }
    for line in redirects {
      guard let redirect = URLComponents(string: String(line)), let scheme = redirect.scheme?.lowercased() else {
        throw AccountError.invalid("redirect URI must be an absolute URI")
      }
      guard !["javascript", "data", "vbscript", "file", "blob", "about"].contains(scheme) else {
        throw AccountError.invalid("redirect URI must not use the \(scheme): scheme")
      }
    }
    // The app's url is shown as every status's source link: nothing but a web address may go there.
    if !url.isEmpty {
      guard let site = URLComponents(string: url), ["http", "https"].contains(site.scheme?.lowercased() ?? ""),
        site.host?.isEmpty == false
      else { throw AccountError.invalid("app url must be an http or https URL") }
    }
    let secret = Secrets.random(bytes: 16)
    // App keys are decimal numbers, as on the open platform (get_token_info prints them as numbers).
    let clientID = String(UInt64.random(in: 1_000_000_000...4_294_967_295))
    let app = AppRecord(
      id: ids.next(at: now), clientID: clientID, secretHash: Secrets.hash(secret), name: name, url: url,
      redirectURI: redirectURI, firstParty: firstParty, isPublic: isPublic, scopes: scopes, createdAt: now)
    try await store.createApp(app)
    return (app, secret)
  }

  /// Registers the app `clientID` for `scopes` instead of what it had (`sparrow app scopes`). Widening asks nobody's
  /// consent by itself: people agree to the new scopes when the app asks for them. Narrowing ends at once, on every
  /// instance, each grant holding a scope the app may no longer ask for, so its users sign in to it again. Returns
  /// the app as it now is and how many grants ended.
  package func setScopes(clientID: String, scopes: [String], catalog: ScopeCatalog) async throws
    -> (app: AppRecord, ended: Int)
  {
    let unknown = catalog.unknown(scopes)
    guard unknown.isEmpty else { throw AccountError.invalid("no such scope: \(unknown.joined(separator: ", "))") }
    guard var app = try await store.app(clientID: clientID) else { throw AccountError.invalid("no app has client_id \(clientID)") }
    let registered = Array(Set(scopes)).sorted()
    // First-party clients have every scope whatever they registered: their grants stay.
    let firstParty = app.firstParty
    let ended = try await store.setAppScopes(appID: app.id, scopes: registered) { granted in
      firstParty || catalog.unregistered(catalog.asked(granted.joined(separator: " ")), registered: registered).isEmpty
    }
    app.scopes = registered
    return (app, ended)
  }

  /// `wb`'s client id: a public, first-party native client every Sparrow registers by itself, so
  /// `wb login --server URL` needs no app key (loopback redirect + PKCE; the password grant for scripts).
  package static let terminalClientID = "sparrow-wb"

  /// Registers `wb`'s client unless it is there.
  package func registerTerminalClient(at now: Date = Date()) async throws {
    guard try await store.app(clientID: Self.terminalClientID) == nil else { return }
    let app = AppRecord(
      id: ids.next(at: now), clientID: Self.terminalClientID, secretHash: Secrets.hash(Secrets.random()),
      name: "wb 终端客户端", url: "", redirectURI: "http://127.0.0.1/callback", firstParty: true, isPublic: true,
      createdAt: now)
    do { try await store.createApp(app) } catch StoreError.conflict {}  // another instance registered it first
  }

  /// Hashes a password with the platform's settings (bulk loads hash one password once).
  package static func hashPassword(_ password: String) -> String { Secrets.hashPassword(password) }
}

/// Why an account could not be created.
package enum AccountError: Error, CustomStringConvertible, Equatable {
  case invalid(String)
  package var description: String {
    switch self {
    case .invalid(let message): message
    }
  }
}
