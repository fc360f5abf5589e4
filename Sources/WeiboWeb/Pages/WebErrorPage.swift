import SparrowPlatform

/// The web client's error page (`weibo_missing.mustache`): the message under the navigation bar.
struct WebErrorPage: PageModel {
  let frame: PageFrame
  let message: String

  func child(named name: String) -> Any? {
    name == "message" ? message : frame.child(named: name)
  }
}
