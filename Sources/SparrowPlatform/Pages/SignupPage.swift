/// `/signup` (`signup.mustache`): the form, with what was typed and the reason it was refused.
struct SignupPage: PageModel {
  let screenName: String
  /// Where to go after signing up (a same-site path), also the 登录 link; nil without one.
  let next: String?
  let error: String?
  /// The form token (see `OAuthController.signedOutForm`).
  let csrf: String

  init(params: Params, error: String?, csrf: String) {
    self.csrf = csrf
    screenName = params["screen_name"] ?? ""
    next = OAuthController.safeNext(params["next"])
    self.error = error
  }

  func child(named name: String) -> Any? {
    switch name {
    case "title": "注册"
    case "screen_name": screenName
    case "next": next
    case "error": error
    case "csrf": csrf
    default: nil
    }
  }
}
