/// The platform's error page (`error.mustache`): what went wrong and, for OAuth failures, the open platform's
/// error code. It is also the failure a request check returns, to be shown as it is.
package struct ErrorPage: PageModel, Error {
  let title: String
  let message: String
  let code: String?

  package init(title: String, message: String, code: Int? = nil) {
    self.title = title
    self.message = message
    self.code = code.map(String.init)
  }

  package func child(named name: String) -> Any? {
    switch name {
    case "title": title
    case "message": message
    case "code": code
    default: nil
    }
  }
}
