import SparrowPlatform

/// 我的收藏 (`weibo_feed.mustache`): the viewer's favourites as cards.
struct FavoritesPage: PageModel {
  let frame: PageFrame
  let list: CardList

  func child(named name: String) -> Any? {
    list.child(named: name) ?? frame.child(named: name)
  }
}
