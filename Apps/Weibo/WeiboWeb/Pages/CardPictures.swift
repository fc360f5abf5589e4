import Foundation
import SparrowCore
import SparrowPlatform

/// The 九宫格 of a card (`weibo_pics.mustache`): one picture at its aspect ratio (the box reserved from the
/// server's size), four as 2 × 2, others in rows of three; `GIF` and `长图` badges.
struct CardPictures: PageModel {
  /// One picture: the shown size (the middle size alone, else the thumbnail), the large one to open, badges.
  struct Item: PageModel {
    let src, large: String
    let gif, long: Bool

    func child(named name: String) -> Any? {
      switch name {
      case "src": src
      case "large": large
      case "gif": gif
      case "long": long
      default: nil
      }
    }
  }

  /// `single`, `four` or `nine`.
  let layout: String
  /// A single picture's box: its width as a share of the column and its aspect ratio; nil for grids.
  let style: String?
  let count: String
  let items: [Item]

  /// The width the single picture's share is taken of.
  static let reference = 300.0

  /// nil for no pictures.
  init?(_ pictures: [Picture]) {
    guard !pictures.isEmpty else { return nil }
    items = pictures.map {
      Item(src: pictures.count == 1 ? $0.bmiddle : $0.thumbnail, large: $0.large, gif: $0.isGIF, long: $0.isLong)
    }
    count = String(pictures.count)
    switch pictures.count {
    case 1:
      let size = PictureGrid(count: 1, singleSize: pictures[0].pixelSize, width: Self.reference).size
      let percent = min(size.width / Self.reference * 100, 100)
      layout = "single"
      style = String(format: "width:%.2f%%;aspect-ratio:%.0f/%.0f", percent, size.width, size.height)
    case 4:
      layout = "four"
      style = nil
    default:
      layout = "nine"
      style = nil
    }
  }

  func child(named name: String) -> Any? {
    switch name {
    case "layout": layout
    case "style": style
    case "count": count
    case "items": items
    default: nil
    }
  }
}
