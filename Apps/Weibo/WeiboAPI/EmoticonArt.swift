import Foundation
import SparrowPlatform

/// Sparrow's own emoticon drawings, as SVG: faces built from eyes, mouths and extras, a few objects,
/// and a flower-headed cartoon character. Nothing here copies any other service's artwork.
struct EmoticonArt {
  enum Eyes { case dots, happy, closed, hearts, stars, dizzy, wide, angry, wink, sleepy, money, shades, rolling, crying, squint, sideLeft, sideRight }
  enum Mouth { case smile, grin, laugh, flat, frown, open, tongue, zipped, drool, pout, kiss, vomit, yawn, wavy, smirk, teeth, shush }
  enum Extra { case blush, sweat, tear, anger, heart, zzz, sick, sparkle, mask, nosePick, hand }

  /// A face drawing.
  struct Face {
    var skin = "#ffcc33"
    var eyes: Eyes
    var mouth: Mouth
    var extras: [Extra] = []
  }

  /// An object drawing.
  enum Object { case thumbsUp, thumbsDown, ok, victory, handshake, stop, beckon, star, cake, heart, brokenHeart, clap, rose, sun, moon, gift }

  static let size = 64

  static func face(_ face: Face, flower: Bool = false) -> String {
    var parts: [String] = []
    if flower {
      let petals = (0..<8).map { i -> String in
        let angle = Double(i) * 45
        return "<ellipse cx=\"32\" cy=\"9\" rx=\"7\" ry=\"10\" fill=\"#ff8fb0\" transform=\"rotate(\(angle) 32 32)\"/>"
      }
      parts.append(contentsOf: petals)
      parts.append("<circle cx=\"32\" cy=\"32\" r=\"20\" fill=\"\(face.skin)\" stroke=\"#e0a000\" stroke-width=\"1.5\"/>")
    } else {
      parts.append("<circle cx=\"32\" cy=\"32\" r=\"29\" fill=\"\(face.skin)\" stroke=\"#e09a00\" stroke-width=\"2\"/>")
    }
    let scale = flower ? 0.7 : 1.0
    var inner: [String] = [eyes(face.eyes), mouth(face.mouth)]
    inner.append(contentsOf: face.extras.map(extra))
    parts.append("<g transform=\"translate(32 32) scale(\(scale)) translate(-32 -32)\">\(inner.joined())</g>")
    return wrap(parts.joined())
  }

