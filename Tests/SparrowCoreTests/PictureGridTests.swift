import SparrowCore
import Testing

// 320 points wide: pictures are (320 − 2 × 10) / 3 = 100 square with 10 between them.

@Test func noPicturesMakeAnEmptyGrid() {
  let grid = PictureGrid(count: 0, width: 320)

  #expect(grid.size == .zero)
  #expect(grid.frames.isEmpty)
}

@Test(arguments: [
  (2, 210.0, 100.0), (3, 320, 100), (4, 210, 210), (5, 320, 210), (6, 320, 210), (7, 320, 320), (8, 320, 320),
  (9, 320, 320), (10, 320, 320), (30, 320, 320),
])
func severalPicturesFillRowsOfThreeAndFourMakeASquare(_ count: Int, _ width: Double, _ height: Double) {
  let grid = PictureGrid(count: count, width: 320)

  #expect(grid.size == Size(width: width, height: height))
  #expect(grid.frames.count == min(count, 9))
  #expect(grid.frames.allSatisfy { $0.width == 100 && $0.height == 100 })
}

@Test(arguments: [
  (4, [(0.0, 0.0), (110, 0), (0, 110), (110, 110)]),
  (5, [(0, 0), (110, 0), (220, 0), (0, 110), (110, 110)]),
  (2, [(0, 0), (110, 0)]),
])
func picturesAreLaidOutRowByRowWithTheMargin(_ count: Int, _ origins: [(Double, Double)]) {
  let grid = PictureGrid(count: count, width: 320)

  #expect(grid.frames.map(\.x) == origins.map(\.0))
  #expect(grid.frames.map(\.y) == origins.map(\.1))
}

@Test(arguments: [(320.0, 100.0), (650, 210), (20, 0), (0, 0), (-50, 0)])
func itemSideIsAThirdOfTheWidthLessTheGaps(_ width: Double, _ side: Double) {
  let result = PictureGrid.itemSide(width: width)

  #expect(result == side)
}

@Test(arguments: [
  (Size(width: 400, height: 300), Size(width: 210, height: 157.5)),
  (Size(width: 300, height: 400), Size(width: 157.5, height: 210)),
  (Size(width: 1000, height: 1000), Size(width: 210, height: 210)),
  (Size(width: 20, height: 10), Size(width: 210, height: 105)),
  (Size(width: 100, height: 1000), Size(width: 50, height: 210)),
  (Size(width: 1000, height: 100), Size(width: 210, height: 50)),
  (Size(width: 0, height: 0), Size(width: 210, height: 210)),
  (Size(width: -4, height: 3), Size(width: 210, height: 210)),
  (Size(width: .infinity, height: 3), Size(width: 210, height: 210)),
])
func singlePictureKeepsItsAspectRatioInsideTheBox(_ pixels: Size, _ expected: Size) {
  let grid = PictureGrid(count: 1, singleSize: pixels, width: 320)

  #expect(grid.size == expected)
  #expect(grid.frames == [Rect(x: 0, y: 0, size: expected)])
}

@Test func singlePictureWithoutSizeIsASquare() {
  let grid = PictureGrid(pictures: [PicURL(thumbnailPic: "http://i/thumbnail/a.jpg")], width: 320)

  #expect(grid.size == Size(width: 210, height: 210))
}

@Test func singlePictureUsesTheServersSize() {
  let grid = PictureGrid(pictures: [PicURL(thumbnailPic: "http://i/thumbnail/a.jpg", width: 800, height: 400)], width: 320)

  #expect(grid.size == Size(width: 210, height: 105))
}

@Test(arguments: [
  ("http://i/thumbnail/a.gif", nil, true), ("http://i/thumbnail/a.GIF", nil, true),
  ("http://i/thumbnail/a.gif?v=2", nil, true), ("http://i/thumbnail/a.jpg", "gif", true),
  ("http://i/thumbnail/a.jpg", "GIF", true), ("http://i/thumbnail/a.jpg", nil, false),
  ("http://i/gif/a.jpg", "jpeg", false), ("http://i/thumbnail/agif", nil, false),
])
func gifBadgeComesFromTheURLOrTheType(_ url: String, _ type: String?, _ isGIF: Bool) {
  let picture = Picture(PicURL(thumbnailPic: url, type: type))

  #expect(picture.isGIF == isGIF)
}

@Test(arguments: [
  (100, 301, nil, true), (100, 300, nil, false), (300, 100, nil, false), (nil, nil, true, true),
  (nil, nil, false, false), (100, 1000, false, true), (nil, 5000, nil, false), (0, 5000, nil, false),
  (nil, nil, nil, false),
] as [(Int?, Int?, Bool?, Bool)])
func longBadgeWhenTallerThanThreeWidthsOrMarkedLong(_ width: Int?, _ height: Int?, _ marked: Bool?, _ isLong: Bool) {
  let picture = Picture(PicURL(thumbnailPic: "http://i/thumbnail/a.jpg", width: width, height: height, isLong: marked))

  #expect(picture.isLong == isLong)
}

@Test(arguments: [
  (PicURL(thumbnailPic: "http://ww1.sinaimg.cn/thumbnail/a.jpg"), "http://ww1.sinaimg.cn/bmiddle/a.jpg", "http://ww1.sinaimg.cn/large/a.jpg"),
  (PicURL(thumbnailPic: "http://i/thumbnail/a.jpg", bmiddlePic: "http://i/m/a.jpg", originalPic: "http://i/o/a.jpg"), "http://i/m/a.jpg", "http://i/o/a.jpg"),
  (PicURL(thumbnailPic: "http://i/thumbnail/a.jpg", bmiddlePic: "", originalPic: ""), "http://i/bmiddle/a.jpg", "http://i/large/a.jpg"),
  (PicURL(thumbnailPic: "http://i/small/a.jpg"), "http://i/small/a.jpg", "http://i/small/a.jpg"),
])
func pictureSizesSwapThePathSegmentUnlessTheServerSentThem(_ pic: PicURL, _ bmiddle: String, _ large: String) {
  let picture = Picture(pic)

  #expect(picture.bmiddle == bmiddle)
  #expect(picture.large == large)
  #expect(picture.thumbnail == pic.thumbnailPic)
}

@Test func shownPicturesAreTheStatussOwnOrElseTheRetweetedOnes() {
  let own = [PicURL(thumbnailPic: "http://i/thumbnail/own.jpg")]
  let theirs = [PicURL(thumbnailPic: "http://i/thumbnail/theirs.jpg")]
  let original = Status(id: 1, createdAt: "", text: "原文", source: "", user: nil, picUrls: theirs)

  let repost = Status(id: 2, createdAt: "", text: "转发", source: "", user: nil, retweetedStatus: original)
  let both = Status(id: 3, createdAt: "", text: "转发", source: "", user: nil, picUrls: own, retweetedStatus: original)
  let plain = Status(id: 4, createdAt: "", text: "字", source: "", user: nil)

  #expect(repost.shownPictures == theirs)
  #expect(both.shownPictures == own)
  #expect(plain.shownPictures.isEmpty)
}
