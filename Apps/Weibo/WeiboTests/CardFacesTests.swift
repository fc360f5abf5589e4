import Foundation
import SparrowCore
import SparrowDemo
import SparrowPlatform
import SparrowStore
import SparrowTestSupport
import WeiboAPI
import Testing
@testable import WeiboWeb

/// Kept card faces (`CardFaces`) against faces rendered afresh, over a random history of the rows a card is made
/// from: authors renamed, given avatars, badges and memberships, their profiles hidden by staff and shown again,
/// counts and marks moving, statuses hidden by staff, originals deleted or out of the viewer's sight, pictures, texts
/// with markup, mentions, topics and emoticons, seen by visitors, by the authors themselves and by others. Every
/// card, through the kept faces, must be the card rendered from nothing; so must 消息's rows (`MessageFaces`).
@Test(arguments: [5, 2026] as [UInt64])
func keptCardFacesAreTheFacesRenderedAfresh(seed: UInt64) async throws {
  let world = try await TestWorld()
  let pages = try await TemplateLibrary.load(adding: WeiboWeb.templates)
  let faces = CardFaces(pages: pages)
  let messageFaces = MessageFaces()
  var random = SplitMix(seed: seed)
  func roll(_ n: Int) -> Int { Int(random.next() % UInt64(n)) }
  let now = Date(timeIntervalSince1970: 1_760_700_000)
  let texts = ["你好 @bob", "<b>&amp;</b> \"引号\" 'x'", "#话题# [哈哈] http://t.cn/abc", "原文", "转发微博"]
  var users = Dictionary(uniqueKeysWithValues: (1...3).map { id in
    (Int64(id), UserRecord(id: Int64(id), screenName: "user\(id)", passwordHash: "", createdAt: now))
  })
  let apps = Dictionary(uniqueKeysWithValues: (1...2).map { id in
    (Int64(id), AppRecord(id: Int64(id), clientID: "c\(id)", secretHash: "", name: "客户端<\(id)>",
                          url: "http://app\(id).test", redirectURI: "", firstParty: false, createdAt: now))
  })
  var statuses: [StatusRecord] = []
  /// Originals the viewer may not see (deleted, private, blocked): the store leaves them out of `originals`.
  var unseen: Set<Int64> = []
  var liked: Set<Int64> = []
  for step in 0..<300 {
    switch roll(9) {
    case 0, 1:
      // A new status, now and then a repost of an earlier original.
      let pictures = (0..<roll(3)).map { PictureRef(id: String(format: "%016x", step * 4 + $0), ext: "jpg", width: 400, height: 300) }
      let originals = statuses.filter { $0.retweetedID == nil }
      let original = originals.isEmpty || roll(3) > 0 ? nil : originals[roll(originals.count)]
      statuses.append(StatusRecord(
        id: Int64(100 + step), userID: Int64(1 + roll(3)), text: texts[roll(texts.count)], appID: Int64(roll(3)),
        createdAt: now.addingTimeInterval(-Double(roll(100_000)) - 0.5), retweetedID: original?.id, pictures: pictures))
    case 2:
      // An author changes what the face shows: name, avatar, badge, membership, or staff hide the profile.
      let id = Int64(1 + roll(3))
      switch roll(5) {
      case 0: users[id]?.screenName = "改名\(step)"
      case 1: users[id]?.avatar = String(format: "%016x", step)
      case 2: users[id]?.verifiedType = [-1, 0, 2][roll(3)]
      case 3: users[id]?.mbrank = roll(7); users[id]?.mbtype = roll(2) * 12
      default: users[id]?.profileHidden.toggle()
      }
    case 3:
      // An original goes out of sight (deleted, or now private or blocked for this viewer), or comes back.
      guard let original = statuses.filter({ $0.retweetedID == nil }).randomElement(using: &random) else { continue }
      if unseen.remove(original.id) == nil { unseen.insert(original.id) }
    case 4:
      // Staff hide a status (its author still sees it, with the notice), or show it again.
      guard !statuses.isEmpty else { continue }
      let i = roll(statuses.count)
      statuses[i].visible = statuses[i].visible == 0 ? Visibility.hiddenByStaff : 0
    default:
      // What the face leaves out: counts, the viewer's marks, the author's counts.
      guard !statuses.isEmpty else { continue }
      let i = roll(statuses.count)
      statuses[i].repostsCount += roll(3)
      statuses[i].commentsCount += roll(3)
      statuses[i].attitudesCount += roll(20_000)
      if liked.remove(statuses[i].id) == nil { liked.insert(statuses[i].id) }
      users[statuses[i].userID]?.followersCount += roll(5)
      users[statuses[i].userID]?.allStatusesCount += 1
    }
    // A page of the newest twenty, as a viewer sees it, through the kept faces and from nothing.
    let page = Array(statuses.suffix(20).reversed())
    let originals = Dictionary(statuses.filter { !unseen.contains($0.id) }.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
    let rows = StatusContextRows(originals: originals, users: users, apps: apps, favorited: [], liked: liked,
                                 following: [], followers: [])
    for viewer in [0, Int64(1 + roll(3))] {
      let presenter = Presenter(store: world.store, baseURL: "http://sparrow.test", viewer: viewer)
      let csrf = viewer == 0 ? nil : "t<&>\"'k"
      let kept = faces.cards(page, rows: rows, presenter: presenter, viewer: viewer, now: now, csrf: csrf)
      let fresh = CardFaces(pages: pages).cards(page, rows: rows, presenter: presenter, viewer: viewer, now: now, csrf: csrf)
      #expect(kept.count == fresh.count)
      for (card, afresh) in zip(kept, fresh) {
        #expect(card.html == afresh.html, "step \(step) viewer \(viewer) status \(card.id)")
      }
      // Each card cut where its values go (`SplicedTemplate`) is the card Mustache renders from its model, for a
      // visitor and for a viewer with a token that needs escaping, liked or not.
      for card in kept { #expect(card.html == pages.text("weibo_card", card), "step \(step) status \(card.id)") }
      // 消息's rows of the same statuses (`MessageFaces`, kept by the same rows) are the rows made afresh.
      let messages = messageFaces.rows(page, rows: rows, presenter: presenter, viewer: viewer, now: now)
      #expect(messages == presenter.statuses(page, rows: rows).map { MessageRow(status: $0, now: now) }, "step \(step)")
    }
  }
}

/// Kept rows (`KeptRenders`: 消息's, 微博正文's and the @ picker's rows by their models) against rows rendered afresh, over a random
/// history of messages, comments, reposts and likes whose authors, texts, times and quotes change; the keep is
/// small, so its generations turn over. Every list through the kept rows must be the list rendered from nothing.
@Test(arguments: [7, 99] as [UInt64])
func keptRowsAreTheRowsRenderedAfresh(seed: UInt64) async throws {
  let pages = try await TemplateLibrary.load(adding: WeiboWeb.templates)
  let messages = KeptRenders<MessageRow>("weibo_row_message", pages: pages, limit: 8)
  let details = KeptRenders<DetailRow>("weibo_row_detail", pages: pages, limit: 8)
  let pickers = KeptRenders<PickerList.Person>("weibo_picker_person", pages: pages, limit: 8)
  var random = SplitMix(seed: seed)
  func roll(_ n: Int) -> Int { Int(random.next() % UInt64(n)) }
  let now = Date(timeIntervalSince1970: 1_760_700_000)
  let texts = ["你好 @bob", "<b>&amp;</b> \"引号\" 'x'", "#话题# [哈哈] http://t.cn/abc", ""]
  var records = (1...3).map { UserRecord(id: Int64($0), screenName: "user\($0)", passwordHash: "", createdAt: now) }
  let more = MoreLink(next: nil, fragment: "/web/x", page: "/x", empty: false)
  for step in 0..<200 {
    let index = roll(records.count)
    switch roll(5) {
    case 0: records[index].screenName = "改名\(step)<&>"
    case 1: records[index].verifiedType = [-1, 0, 2][roll(3)]
    case 2: records[index].mbrank = roll(7); records[index].mbtype = roll(2) * 12
    case 3: records[index].avatar = roll(2) == 0 ? nil : "a\(step).jpg"; records[index].profileHidden = roll(2) == 0
    default: break
    }
    let users = records.map { User($0, baseURL: "https://s.example", viewer: nil) }
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
    // Rows for a viewer who is one of them (their own hidden profile shown to them) and for one who is none.
    let viewer = Int64(roll(5))
    let picked = (0..<(1 + roll(4))).map { _ in
      PickerList.Person(records[roll(records.count)], viewer: viewer, baseURL: "https://s.example")
    }
    let pickedHTML = PickerList(users: picked, query: "", renders: pickers).usersHTML
    #expect(pickedHTML == fresh("weibo_picker_person", picked), "step \(step)")
    // Each row is the API's user as the viewer sees it, labelled as every row labels a user.
    for person in picked {
      let shown = User(person.user, baseURL: "https://s.example", viewer: viewer)
      #expect(pickedHTML.contains("data-insert=\"@\(HTML.escape(shown.screenName)) \""), "step \(step)")
      #expect(pickedHTML.contains("src=\"\(HTML.escape(AuthorLabel(shown).avatar))\""), "step \(step)")
    }
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
