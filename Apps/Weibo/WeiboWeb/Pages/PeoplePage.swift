import SparrowPlatform

/// 关注 and 粉丝 (`weibo_people.mustache`; `weibo_people_rows.mustache` for the next pages): people with their
/// follow boxes.
struct PeoplePage: PageModel {
  let frame: PageFrame
  let list: RowList<PersonRow>

  func child(named name: String) -> Any? {
    list.child(named: name) ?? frame.child(named: name)
  }
}