  static func object(_ object: Object) -> String {
    let stroke = "stroke=\"#8a5a00\" stroke-width=\"2\" stroke-linejoin=\"round\""
    let body: String
    switch object {
    case .thumbsUp, .thumbsDown:
      let hand = "<rect x=\"14\" y=\"30\" width=\"30\" height=\"24\" rx=\"6\" fill=\"#ffcc33\" \(stroke)/>"
        + "<rect x=\"26\" y=\"8\" width=\"11\" height=\"26\" rx=\"5.5\" fill=\"#ffcc33\" \(stroke)/>"
        + "<rect x=\"6\" y=\"30\" width=\"10\" height=\"24\" rx=\"3\" fill=\"#ff8200\"/>"
      body = object == .thumbsUp ? hand : "<g transform=\"rotate(180 32 32)\">\(hand)</g>"
    case .ok:
      body = "<circle cx=\"24\" cy=\"26\" r=\"10\" fill=\"none\" stroke=\"#ffcc33\" stroke-width=\"7\"/>"
        + "<rect x=\"34\" y=\"10\" width=\"8\" height=\"26\" rx=\"4\" fill=\"#ffcc33\" \(stroke)/>"
        + "<rect x=\"43\" y=\"14\" width=\"8\" height=\"24\" rx=\"4\" fill=\"#ffcc33\" \(stroke)/>"
        + "<rect x=\"20\" y=\"34\" width=\"32\" height=\"22\" rx=\"8\" fill=\"#ffcc33\" \(stroke)/>"
    case .victory:
      body = "<rect x=\"20\" y=\"6\" width=\"9\" height=\"30\" rx=\"4.5\" fill=\"#ffcc33\" \(stroke) transform=\"rotate(-12 24 30)\"/>"
        + "<rect x=\"34\" y=\"6\" width=\"9\" height=\"30\" rx=\"4.5\" fill=\"#ffcc33\" \(stroke) transform=\"rotate(12 38 30)\"/>"
        + "<rect x=\"16\" y=\"32\" width=\"32\" height=\"24\" rx=\"8\" fill=\"#ffcc33\" \(stroke)/>"
    case .handshake:
      body = "<rect x=\"4\" y=\"24\" width=\"34\" height=\"18\" rx=\"8\" fill=\"#ffcc33\" \(stroke)/>"
        + "<rect x=\"26\" y=\"24\" width=\"34\" height=\"18\" rx=\"8\" fill=\"#f5b041\" \(stroke)/>"
        + "<path d=\"M28 26 l6 8 l6 -8\" fill=\"none\" \(stroke)/>"
    case .stop:
      body = "<circle cx=\"32\" cy=\"32\" r=\"26\" fill=\"#e74c3c\"/><path d=\"M20 20 L44 44 M44 20 L20 44\" stroke=\"#fff\" stroke-width=\"7\" stroke-linecap=\"round\"/>"
    case .beckon:
      body = "<rect x=\"18\" y=\"26\" width=\"28\" height=\"28\" rx=\"8\" fill=\"#ffcc33\" \(stroke)/>"
        + "<path d=\"M24 26 q0 -16 10 -16 q10 0 8 12\" fill=\"none\" stroke=\"#ffcc33\" stroke-width=\"8\" stroke-linecap=\"round\"/>"
        + "<path d=\"M50 14 l8 -4 M52 22 l9 0\" stroke=\"#ff8200\" stroke-width=\"3\" stroke-linecap=\"round\"/>"
    case .star:
      body = "<path d=\"M32 4 L40 24 L61 24 L44 37 L50 58 L32 45 L14 58 L20 37 L3 24 L24 24 Z\" fill=\"#ffcc33\" \(stroke)/>"
    case .cake:
      body = "<rect x=\"10\" y=\"32\" width=\"44\" height=\"24\" rx=\"4\" fill=\"#f8c9a0\" \(stroke)/>"
        + "<path d=\"M10 38 q5.5 6 11 0 q5.5 6 11 0 q5.5 6 11 0 q5.5 6 11 0\" fill=\"#ff8fb0\"/>"
        + "<rect x=\"29\" y=\"16\" width=\"6\" height=\"16\" fill=\"#5dade2\"/><ellipse cx=\"32\" cy=\"11\" rx=\"4\" ry=\"6\" fill=\"#ff8200\"/>"
    case .heart, .brokenHeart:
      let heart = "<path d=\"M32 56 C6 38 6 14 20 12 C27 11 31 16 32 20 C33 16 37 11 44 12 C58 14 58 38 32 56 Z\" fill=\"#e8413c\" stroke=\"#b02a27\" stroke-width=\"2\"/>"
      body = object == .heart ? heart : heart + "<path d=\"M32 20 L27 30 L36 36 L29 48\" fill=\"none\" stroke=\"#fff\" stroke-width=\"4\" stroke-linejoin=\"round\"/>"
    case .clap:
      body = "<rect x=\"10\" y=\"16\" width=\"22\" height=\"34\" rx=\"10\" fill=\"#ffcc33\" \(stroke) transform=\"rotate(-15 21 33)\"/>"
        + "<rect x=\"32\" y=\"16\" width=\"22\" height=\"34\" rx=\"10\" fill=\"#f5b041\" \(stroke) transform=\"rotate(15 43 33)\"/>"
        + "<path d=\"M30 6 v6 M20 8 l3 5 M42 8 l-3 5\" stroke=\"#ff8200\" stroke-width=\"3\" stroke-linecap=\"round\"/>"
    case .rose:
      body = "<path d=\"M32 34 V60\" stroke=\"#2e8b57\" stroke-width=\"4\"/><path d=\"M32 48 q-12 -2 -14 -10 q10 0 14 8\" fill=\"#3cb371\"/>"
        + "<circle cx=\"32\" cy=\"22\" r=\"14\" fill=\"#e8413c\"/><path d=\"M24 20 q8 -10 16 0 q-8 8 -16 0\" fill=\"#b02a27\"/>"
    case .sun:
      let rays = (0..<8).map { "<rect x=\"30\" y=\"2\" width=\"4\" height=\"12\" rx=\"2\" fill=\"#ff8200\" transform=\"rotate(\(Double($0) * 45) 32 32)\"/>" }
      body = rays.joined() + "<circle cx=\"32\" cy=\"32\" r=\"16\" fill=\"#ffcc33\"/>"
    case .moon:
      body = "<path d=\"M40 6 A26 26 0 1 0 58 44 A20 20 0 1 1 40 6 Z\" fill=\"#f7dc6f\" stroke=\"#d4ac0d\" stroke-width=\"2\"/>"
    case .gift:
      body = "<rect x=\"10\" y=\"26\" width=\"44\" height=\"30\" rx=\"3\" fill=\"#e8413c\"/><rect x=\"6\" y=\"18\" width=\"52\" height=\"10\" rx=\"2\" fill=\"#ff5e57\"/>"
        + "<rect x=\"28\" y=\"18\" width=\"8\" height=\"38\" fill=\"#ffcc33\"/><path d=\"M32 18 q-14 -16 -14 -2 Z M32 18 q14 -16 14 -2 Z\" fill=\"#ffcc33\"/>"
    }
    return wrap(body)
  }

