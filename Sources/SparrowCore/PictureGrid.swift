import Foundation

/// A width and a height, in points.
public struct Size: Sendable, Equatable, Hashable {
  public var width: Double
  public var height: Double

  /// No size.
  public static let zero = Size(width: 0, height: 0)

  public init(width: Double, height: Double) {
    self.width = width
    self.height = height
  }
}

/// A rectangle, in points, with the origin at the top left.
public struct Rect: Sendable, Equatable, Hashable {
  public var x: Double
  public var y: Double
  public var width: Double
  public var height: Double

  /// The empty rectangle at the origin: what an element that is not shown gets.
  public static let zero = Rect(x: 0, y: 0, width: 0, height: 0)

  public init(x: Double, y: Double, width: Double, height: Double) {
    self.x = x
    self.y = y
    self.width = width
    self.height = height
  }

  /// A rectangle of `size` at (`x`, `y`).
  public init(x: Double, y: Double, size: Size) {
    self.init(x: x, y: y, width: size.width, height: size.height)
  }

  /// The right edge.
  public var maxX: Double { x + width }
  /// The bottom edge.
  public var maxY: Double { y + height }
  /// The width and height.
  public var size: Size { Size(width: width, height: height) }

  /// The same rectangle moved by (`dx`, `dy`).
  public func offsetBy(dx: Double, dy: Double) -> Rect {
    Rect(x: x + dx, y: y + dy, width: width, height: height)
  }
}

/// One picture of a status as a cell shows it: its three sizes and its badges.
public struct Picture: Sendable, Equatable, Hashable {
  /// The small square-cropped image a grid shows.
  public let thumbnail: String
  /// The medium image (the single-picture cell, the viewer while loading).
  public let bmiddle: String
  /// The full image.
  public let large: String
  /// The real size in pixels, when the server sent it.
  public let pixelSize: Size?
  /// Whether to draw the `GIF` badge: the URL ends with `.gif`, or the server says the type is gif.
  public let isGIF: Bool
  /// Whether to draw the `长图` badge: taller than three times its width, or the server says so.
  public let isLong: Bool

  /// The display form of a wire picture; missing sizes are derived from the thumbnail URL.
  public init(_ pic: PicURL) {
    thumbnail = pic.thumbnailPic
    bmiddle = Self.nonEmpty(pic.bmiddlePic) ?? Self.swapping(pic.thumbnailPic, to: "bmiddle")
    large = Self.nonEmpty(pic.originalPic) ?? Self.swapping(pic.thumbnailPic, to: "large")
    if let width = pic.width, let height = pic.height, width > 0, height > 0 {
      pixelSize = Size(width: Double(width), height: Double(height))
    } else {
      pixelSize = nil
    }
    isGIF = pic.type?.lowercased() == "gif" || Self.hasGIFPath(pic.thumbnailPic) || Self.hasGIFPath(pic.originalPic ?? "")
    isLong = pic.isLong == true || pixelSize.map { $0.height > 3 * $0.width } == true
  }

  /// `…/thumbnail/abc.jpg` → `…/bmiddle/abc.jpg` (or `large`); other URLs unchanged.
  public static func swapping(_ url: String, to size: String) -> String {
    guard let range = url.range(of: "/thumbnail/") else { return url }
    return url.replacingCharacters(in: range, with: "/\(size)/")
  }

  private static func nonEmpty(_ string: String?) -> String? {
    guard let string, !string.isEmpty else { return nil }
    return string
  }

  private static func hasGIFPath(_ url: String) -> Bool {
    let path = url.split(separator: "?", maxSplits: 1).first ?? ""
    return path.lowercased().hasSuffix(".gif")
  }
}

extension Status {
  /// The pictures a cell shows: the status's own, or if it has none, its retweeted status's.
  public var shownPictures: [PicURL] {
    picUrls.isEmpty ? (retweetedStatus?.value.picUrls ?? []) : picUrls
  }
}

/// Where the pictures of a status go (the notes' 九宫格): one picture at its own aspect ratio, four in a
/// 2 × 2 square, any other number in rows of three; nine at most.
public struct PictureGrid: Sendable, Equatable {
  /// The most pictures a status shows; the rest are ignored.
  public static let maxCount = 9
  /// The gap between two pictures.
  public static let margin: Double = 10
  /// Pictures per row, except for four.
  public static let columns = 3

  /// The size of the whole grid; zero without pictures.
  public let size: Size
  /// Each shown picture's frame, relative to the grid's top left.
  public let frames: [Rect]

  /// The grid for `count` pictures in `width` points; `singleSize` is the only picture's real size, if known.
  public init(count: Int, singleSize: Size? = nil, width: Double) {
    let count = min(max(count, 0), Self.maxCount)
    let side = Self.itemSide(width: width)
    switch count {
    case 0:
      size = .zero
      frames = []
    case 1:
      let single = Self.singleSize(singleSize, width: width)
      size = single
      frames = [Rect(x: 0, y: 0, size: single)]
    default:
      let columns = count == 4 ? 2 : min(count, Self.columns)
      let rows = (count + columns - 1) / columns
      size = Size(width: Self.span(columns, side), height: Self.span(rows, side))
      frames = (0..<count).map { index in
        Rect(
          x: Double(index % columns) * (side + Self.margin), y: Double(index / columns) * (side + Self.margin),
          width: side, height: side)
      }
    }
  }

  /// The grid for a status's pictures in `width` points.
  public init(pictures: [PicURL], width: Double) {
    let first = pictures.first.map(Picture.init)
    self.init(count: pictures.count, singleSize: first?.pixelSize, width: width)
  }

  /// The side of one square picture: a third of the width less the gaps.
  public static func itemSide(width: Double) -> Double {
    max((width - Double(columns - 1) * margin) / Double(columns), 0)
  }

  /// The box a single picture must fit: two grid pictures and the gap between them, square.
  public static func singleBox(width: Double) -> Double {
    2 * itemSide(width: width) + margin
  }

  /// A single picture's size: its aspect ratio fitted to the box, with the short side no less than half
  /// a grid picture (very long or wide pictures are cropped, not shown as a sliver); a square without a size.
  public static func singleSize(_ pixels: Size?, width: Double) -> Size {
    let box = singleBox(width: width)
    guard let pixels, pixels.width > 0, pixels.height > 0, pixels.width.isFinite, pixels.height.isFinite else {
      return Size(width: box, height: box)
    }
    let minimum = itemSide(width: width) / 2
    if pixels.width >= pixels.height {
      return Size(width: box, height: max(box * pixels.height / pixels.width, minimum))
    }
    return Size(width: max(box * pixels.width / pixels.height, minimum), height: box)
  }

  private static func span(_ items: Int, _ side: Double) -> Double {
    Double(items) * side + Double(items - 1) * margin
  }
}
