import SparrowKit
import SparrowPlatform

/// 欢迎回来 (`weibo_welcome.mustache`): the viewer's avatar and name, then on to the timeline.
struct WelcomePage: PageModel {
  let frame: PageFrame
  let user: AuthorLabel

  init(frame: PageFrame, user: User) {
    var frame = frame
    // Without script the page still moves on after the animation.
    frame.refresh = "3;url=/"
    self.frame = frame
    self.user = AuthorLabel(user)
  }

  func child(named name: String) -> Any? {
    name == "user" ? user : frame.child(named: name)
  }
}
