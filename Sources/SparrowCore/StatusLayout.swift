import Foundation

/// Measures text the way the platform's text system will draw it.
public protocol TextMeasuring: Sendable {
  /// The size `text` takes in the system font of `fontSize`, wrapped to `maxWidth`.
  func size(of text: String, fontSize: Double, maxWidth: Double) -> Size
}

/// A deterministic stand-in for a text system: CJK and other wide characters are `fontSize` wide, ASCII half
/// that; lines wrap at any character and at newlines; each line is 1.2 × `fontSize` tall.
public struct ApproximateTextMeasure: TextMeasuring {
  public init() {}

  /// The estimated size of `text`; zero for empty text.
  public func size(of text: String, fontSize: Double, maxWidth: Double) -> Size {
    guard !text.isEmpty else { return .zero }
    var lines = 1
    var lineWidth = 0.0
    var widest = 0.0
    for character in text {
      if character.isNewline {
        lines += 1
        lineWidth = 0
        continue
      }
      let width = Self.width(of: character, fontSize: fontSize)
      if lineWidth > 0, lineWidth + width > maxWidth {
        lines += 1
        lineWidth = 0
      }
      lineWidth += width
      widest = max(widest, lineWidth)
    }
    return Size(width: widest, height: Double(lines) * 1.2 * fontSize)
  }

  private static func width(of character: Character, fontSize: Double) -> Double {
    let scalars = character.unicodeScalars
    return scalars.count == 1 && scalars.first?.isASCII == true ? fontSize / 2 : fontSize
  }
}

extension Status {
  /// The text of the retweeted status as a repost shows it: `@name: text`, or just the text when the
  /// original has no author (deleted); nil for an original status.
  public var retweetText: String? {
    guard let original = retweetedStatus?.value else { return nil }
    guard let name = original.user?.screenName, !name.isEmpty else { return original.text }
    return "@\(name): \(original.text)"
  }
}

/// The frame model of a status cell (the notes' `StatusFrameModel`): where every element goes for one
/// width, and the cell's height. All frames are in cell coordinates; an element not shown gets `.zero`.
public struct StatusLayout: Sendable, Equatable {
  /// Sizes and gaps, from the notes.
  public enum Metrics {
    /// The gap between elements and around the cell's content.
    public static let padding: Double = 10
    /// The avatar's side.
    public static let avatarSide: Double = 50
    /// The screen name's font size.
    public static let nameFontSize: Double = 13
    /// The time's and the source's font size.
    public static let timeFontSize: Double = 12
    /// The status text's and the retweeted text's font size.
    public static let textFontSize: Double = 14
    /// The VIP icon's width; it is as tall as the name.
    public static let vipWidth: Double = 14
    /// The toolbar's (转发 评论 赞) height.
    public static let toolbarHeight: Double = 44
    /// The space between two cells, part of each cell's height.
    public static let cellSpacing: Double = 10
  }

  /// The width the layout was made for.
  public let width: Double
  /// The time text the header was measured with.
  public let timeText: String
  /// The avatar.
  public let avatar: Rect
  /// The screen name.
  public let name: Rect
  /// The membership icon after the name.
  public let vip: Rect
  /// The created-at time.
  public let time: Rect
  /// `来自 X`.
  public let source: Rect
  /// The status text.
  public let text: Rect
  /// The status's own pictures.
  public let pictures: Rect
  /// How the own pictures are arranged inside `pictures`.
  public let pictureGrid: PictureGrid
  /// The retweeted status's background, full width.
  public let retweet: Rect
  /// `@name: text` of the retweeted status.
  public let retweetText: Rect
  /// The retweeted status's pictures.
  public let retweetPictures: Rect
  /// How the retweeted pictures are arranged inside `retweetPictures`.
  public let retweetGrid: PictureGrid
  /// The 转发 评论 赞 toolbar.
  public let toolbar: Rect
  /// The row height, spacing included.
  public let cellHeight: Double

  /// Lays out `status` for a cell `width` points wide, with its time reading `timeText`.
  public init(status: Status, width: Double, timeText: String, measuring: some TextMeasuring) {
    let p = Metrics.padding
    let width = max(width, 0)
    let contentWidth = max(width - 2 * p, 0)
    self.width = width
    self.timeText = timeText

    avatar = Rect(x: p, y: p, width: Metrics.avatarSide, height: Metrics.avatarSide)
    let membership = Membership(mbrank: status.user?.mbrank ?? 0)
    let nameX = avatar.maxX + p
    let nameRoom = width - nameX - p - (membership.isMember ? Metrics.vipWidth + p : 0)
    name = Self.line(
      status.user?.screenName ?? "", fontSize: Metrics.nameFontSize, x: nameX, y: p, room: nameRoom, measuring)
    vip = membership.isMember ? Rect(x: name.maxX + p, y: name.y, width: Metrics.vipWidth, height: name.height) : .zero
    (time, source) = Self.header(status, timeText: timeText, x: nameX, y: name.maxY + p, width: width, measuring)

    let textSize = measuring.size(of: status.text, fontSize: Metrics.textFontSize, maxWidth: contentWidth)
    text = Rect(x: p, y: max(time.maxY, avatar.maxY) + p, width: contentWidth, height: textSize.height)
    pictureGrid = PictureGrid(pictures: status.picUrls, width: contentWidth)
    pictures = status.picUrls.isEmpty ? .zero : Rect(x: p, y: text.maxY + p, size: pictureGrid.size)
    let bottom = status.picUrls.isEmpty ? text.maxY : pictures.maxY

    if let original = status.retweetedStatus?.value, let quoted = status.retweetText {
      let top = bottom + p
      let quotedSize = measuring.size(of: quoted, fontSize: Metrics.textFontSize, maxWidth: contentWidth)
      retweetText = Rect(x: p, y: top + p, width: contentWidth, height: quotedSize.height)
      retweetGrid = PictureGrid(pictures: original.picUrls, width: contentWidth)
      retweetPictures = original.picUrls.isEmpty ? .zero : Rect(x: p, y: retweetText.maxY + p, size: retweetGrid.size)
      let retweetBottom = (original.picUrls.isEmpty ? retweetText.maxY : retweetPictures.maxY) + p
      retweet = Rect(x: 0, y: top, width: width, height: retweetBottom - top)
      toolbar = Rect(x: 0, y: retweet.maxY, width: width, height: Metrics.toolbarHeight)
    } else {
      retweetText = .zero
      retweetGrid = PictureGrid(count: 0, width: contentWidth)
      retweetPictures = .zero
      retweet = .zero
      toolbar = Rect(x: 0, y: bottom + p, width: width, height: Metrics.toolbarHeight)
    }
    cellHeight = toolbar.maxY + Metrics.cellSpacing
  }