  private static func wrap(_ body: String) -> String {
    "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(size)\" height=\"\(size)\" viewBox=\"0 0 64 64\">\(body)</svg>"
  }

  private static let ink = "#5a3200"

  private static func eyes(_ eyes: Eyes) -> String {
    let line = "fill=\"none\" stroke=\"\(ink)\" stroke-width=\"3\" stroke-linecap=\"round\""
    switch eyes {
    case .dots: return "<circle cx=\"22\" cy=\"26\" r=\"4\" fill=\"\(ink)\"/><circle cx=\"42\" cy=\"26\" r=\"4\" fill=\"\(ink)\"/>"
    case .happy: return "<path d=\"M16 28 q6 -8 12 0 M36 28 q6 -8 12 0\" \(line)/>"
    case .closed: return "<path d=\"M16 26 h12 M36 26 h12\" \(line)/>"
    case .squint: return "<path d=\"M16 22 l10 4 l-10 4 M48 22 l-10 4 l10 4\" \(line)/>"
    case .hearts:
      let heart = { (x: Int) in "<path d=\"M\(x) 32 C\(x - 9) 25 \(x - 7) 17 \(x) 21 C\(x + 7) 17 \(x + 9) 25 \(x) 32 Z\" fill=\"#e8413c\"/>" }
      return heart(22) + heart(42)
    case .stars:
      let star = { (x: Int) in "<path d=\"M\(x) 18 l2.5 6 l6.5 0 l-5 4 l2 6 l-6 -4 l-6 4 l2 -6 l-5 -4 l6.5 0 Z\" fill=\"#ff8200\"/>" }
      return star(22) + star(42)
    case .dizzy:
      return "<path d=\"M17 21 l10 10 M27 21 l-10 10 M37 21 l10 10 M47 21 l-10 10\" \(line)/>"
    case .wide:
      return "<circle cx=\"22\" cy=\"25\" r=\"7\" fill=\"#fff\" stroke=\"\(ink)\" stroke-width=\"2\"/><circle cx=\"22\" cy=\"25\" r=\"3\" fill=\"\(ink)\"/>"
        + "<circle cx=\"42\" cy=\"25\" r=\"7\" fill=\"#fff\" stroke=\"\(ink)\" stroke-width=\"2\"/><circle cx=\"42\" cy=\"25\" r=\"3\" fill=\"\(ink)\"/>"
    case .angry:
      return "<path d=\"M14 18 l12 6 M50 18 l-12 6\" \(line)/><circle cx=\"22\" cy=\"29\" r=\"3.5\" fill=\"\(ink)\"/><circle cx=\"42\" cy=\"29\" r=\"3.5\" fill=\"\(ink)\"/>"
    case .wink: return "<circle cx=\"22\" cy=\"26\" r=\"4\" fill=\"\(ink)\"/><path d=\"M36 27 q6 -7 12 0\" \(line)/>"
    case .sleepy: return "<path d=\"M16 27 q6 5 12 0 M36 27 q6 5 12 0\" \(line)/>"
    case .money:
      return "<text x=\"22\" y=\"33\" font-size=\"16\" text-anchor=\"middle\" fill=\"#2e8b57\" font-weight=\"bold\" font-family=\"sans-serif\">$</text>"
        + "<text x=\"42\" y=\"33\" font-size=\"16\" text-anchor=\"middle\" fill=\"#2e8b57\" font-weight=\"bold\" font-family=\"sans-serif\">$</text>"
    case .shades:
      return "<path d=\"M10 22 h44 v4 h-3 q-1 9 -10 9 q-8 0 -9 -9 h-4 q-1 9 -9 9 q-9 0 -10 -9 h-3 Z\" fill=\"#222\"/>"
    case .rolling:
      return "<circle cx=\"22\" cy=\"26\" r=\"7\" fill=\"#fff\" stroke=\"\(ink)\" stroke-width=\"2\"/><circle cx=\"22\" cy=\"21\" r=\"3\" fill=\"\(ink)\"/>"
        + "<circle cx=\"42\" cy=\"26\" r=\"7\" fill=\"#fff\" stroke=\"\(ink)\" stroke-width=\"2\"/><circle cx=\"42\" cy=\"21\" r=\"3\" fill=\"\(ink)\"/>"
    case .crying:
      return "<path d=\"M16 26 q6 4 12 0 M36 26 q6 4 12 0\" \(line)/>"
        + "<path d=\"M20 30 v16 M44 30 v16\" stroke=\"#5dade2\" stroke-width=\"5\" stroke-linecap=\"round\"/>"
    case .sideLeft: return "<circle cx=\"19\" cy=\"26\" r=\"4\" fill=\"\(ink)\"/><circle cx=\"39\" cy=\"26\" r=\"4\" fill=\"\(ink)\"/>"
    case .sideRight: return "<circle cx=\"25\" cy=\"26\" r=\"4\" fill=\"\(ink)\"/><circle cx=\"45\" cy=\"26\" r=\"4\" fill=\"\(ink)\"/>"
    }
  }

