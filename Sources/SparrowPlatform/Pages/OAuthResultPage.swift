/// `/oauth2/default.html` (`oauth_default.mustache`), where apps without a callback of their own land: the code
/// to copy, or why there is none.
struct OAuthResultPage: PageModel {
  let title: String
  /// The authorization code; nil when the request carries none.
  let code: String?
  /// The OAuth error (`access_denied`, …); nil when there is none, or when there is a code.
  let error: String?
  /// The error's description; nil when none was given, and the page says the usual words.
  let errorDescription: String?

  init(params: Params) {
    code = params["code"]
    error = code == nil ? params["error"] : nil
    errorDescription = error == nil ? nil : params["error_description"].flatMap { $0.isEmpty ? nil : $0 }
    title = code != nil ? "授权成功" : error != nil ? "授权已取消" : "授权结果"
  }

  func child(named name: String) -> Any? {
    switch name {
    case "title": title
    case "code": code
    case "error": error
    case "error_description": errorDescription
    default: nil
    }
  }
}
