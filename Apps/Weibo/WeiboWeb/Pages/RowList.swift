import SparrowPlatform

/// One page of rows and its footer: a 微博正文 tab (`weibo_list.mustache`), a 消息 tab (`weibo_rows.mustache`),
/// 关注 or 粉丝 (`weibo_people_rows.mustache`).
struct RowList<Row: PageModel>: PageModel {
  let rows: [Row]
  let more: MoreLink

  func child(named name: String) -> Any? {
    switch name {
    case "rows": rows
    case "more": more
    default: nil
    }
  }
}
