import SparrowPlatform

/// 首页 (`weibo_home.mustache`): the title popover's groups, the timeline's cards and its footer.
struct HomePage: PageModel {
  /// A group in the title popover.
  struct Group: PageModel {
    let title, url: String
    let selected: Bool

    func child(named name: String) -> Any? {
      switch name {
      case "title": title
      case "url": url
      case "selected": selected
      default: nil
      }
    }
  }

  let frame: PageFrame
  let groups: [Group]
  /// The group's name for script (`data-feed`), empty for everyone followed.
  let feed: String
  let list: CardList

  init(frame: PageFrame, group: WeiboWeb.HomeGroup, list: CardList) {
    self.frame = frame
    groups = WeiboWeb.HomeGroup.allCases.map { Group(title: $0.title, url: "/\($0.query)", selected: $0 == group) }
    feed = group.rawValue
    self.list = list
  }

  func child(named name: String) -> Any? {
    switch name {
    case "groups": groups
    case "feed": feed
    default: list.child(named: name) ?? frame.child(named: name)
    }
  }
}
