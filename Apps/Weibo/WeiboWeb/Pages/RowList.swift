import SparrowPlatform

/// One page of rows and its footer: a 微博正文 tab (`weibo_list.mustache`), a 消息 tab (`weibo_rows.mustache`),
/// 关注 or 粉丝 (`weibo_people_rows.mustache`).
struct RowList<Row: PageModel>: PageModel {
  let rows: [Row]
  let more: MoreLink
  /// The rows' markup, for templates that show it whole (`{{{rows_html}}}`): each row rendered by its own template
  /// and kept (`KeptRenders`).
  var rowsHTML = ""

  init(rows: [Row], more: MoreLink) {
    self.rows = rows
    self.more = more
  }

  init(rows: [Row], more: MoreLink, renders: KeptRenders<Row>) where Row: Hashable & Sendable {
    self.init(rows: rows, more: more)
    rowsHTML = renders.html(rows)
  }

  func child(named name: String) -> Any? {
    switch name {
    case "rows": rows
    case "rows_html": rowsHTML
    case "more": more
    default: nil
    }
  }
}
