import SparrowCore
import SparrowStore

/// `/oauth2/authorize` (`authorize.mustache`): the app asking, the signed-in account or the sign-in fields,
/// the hidden fields that carry the request through the form, and the buttons.
struct AuthorizePage: PageModel {
  /// The demo account's name and password, with a button that fills them in.
  struct DemoAccount: PageModel {
    let username, password: String
    /// The URL of the script behind the 填充 button.
    let script: String

    func child(named name: String) -> Any? {
      switch name {
      case "username": username
      case "password": password
      case "script": script
      default: nil
      }
    }
  }

  let appName, clientID, redirectURI, responseType, state, scope: String
  /// What the app will be able to do, one line each.
  let consent: [String]
  /// The app's site; nil when it gave none.
  let appURL: String?
  /// The sign-in name typed so far.
  let username: String
  let error: String?
  /// The account already signed in, which the form grants as; nil shows the sign-in fields.
  let account: String?
  /// The form token: the session's when signed in, the sign-in form cookie's otherwise.
  let csrf: String?
  let demo: DemoAccount?
  /// Sign-up, back to this request afterwards.
  let signupURL: String
  /// This request again with `forcelogin=true`, to sign in as someone else.
  let switchURL: String
  /// PKCE's challenge and method, carried through the form to the code.
  let codeChallenge, codeChallengeMethod: String?

  /// `path` and `query` are this request's, for the way back from sign-up; `params` its parameters.
  init(app: AppRecord, params: Params, redirectURI: String, consent: [String], responseType: String, path: String,
       query: String?, error: String?, account: String?, csrf: String?, demo: (username: String, password: String)?,
       demoScript: String = "")
  {
    appName = app.name
    clientID = app.clientID
    self.redirectURI = redirectURI
    self.consent = consent
    self.responseType = responseType
    state = params["state"] ?? ""
    scope = params["scope"] ?? ""
    appURL = app.url.isEmpty ? nil : app.url
    username = params["userId"] ?? ""
    self.error = error
    self.account = account
    self.csrf = csrf
    self.demo = demo.map { DemoAccount(username: $0.username, password: $0.password, script: demoScript) }
    signupURL = "/signup?next=" + FormEncoding.escape(path + "?" + (query ?? ""))
    let switching = OAuthController.queryFromParams(params) + [("forcelogin", "true")]
    switchURL = "/oauth2/authorize?" + FormEncoding.encode(pairs: switching)
    codeChallenge = params["code_challenge"]
    codeChallengeMethod = params["code_challenge_method"]
  }

  func child(named name: String) -> Any? {
    switch name {
    case "title": "应用授权"
    case "app_name": appName
    case "client_id": clientID
    case "redirect_uri": redirectURI
    case "response_type": responseType
    case "state": state
    case "scope": scope
    case "consent": consent
    case "app_url": appURL
    case "username": username
    case "error": error
    case "account": account
    case "csrf": csrf
    case "demo": demo
    case "signup_url": signupURL
    case "switch_url": switchURL
    case "code_challenge": codeChallenge
    case "code_challenge_method": codeChallengeMethod
    default: nil
    }
  }
}
