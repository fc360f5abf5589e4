import Foundation
import SparrowCore
import Testing

/// Counts how often text is measured; measures like the default.
final class CountingMeasure: TextMeasuring, @unchecked Sendable {
  private let lock = NSLock()
  private var calls: [String] = []

  var count: Int { lock.withLock { calls.count } }
  var texts: [String] { lock.withLock { calls } }

  func size(of text: String, fontSize: Double, maxWidth: Double) -> Size {
    lock.withLock { calls.append(text) }
    return ApproximateTextMeasure().size(of: text, fontSize: fontSize, maxWidth: maxWidth)
  }
}

func isClose(_ a: Rect, _ b: Rect) -> Bool {
  abs(a.x - b.x) < 1e-9 && abs(a.y - b.y) < 1e-9 && abs(a.width - b.width) < 1e-9 && abs(a.height - b.height) < 1e-9
}

func layoutStatus(
  id: Int64 = 1, text: String = "你好世界", mbrank: Int = 0, source: String = #"<a href="x">微博</a>"#,
  pictures: Int = 0, retweet: Status? = nil
) -> Status {
  let user = User(id: 7, screenName: "小明", mbrank: mbrank)
  let pics = (0..<pictures).map { PicURL(thumbnailPic: "http://i/thumbnail/\($0).jpg") }
  return Status(id: id, createdAt: "", text: text, source: source, user: user, picUrls: pics, retweetedStatus: retweet)
}

@Test(arguments: [
  ("", 14.0, 100.0, Size.zero),
  ("abcd", 10, 100, Size(width: 20, height: 12)),
  ("中文", 10, 100, Size(width: 20, height: 12)),
  ("中文中文", 10, 25, Size(width: 20, height: 24)),
  ("a\nb", 10, 100, Size(width: 5, height: 24)),
  ("😀", 10, 100, Size(width: 10, height: 12)),
  ("中", 10, 4, Size(width: 10, height: 12)),
  ("ab中", 10, .infinity, Size(width: 20, height: 12)),
])
func approximateMeasureCountsCJKFullAndASCIIHalfAndWraps(_ text: String, _ fontSize: Double, _ maxWidth: Double, _ expected: Size) {
  let size = ApproximateTextMeasure().size(of: text, fontSize: fontSize, maxWidth: maxWidth)

  #expect(abs(size.width - expected.width) < 1e-9)
  #expect(abs(size.height - expected.height) < 1e-9)
}

@Test func originalStatusStacksHeaderTextAndToolbar() {
  let status = layoutStatus()

  let layout = StatusLayout(status: status, width: 375, timeText: "刚刚", measuring: ApproximateTextMeasure())

  #expect(isClose(layout.avatar, Rect(x: 10, y: 10, width: 50, height: 50)))
  #expect(isClose(layout.name, Rect(x: 70, y: 10, width: 26, height: 15.6)))
  #expect(layout.vip == .zero)
  #expect(isClose(layout.time, Rect(x: 70, y: 35.6, width: 24, height: 14.4)))
  #expect(isClose(layout.source, Rect(x: 104, y: 35.6, width: 54, height: 14.4)))  // 来自 微博
  #expect(isClose(layout.text, Rect(x: 10, y: 70, width: 355, height: 16.8)))
  #expect(layout.pictures == .zero)
  #expect(layout.retweet == .zero && layout.retweetText == .zero && layout.retweetPictures == .zero)
  #expect(isClose(layout.toolbar, Rect(x: 0, y: 96.8, width: 375, height: 44)))
  #expect(abs(layout.cellHeight - 150.8) < 1e-9)
}

@Test(arguments: [(0, false), (1, true), (6, true)])
func membersGetTheVIPIconAfterTheirName(_ mbrank: Int, _ shown: Bool) {
  let status = layoutStatus(mbrank: mbrank)

  let layout = StatusLayout(status: status, width: 375, timeText: "刚刚", measuring: ApproximateTextMeasure())

  let expected = shown ? Rect(x: layout.name.maxX + 10, y: layout.name.y, width: 14, height: layout.name.height) : .zero
  #expect(layout.vip == expected)
}

@Test(arguments: [1, 2, 4, 9])
func ownPicturesGoUnderTheTextAndPushTheToolbarDown(_ count: Int) {
  let status = layoutStatus(pictures: count)

  let layout = StatusLayout(status: status, width: 375, timeText: "刚刚", measuring: ApproximateTextMeasure())

  let grid = PictureGrid(pictures: status.picUrls, width: 355)
  #expect(layout.pictures == Rect(x: 10, y: layout.text.maxY + 10, size: grid.size))
  #expect(layout.pictureGrid == grid)
  #expect(layout.pictureFrames.first?.x == 10)
  #expect(layout.pictureFrames.first?.y == layout.pictures.y)
  #expect(layout.toolbar.y == layout.pictures.maxY + 10)
  #expect(layout.cellHeight == layout.toolbar.maxY + 10)
}

@Test(arguments: [0, 3])
func retweetContainerHoldsTheQuotedTextAndItsPictures(_ pictures: Int) {
  let author = User(id: 9, screenName: "原作者")
  let pics = (0..<pictures).map { PicURL(thumbnailPic: "http://i/thumbnail/r\($0).jpg") }
  let original = Status(id: 5, createdAt: "", text: "原文", source: "", user: author, picUrls: pics)
  let status = layoutStatus(text: "转发微博", retweet: original)
  let measure = ApproximateTextMeasure()

  let layout = StatusLayout(status: status, width: 375, timeText: "刚刚", measuring: measure)

  let quoted = measure.size(of: "@原作者: 原文", fontSize: 14, maxWidth: 355)
  #expect(layout.retweet.y == layout.text.maxY + 10)
  #expect(layout.retweet.x == 0 && layout.retweet.width == 375)
  #expect(layout.retweetText == Rect(x: 10, y: layout.retweet.y + 10, width: 355, height: quoted.height))
  let bottom = pictures == 0 ? layout.retweetText.maxY : layout.retweetPictures.maxY
  #expect(pictures == 0 ? layout.retweetPictures == .zero : layout.retweetPictures.y == layout.retweetText.maxY + 10)
  #expect(layout.retweetPictureFrames.count == pictures)
  #expect(abs(layout.retweet.maxY - (bottom + 10)) < 1e-9)
  #expect(layout.toolbar.y == layout.retweet.maxY)
  #expect(layout.pictures == .zero)
}

