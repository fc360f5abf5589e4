import SparrowPlatform
import SparrowStore
import WeiboStore

/// 设置 (`weibo_settings.mustache`): the account, links, 清除缓存, the version, 退出登录.
struct SettingsPage: PageModel {
  let frame: PageFrame
  let name: String
  let uid: String
  let version: String

  init(frame: PageFrame, viewer: UserRecord, version: String) {
    self.frame = frame
    name = viewer.screenName
    uid = String(viewer.id)
    self.version = version
  }

  func child(named name: String) -> Any? {
    switch name {
    case "name": self.name
    case "uid": uid
    case "version": version
    default: frame.child(named: name)
    }
  }
}