  private static func mouth(_ mouth: Mouth) -> String {
    let line = "fill=\"none\" stroke=\"\(ink)\" stroke-width=\"3\" stroke-linecap=\"round\""
    switch mouth {
    case .smile: return "<path d=\"M20 40 q12 10 24 0\" \(line)/>"
    case .grin: return "<path d=\"M18 38 q14 16 28 0 Z\" fill=\"\(ink)\"/><path d=\"M22 39 h20\" stroke=\"#fff\" stroke-width=\"3\"/>"
    case .laugh: return "<path d=\"M16 36 q16 22 32 0 Z\" fill=\"\(ink)\"/><path d=\"M24 46 q8 6 16 0\" fill=\"#e8413c\"/>"
    case .flat: return "<path d=\"M22 43 h20\" \(line)/>"
    case .frown: return "<path d=\"M20 47 q12 -10 24 0\" \(line)/>"
    case .open: return "<ellipse cx=\"32\" cy=\"44\" rx=\"6\" ry=\"8\" fill=\"\(ink)\"/>"
    case .tongue: return "<path d=\"M20 40 q12 10 24 0\" \(line)/><path d=\"M30 44 q6 12 12 0 Z\" fill=\"#e8413c\"/>"
    case .zipped:
      return "<path d=\"M18 43 h28\" \(line)/><path d=\"M22 39 v8 M28 39 v8 M34 39 v8 M40 39 v8\" stroke=\"\(ink)\" stroke-width=\"2\"/>"
    case .drool: return "<path d=\"M20 40 q12 10 24 0\" \(line)/><path d=\"M40 44 v10\" stroke=\"#5dade2\" stroke-width=\"4\" stroke-linecap=\"round\"/>"
    case .pout: return "<path d=\"M26 44 q6 -6 12 0 q-6 6 -12 0\" fill=\"#e8413c\"/>"
    case .kiss: return "<path d=\"M28 38 q8 4 0 6 q8 2 0 6\" \(line)/><path d=\"M44 42 c-4 -4 -8 0 -4 4 l4 4 l4 -4 c4 -4 0 -8 -4 -4\" fill=\"#e8413c\"/>"
    case .vomit: return "<ellipse cx=\"32\" cy=\"42\" rx=\"8\" ry=\"5\" fill=\"\(ink)\"/><path d=\"M26 44 q6 18 12 0\" fill=\"#7dcea0\"/>"
    case .yawn: return "<ellipse cx=\"32\" cy=\"44\" rx=\"9\" ry=\"11\" fill=\"\(ink)\"/><ellipse cx=\"32\" cy=\"49\" rx=\"5\" ry=\"3\" fill=\"#e8413c\"/>"
    case .wavy: return "<path d=\"M18 44 q4 -4 7 0 q4 4 7 0 q4 -4 7 0 q4 4 7 0\" \(line)/>"
    case .smirk: return "<path d=\"M24 44 q12 4 18 -6\" \(line)/>"
    case .teeth: return "<rect x=\"18\" y=\"38\" width=\"28\" height=\"10\" rx=\"4\" fill=\"#fff\" stroke=\"\(ink)\" stroke-width=\"2\"/><path d=\"M18 43 h28\" stroke=\"\(ink)\" stroke-width=\"1.5\"/>"
    case .shush: return "<path d=\"M24 44 h16\" \(line)/><rect x=\"29\" y=\"34\" width=\"6\" height=\"22\" rx=\"3\" fill=\"#f5b041\" stroke=\"#8a5a00\" stroke-width=\"1.5\"/>"
    }
  }

