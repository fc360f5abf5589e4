/// What an app may do with a person's account through one API. Every grant carries the scopes the person agreed to
/// on the consent page; an API (or one of its routes) names its scope, and the dispatcher refuses a token without it.
/// A scope granted by default is every app's without asking (the Weibo API's meaning, for SDKs that ask for no
/// scope); any other must be registered for the app (`sparrow app create --scope`, or `POST /api/v1/apps`), asked
/// for in `scope=` and agreed to. First-party apps (the web pages, `wb`) have every scope.
package struct Scope: Sendable, Hashable {
  /// The name apps ask for (`daka`, `read:statuses`).
  package let name: String
  /// What the consent page says it lets the app do, in plain Chinese, one line each.
  package let consent: [String]
  package let byDefault: Bool
  /// The broader scopes that include this one (`read` for `read:statuses`), as OAuth servers with granular scopes
  /// nest them.
  package let within: [String]
  /// A grant of standalone scopes only gets what it asked for and nothing by default: a Mastodon app granted `read`
  /// must not write through the Weibo API, whose scope every other app has without asking.
  package let standalone: Bool

  package init(name: String, consent: [String], byDefault: Bool = false, within: [String] = [], standalone: Bool = false) {
    self.name = name
    self.consent = consent
    self.byDefault = byDefault
    self.within = within
    self.standalone = standalone
  }
}

/// Every app's scopes, as the binary composes them.
package struct ScopeCatalog: Sendable {
  package let scopes: [Scope]
  private let byName: [String: Scope]

  package init(_ scopes: [Scope]) {
    self.scopes = scopes
    byName = Dictionary(scopes.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
  }

  /// Whether `caller`'s token lets it use an API (or route) of `scope`.
  package func allows(_ caller: Caller, _ scope: Scope) -> Bool {
    if caller.app?.firstParty == true || caller.scopes.contains(scope.name) { return true }
    if scope.within.contains(where: caller.scopes.contains) { return true }
    return scope.byDefault && !isStandalone(caller.scopes)
  }

  /// Whether a grant of `names` is a standalone one: it names scopes, all standalone (see `Scope.standalone`). An app
  /// registered through `POST /api/v1/apps` can only be granted such.
  package func isStandalone(_ names: [String]) -> Bool {
    !names.isEmpty && names.allSatisfy { byName[$0]?.standalone == true }
  }

  /// The scopes `caller`'s token may use, in catalog order.
  package func granted(to caller: Caller) -> [Scope] { scopes.filter { allows(caller, $0) } }

  /// The names in a `scope=` parameter (comma- or space-separated, as Weibo and OAuth write them, `+` for a space
  /// as some clients send it) that name a scope needing consent; others (Weibo's own, such as `email` or `all`) ask
  /// for nothing more and are ignored, so the SDKs that send them keep working.
  package func asked(_ parameter: String?) -> [Scope] {
    let names = Set((parameter ?? "").split { $0 == "," || $0 == " " || $0 == "+" }.map(String.init))
    return scopes.filter { !$0.byDefault && names.contains($0.name) }
  }

  /// Of `asked`, those an app registered for `registered` may not ask for: a registered broad scope covers the
  /// granular ones within it.
  package func unregistered(_ asked: [Scope], registered: [String]) -> [Scope] {
    asked.filter { !registered.contains($0.name) && !$0.within.contains(where: registered.contains) }
  }

  /// The consent lines of what a grant of `names` gives: the default scopes' (unless the grant is standalone), then
  /// the names' in catalog order; a granular scope whose broad one is granted too adds nothing.
  package func consent(granting names: [String]) -> [String] {
    let defaults = !isStandalone(names)
    return scopes.filter { scope in
      if scope.byDefault { return defaults }
      guard names.contains(scope.name) else { return false }
      return !scope.within.contains(where: names.contains)
    }.flatMap(\.consent)
  }

  /// The names that are not a scope needing consent, for `sparrow app create --scope`.
  package func unknown(_ names: [String]) -> [String] {
    names.filter { name in !scopes.contains { $0.name == name && !$0.byDefault } }
  }
}
