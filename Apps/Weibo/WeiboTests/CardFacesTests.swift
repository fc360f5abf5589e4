import Foundation
import SparrowCore
import SparrowDemo
import SparrowPlatform
import Testing
@testable import WeiboWeb

/// Kept card faces (`CardFaces`) against faces rendered afresh, over a random history of what a card shows: authors
/// renamed, given avatars, badges and memberships, counts and marks moving, originals deleted, pictures, texts with
/// markup, mentions, topics and emoticons. Every card, through the kept faces, must be the card rendered from nothing.
@Test(arguments: [5, 2026] as [UInt64])
func keptCardFacesAreTheFacesRenderedAfresh(seed: UInt64) async throws {
  let pages = try await TemplateLibrary.load(adding: WeiboWeb.templates)
  let faces = CardFaces(pages: pages)
  var random = SplitMix(seed: seed)
  func roll(_ n: Int) -> Int { Int(random.next() % UInt64(n)) }
  let now = Date(timeIntervalSince1970: 1_760_700_000)
  let texts = ["你好 @bob", "<b>&amp;</b> \"引号\" 'x'", "#话题# [哈哈] http://t.cn/abc", "原文", "转发微博"]
  var users = (1...3).map { User(id: Int64($0), screenName: "user\($0)") }
  var statuses: [Status] = []
  for step in 0..<300 {
    switch roll(8) {
    case 0, 1:
      // A new status, now and then a repost of an earlier one.
      let pictures = (0..<roll(3)).map { PicURL(thumbnailPic: "http://x/thumbnail/\(step)-\($0).jpg", width: 400, height: 300) }
      let original = statuses.isEmpty || roll(3) > 0 ? nil : statuses[roll(statuses.count)]
      statuses.append(Status(
        id: Int64(100 + step), createdAt: WeiboDate.string(from: now.addingTimeInterval(-Double(roll(100_000)))),
        text: texts[roll(texts.count)], source: roll(2) == 0 ? "" : "<a href=\"x\">客户端\(roll(3))</a>",
        user: users[roll(users.count)], picUrls: pictures, retweetedStatus: original))
    case 2:
      // An author changes what the face shows: name, avatar, badge or membership.
      let index = roll(users.count)
      switch roll(4) {
      case 0: users[index].screenName = "改名\(step)"
      case 1: users[index].profileImageUrl = "/avatars/\(index)/\(step).png"
      case 2: users[index].verifiedType = [-1, 0, 2][roll(3)]; users[index].verified = users[index].verifiedType >= 0
      default: users[index].mbrank = roll(7); users[index].mbtype = roll(2) * 12
      }
      for i in statuses.indices where statuses[i].user?.id == users[index].id { statuses[i].user = users[index] }
    case 3:
      // An original is deleted: its reposts quote it as gone.
      guard !statuses.isEmpty else { continue }
      let gone = statuses.remove(at: roll(statuses.count)).id
      for i in statuses.indices where statuses[i].retweetedStatus?.value.id == gone {
        statuses[i].retweetedStatus = Box(.deletedOriginal(id: gone))
      }
    default:
      // What the face leaves out: counts, the viewer's marks, the author's counts and relations.
      guard !statuses.isEmpty else { continue }
      let i = roll(statuses.count)
      statuses[i].repostsCount += roll(3)
      statuses[i].commentsCount += roll(3)
      statuses[i].attitudesCount += roll(20_000)
      statuses[i].liked.toggle()
      statuses[i].favorited = roll(2) == 0
      statuses[i].user?.followersCount += roll(5)
      statuses[i].user?.following = roll(2) == 0
    }
    // A page of the newest twenty, as a viewer sees it, through the kept faces and from nothing.
    let page = Array(statuses.suffix(20).reversed())
    let kept = pages.text("weibo_cards", CardList(page, faces: faces, now: now, csrf: "tok", more: nil))
    let fresh = pages.text("weibo_cards", CardList(page, faces: CardFaces(pages: pages), now: now, csrf: "tok", more: nil))
    #expect(kept == fresh, "step \(step)")
    for status in page { #expect(faces.face(status) == faces.render(status), "step \(step) status \(status.id)") }
    // Each card cut where its values go (`SplicedTemplate`) is the card Mustache renders from its model, for a
    // visitor and for a viewer with a token that needs escaping, liked or not.
    for status in page {
      for csrf in [nil, "t<&>\"'k"] as [String?] {
        let card = faces.card(status, now: now, csrf: csrf)
        #expect(card.html == pages.text("weibo_card", card), "step \(step) status \(status.id) csrf \(csrf ?? "-")")
      }
    }
  }
}

/// Kept rows (`KeptRenders`: 消息's and 微博正文's rows by their models) against rows rendered afresh, over a random
/// history of messages, comments, reposts and likes whose authors, texts, times and quotes change; the keep is
/// small, so its generations turn over. Every list through the kept rows must be the list rendered from nothing.
@Test(arguments: [7, 99] as [UInt64])
func keptRowsAreTheRowsRenderedAfresh(seed: UInt64) async throws {
  let pages = try await TemplateLibrary.load(adding: WeiboWeb.templates)
  let messages = KeptRenders<MessageRow>("weibo_row_message", pages: pages, limit: 8)
  let details = KeptRenders<DetailRow>("weibo_row_detail", pages: pages, limit: 8)
  var random = SplitMix(seed: seed)
  func roll(_ n: Int) -> Int { Int(random.next() % UInt64(n)) }
  let now = Date(timeIntervalSince1970: 1_760_700_000)
  let texts = ["你好 @bob", "<b>&amp;</b> \"引号\" 'x'", "#话题# [哈哈] http://t.cn/abc", ""]
  var users = (1...3).map { User(id: Int64($0), screenName: "user\($0)") }
  let more = MoreLink(next: nil, fragment: "/web/x", page: "/x", empty: false)
  for step in 0..<200 {
    let index = roll(users.count)
    switch roll(4) {
    case 0: users[index].screenName = "改名\(step)<&>"
    case 1: users[index].verifiedType = [-1, 0, 2][roll(3)]; users[index].verified = users[index].verifiedType >= 0
    case 2: users[index].mbrank = roll(7); users[index].mbtype = roll(2) * 12
    default: break
    }
    func status(_ id: Int) -> Status {
      Status(id: Int64(id), createdAt: WeiboDate.string(from: now.addingTimeInterval(-Double(roll(200_000)))),
             text: texts[roll(texts.count)], source: "", user: users[roll(users.count)],
             retweetedStatus: roll(3) == 0 ? status(id + 1_000) : nil)
    }
    var messageRows: [MessageRow] = []
    var detailRows: [DetailRow] = []
    for i in 0..<(1 + roll(6)) {
      let about = roll(4) == 0 ? nil : status(roll(5))
      var comment = Comment(id: Int64(i), createdAt: about?.createdAt ?? "", text: texts[roll(texts.count)], source: "",
                            user: users[roll(users.count)], status: about)
      comment.hiddenByStaff = roll(5) == 0 ? true : nil
      switch roll(3) {
      case 0: messageRows.append(MessageRow(status: status(roll(5)), now: now))
      case 1: messageRows.append(MessageRow(comment: comment, now: now))
      default: messageRows.append(MessageRow(liker: users[roll(users.count)], status: about, at: now - 90, now: now))
      }
      switch roll(3) {
      case 0: detailRows.append(DetailRow(comment: comment, on: 7, viewerID: [nil, 1, 2][roll(3)], now: now))
      case 1: detailRows.append(DetailRow(repost: status(roll(5)), now: now))
      default: detailRows.append(DetailRow(liker: users[roll(users.count)], at: now - Double(roll(90_000)), now: now))
      }
    }
    func fresh<Row: PageModel>(_ template: String, _ rows: [Row]) -> String {
      rows.map { pages.text(template, $0) }.joined()
    }
    #expect(RowList(rows: messageRows, more: more, renders: messages).rowsHTML == fresh("weibo_row_message", messageRows),
            "step \(step)")
    #expect(RowList(rows: detailRows, more: more, renders: details).rowsHTML == fresh("weibo_row_detail", detailRows),
            "step \(step)")
  }
}

/// Kept text HTML (`WebRichText.html(_:links:)`) against the text parsed afresh, with and without links: the same
/// text asked for again, in either form, is what parsing it gives.
@Test func keptTextHTMLIsTheTextParsedAfresh() {
  let texts = ["你好 @bob", "<b>&amp;</b> \"引号\" 'x'", "#话题# [哈哈] http://t.cn/abc", "", "a\nb"]
  for _ in 0..<2 {
    for text in texts {
      for links in [true, false] {
        let fresh = WebRichText.html(RichText(text, isEmoticon: { WebRichText.emoticonImages[$0] != nil }), links: links)
        #expect(WebRichText.html(text, links: links) == fresh)
      }
    }
  }
  #expect(WebRichText.html("@bob", links: true) != WebRichText.html("@bob", links: false))
}