  private static func extra(_ extra: Extra) -> String {
    switch extra {
    case .blush: return "<ellipse cx=\"14\" cy=\"38\" rx=\"5\" ry=\"3\" fill=\"#ff8fb0\" opacity=\"0.8\"/><ellipse cx=\"50\" cy=\"38\" rx=\"5\" ry=\"3\" fill=\"#ff8fb0\" opacity=\"0.8\"/>"
    case .sweat: return "<path d=\"M50 8 q6 10 0 14 q-6 -4 0 -14 Z\" fill=\"#5dade2\"/>"
    case .tear: return "<path d=\"M18 32 q5 9 0 12 q-5 -3 0 -12 Z\" fill=\"#5dade2\"/>"
    case .anger: return "<path d=\"M46 6 l4 6 l6 -2 l-2 6 l6 4 l-7 1 l1 7 l-5 -5 l-5 5 l1 -7 l-7 -1 l6 -4 l-2 -6 l6 2 Z\" fill=\"#e8413c\"/>"
    case .heart: return "<path d=\"M52 16 C44 10 46 2 52 6 C58 2 60 10 52 16 Z\" fill=\"#e8413c\"/>"
    case .zzz: return "<text x=\"46\" y=\"16\" font-size=\"14\" fill=\"#5b6ee1\" font-family=\"sans-serif\" font-weight=\"bold\">z</text><text x=\"54\" y=\"8\" font-size=\"10\" fill=\"#5b6ee1\" font-family=\"sans-serif\" font-weight=\"bold\">z</text>"
    case .sick: return "<rect x=\"40\" y=\"40\" width=\"20\" height=\"5\" rx=\"2.5\" fill=\"#fff\" stroke=\"#999\" transform=\"rotate(-30 50 42)\"/><circle cx=\"58\" cy=\"36\" r=\"3\" fill=\"#e8413c\"/>"
    case .sparkle: return "<path d=\"M54 6 l2 5 l5 2 l-5 2 l-2 5 l-2 -5 l-5 -2 l5 -2 Z\" fill=\"#ff8200\"/>"
    case .mask: return "<rect x=\"16\" y=\"36\" width=\"32\" height=\"16\" rx=\"5\" fill=\"#ecf0f1\" stroke=\"#95a5a6\" stroke-width=\"1.5\"/>"
    case .nosePick: return "<rect x=\"30\" y=\"28\" width=\"7\" height=\"20\" rx=\"3.5\" fill=\"#f5b041\" stroke=\"#8a5a00\" stroke-width=\"1.5\"/>"
    case .hand: return "<rect x=\"40\" y=\"40\" width=\"20\" height=\"16\" rx=\"6\" fill=\"#f5b041\" stroke=\"#8a5a00\" stroke-width=\"1.5\"/>"
    }
  }
}