  private init(_ layout: StatusLayout, timeText: String, time: Rect, source: Rect) {
    self.width = layout.width
    self.timeText = timeText
    self.avatar = layout.avatar
    self.name = layout.name
    self.vip = layout.vip
    self.time = time
    self.source = source
    self.text = layout.text
    self.pictures = layout.pictures
    self.pictureGrid = layout.pictureGrid
    self.retweet = layout.retweet
    self.retweetText = layout.retweetText
    self.retweetPictures = layout.retweetPictures
    self.retweetGrid = layout.retweetGrid
    self.toolbar = layout.toolbar
    self.cellHeight = layout.cellHeight
  }

  /// The same layout with the time reading `timeText` (times change as the clock moves; the text does not).
  /// Only the header line is measured again, unless its height changes.
  public func updating(timeText: String, status: Status, measuring: some TextMeasuring) -> StatusLayout {
    guard timeText != self.timeText else { return self }
    let (time, source) = Self.header(status, timeText: timeText, x: self.time.x, y: self.time.y, width: width, measuring)
    guard time.height == self.time.height else {
      return StatusLayout(status: status, width: width, timeText: timeText, measuring: measuring)
    }
    return StatusLayout(self, timeText: timeText, time: time, source: source)
  }

  /// The own pictures' frames in cell coordinates.
  public var pictureFrames: [Rect] { pictureGrid.frames.map { $0.offsetBy(dx: pictures.x, dy: pictures.y) } }

  /// The retweeted pictures' frames in cell coordinates.
  public var retweetPictureFrames: [Rect] {
    retweetGrid.frames.map { $0.offsetBy(dx: retweetPictures.x, dy: retweetPictures.y) }
  }

  private static func header(
    _ status: Status, timeText: String, x: Double, y: Double, width: Double, _ measuring: some TextMeasuring
  ) -> (time: Rect, source: Rect) {
    let p = Metrics.padding
    let time = line(timeText, fontSize: Metrics.timeFontSize, x: x, y: y, room: width - x - p, measuring)
    guard let sourceText = SourceText.display(status.source) else { return (time, .zero) }
    let sourceX = time.maxX + p
    let source = line(sourceText, fontSize: Metrics.timeFontSize, x: sourceX, y: y, room: width - sourceX - p, measuring)
    return (time, source)
  }

  // A one-line label: measured unwrapped, then cut to the room left (the label truncates with …).
  private static func line(
    _ text: String, fontSize: Double, x: Double, y: Double, room: Double, _ measuring: some TextMeasuring
  ) -> Rect {
    let size = measuring.size(of: text, fontSize: fontSize, maxWidth: .infinity)
    return Rect(x: x, y: y, width: min(size.width, max(room, 0)), height: size.height)
  }
}

/// Layouts by status id for one width: a status is measured once, and a new width starts over.
public struct StatusLayoutCache: Sendable {
  /// The text system the layouts are measured with.
  public let measuring: any TextMeasuring
  /// The width the cached layouts are for; nil before the first layout.
  public private(set) var width: Double?
  private var layouts: [Int64: StatusLayout] = [:]

  public init(measuring: any TextMeasuring = ApproximateTextMeasure()) {
    self.measuring = measuring
  }

  /// How many layouts are cached.
  public var count: Int { layouts.count }

  /// The layout of `status` at `width`, measured only if this status has none for this width yet.
  public mutating func layout(for status: Status, width: Double, timeText: String) -> StatusLayout {
    if width != self.width {
      layouts.removeAll()
      self.width = width
    }
    if let cached = layouts[status.id] {
      let current = cached.updating(timeText: timeText, status: status, measuring: measuring)
      if current.timeText != cached.timeText { layouts[status.id] = current }
      return current
    }
    let layout = StatusLayout(status: status, width: width, timeText: timeText, measuring: measuring)
    layouts[status.id] = layout
    return layout
  }

  /// Forgets one status's layout (its content changed).
  public mutating func invalidate(id: Int64) { layouts[id] = nil }

  /// Forgets every layout.
  public mutating func removeAll() { layouts.removeAll() }
}