@Test(arguments: ["", "garbage <", "<a href=\"x\"></a>"])
func aStatusWithoutANamedSourceHasNoSourceFrame(_ source: String) {
  let status = layoutStatus(source: source)

  let layout = StatusLayout(status: status, width: 375, timeText: "3分钟前", measuring: ApproximateTextMeasure())

  #expect(layout.source == .zero)
}

@Test(arguments: [(375.0, 320.0), (320, 200), (768, 375)])
func aNarrowerCellWrapsTheTextIntoATallerCell(_ wide: Double, _ narrow: Double) {
  let status = layoutStatus(text: String(repeating: "长微博内容", count: 20))

  let wideLayout = StatusLayout(status: status, width: wide, timeText: "刚刚", measuring: ApproximateTextMeasure())
  let narrowLayout = StatusLayout(status: status, width: narrow, timeText: "刚刚", measuring: ApproximateTextMeasure())

  #expect(narrowLayout.cellHeight > wideLayout.cellHeight)
  #expect(narrowLayout.text.width == narrow - 20)
}

@Test(arguments: [0.0, 5, 100])
func oneLineLabelsAreCutToTheRoomLeft(_ width: Double) {
  let status = layoutStatus(mbrank: 3)

  let layout = StatusLayout(status: status, width: width, timeText: "2019-03-08 14:05", measuring: ApproximateTextMeasure())

  #expect(layout.name.width >= 0 && layout.time.width >= 0 && layout.source.width >= 0)
  #expect(layout.time.maxX <= max(width - 10, layout.time.x))
  #expect(layout.cellHeight > 0)
}

@Test func updatingTheTimeMatchesAFreshLayout() {
  let status = layoutStatus()
  let measure = CountingMeasure()
  let layout = StatusLayout(status: status, width: 375, timeText: "刚刚", measuring: measure)
  let before = measure.count

  let updated = layout.updating(timeText: "12分钟前", status: status, measuring: measure)

  #expect(updated == StatusLayout(status: status, width: 375, timeText: "12分钟前", measuring: ApproximateTextMeasure()))
  #expect(measure.count - before == 2)  // the time and the source, nothing else
}

@Test func aCachedStatusIsNotMeasuredAgain() {
  let measure = CountingMeasure()
  var cache = StatusLayoutCache(measuring: measure)
  let status = layoutStatus()
  let first = cache.layout(for: status, width: 375, timeText: "刚刚")
  let measured = measure.count

  let second = cache.layout(for: status, width: 375, timeText: "刚刚")

  #expect(measured == 4)  // name, time, source, text
  #expect(measure.count == measured)
  #expect(second == first)
}

@Test func aWidthChangeMeasuresEverythingAgain() {
  let measure = CountingMeasure()
  var cache = StatusLayoutCache(measuring: measure)
  let statuses = [layoutStatus(id: 1), layoutStatus(id: 2, text: "另一条")]
  for status in statuses { _ = cache.layout(for: status, width: 375, timeText: "刚刚") }
  let measured = measure.count

  let rotated = cache.layout(for: statuses[0], width: 667, timeText: "刚刚")

  #expect(measure.count == measured + 4)
  #expect(rotated.width == 667)
  #expect(cache.width == 667)
  #expect(cache.count == 1)  // the other status's old-width layout is gone
}

@Test func aNewTimeTextOnlyMeasuresTheHeaderOfACachedStatus() {
  let measure = CountingMeasure()
  var cache = StatusLayoutCache(measuring: measure)
  let status = layoutStatus()
  _ = cache.layout(for: status, width: 375, timeText: "刚刚")
  let measured = measure.count

  let later = cache.layout(for: status, width: 375, timeText: "5分钟前")
  let again = cache.layout(for: status, width: 375, timeText: "5分钟前")

  #expect(measure.count == measured + 2)
  #expect(later.timeText == "5分钟前")
  #expect(again == later)
}

@Test func invalidatingAStatusMeasuresItAgain() {
  let measure = CountingMeasure()
  var cache = StatusLayoutCache(measuring: measure)
  let status = layoutStatus()
  _ = cache.layout(for: status, width: 375, timeText: "刚刚")
  let measured = measure.count

  cache.invalidate(id: status.id)
  _ = cache.layout(for: status, width: 375, timeText: "刚刚")

  #expect(measure.count == measured * 2)
}

@Test(arguments: [
  (User(id: 1, screenName: "原作者"), "原文", "@原作者: 原文"),
  (nil, "此微博已被原作者删除。", "此微博已被原作者删除。"),
  (User(id: 1, screenName: ""), "x", "x"),
] as [(User?, String, String)])
func retweetTextIsAtNameColonText(_ author: User?, _ text: String, _ expected: String) {
  let original = Status(id: 1, createdAt: "", text: text, source: "", user: author)

  let repost = Status(id: 2, createdAt: "", text: "转发微博", source: "", user: nil, retweetedStatus: original)

  #expect(repost.retweetText == expected)
  #expect(original.retweetText == nil)
}
