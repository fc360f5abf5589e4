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
