import SparrowStore

/// 注册成功 (`signed_up.mustache`): the new account's name and id.
struct SignedUpPage: PageModel {
  let screenName: String
  let id: String

  init(user: UserRecord) {
    screenName = user.screenName
    id = String(user.id)
  }

  func child(named name: String) -> Any? {
    switch name {
    case "title": "注册成功"
    case "screen_name": screenName
    case "id": id
    default: nil
    }
  }
}
