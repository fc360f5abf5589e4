import Hummingbird
import SparrowCore

/// What every app's page shell holds, whatever the app draws around its content: the title, the app's stylesheet
/// and script, the viewer and the session's form token, and where signing in comes back to. An app's frame
/// (`DakaFrame`, `TuanFrame`, 微博's `PageFrame`) embeds one and adds its own bars; its layout extends the
/// platform's `layout.mustache`.
package struct WebFrame: PageModel {
  package let title: String
  package let css: String
  package let js: String
  /// The signed-in viewer's screen name; nil for visitors.
  package let viewer: String?
  /// The form token every POST carries; nil for visitors.
  package let csrf: String?
  /// This page's path and query, where signing in comes back to.
  package let here: String

  package init(title: String, css: String, js: String, viewer: Viewer?, here: String) {
    self.init(title: title, css: css, js: js, screenName: viewer?.user.screenName, csrf: viewer?.csrf, here: here)
  }

  package init(title: String, css: String, js: String, screenName: String?, csrf: String?, here: String) {
    self.title = title
    self.css = css
    self.js = js
    viewer = screenName
    self.csrf = csrf
    self.here = here
  }

  /// The platform's sign-in, back to this page afterwards.
  package var loginURL: String { "/web/login?" + FormEncoding.encode(pairs: [("next", here)]) }

  /// The path and query of `request`, to come back to after signing in.
  package static func here(_ request: Request) -> String {
    request.uri.path + (request.uri.query.map { "?\($0)" } ?? "")
  }

  package func child(named name: String) -> Any? {
    switch name {
    case "title": title
    case "css": css
    case "js": js
    case "viewer": viewer
    case "csrf": csrf
    case "here": here
    case "login_url": loginURL
    default: nil
    }
  }
}

/// A page that only says something in an app's frame: an error, 关于, or the prompt to sign in. Its words and its
/// one button print through the platform's `_message` partial; the app's `*_message` template places them.
package struct MessagePage<Frame: PageModel>: PageModel {
  /// The button under the words.
  package struct Action: PageModel {
    package let href: String
    package let label: String
    package let id: String
    package var primary = false

    package init(href: String, label: String, id: String, primary: Bool = false) {
      self.href = href
      self.label = label
      self.id = id
      self.primary = primary
    }

    package func child(named name: String) -> Any? {
      switch name {
      case "href": href
      case "label": label
      case "id": id
      case "primary": primary
      default: nil
      }
    }
  }

  package let frame: Frame
  package let heading: String
  package let message: String
  package let action: Action?
  /// The element's id: `message`, or `signin` for the prompt.
  package let id: String

  package init(frame: Frame, heading: String = "出错了", message: String, action: Action? = nil, id: String = "message") {
    self.frame = frame
    self.heading = heading
    self.message = message
    self.action = action
    self.id = id
  }

  /// The prompt on a page that needs a signed-in person: why to sign in, and the button that does.
  package static func signIn(_ frame: Frame, heading: String, message: String, loginURL: String) -> MessagePage {
    MessagePage(frame: frame, heading: heading, message: message,
                action: Action(href: loginURL, label: "登录", id: "login", primary: true), id: "signin")
  }

  package func child(named name: String) -> Any? {
    switch name {
    case "heading": heading
    case "message": message
    case "action": action
    case "message_id": id
    default: frame.child(named: name)
    }
  }
}
