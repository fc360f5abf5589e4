/// What an app may do with a person's account through one API. Every grant carries the scopes the person agreed to
/// on the consent page; an API names its scope, and the dispatcher refuses a token without it. A scope granted by
/// default is every app's without asking (the Weibo API's meaning, for SDKs that ask for no scope); any other must be
/// registered for the app (`sparrow app create --scope`), asked for in `scope=` and agreed to. First-party apps
/// (the web pages, `wb`) have every scope.
package struct Scope: Sendable, Hashable {
  /// The name apps ask for (`daka`).
  package let name: String
  /// What the consent page says it lets the app do, in plain Chinese, one line each.
  package let consent: [String]
  package let byDefault: Bool

  package init(name: String, consent: [String], byDefault: Bool = false) {
    self.name = name
    self.consent = consent
    self.byDefault = byDefault
  }
}

/// Every app's scopes, as the binary composes them.
package struct ScopeCatalog: Sendable {
  package let scopes: [Scope]

  package init(_ scopes: [Scope]) {
    self.scopes = scopes
  }

  /// The scopes `caller`'s token may use, in catalog order.
  package func granted(to caller: Caller) -> [Scope] { scopes.filter(caller.allows) }

  /// The names in a `scope=` parameter (comma- or space-separated, as Weibo and OAuth write them) that name a scope
  /// needing consent; others (Weibo's own, such as `email` or `all`) ask for nothing more and are ignored, so the
  /// SDKs that send them keep working.
  package func asked(_ parameter: String?) -> [Scope] {
    let names = Set((parameter ?? "").split { $0 == "," || $0 == " " }.map(String.init))
    return scopes.filter { !$0.byDefault && names.contains($0.name) }
  }

  /// The consent lines of what a grant of `names` gives: the default scopes', then the names' in catalog order.
  package func consent(granting names: [String]) -> [String] {
    scopes.filter { $0.byDefault || names.contains($0.name) }.flatMap(\.consent)
  }

  /// The names that are not a scope needing consent, for `sparrow app create --scope`.
  package func unknown(_ names: [String]) -> [String] {
    names.filter { name in !scopes.contains { $0.name == name && !$0.byDefault } }
  }
}

extension Caller {
  /// Whether this caller's token lets it use an API of `scope`.
  package func allows(_ scope: Scope) -> Bool {
    scope.byDefault || app?.firstParty == true || scopes.contains(scope.name)
  }
}
