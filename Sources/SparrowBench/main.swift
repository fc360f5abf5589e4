import Foundation
import GeoData
import SparrowKit
import SparrowMedia

// Benchmarks that print figures (`make bench` runs them in release mode). No assertions: figures go
// into the issue notes and are compared by people.

/// Runs `body` `count` times and returns the runs per second.
func rate(_ count: Int, _ body: () throws -> Void) rethrows -> Double {
  let start = DispatchTime.now().uptimeNanoseconds
  for _ in 0..<count { try body() }
  return Double(count) / (Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
}

func line(_ name: String, _ value: Double, _ unit: String) {
  print(name.padding(toLength: 52, withPad: " ", startingAt: 0) + String(format: "%10.1f %@", value, unit))
}

// A 12-megapixel photo-like JPEG: turbulence gives it the texture of a real photo, so the encoder works.
let photo = """
  <svg xmlns="http://www.w3.org/2000/svg" width="4000" height="3000">
  <filter id="n"><feTurbulence type="fractalNoise" baseFrequency="0.004" numOctaves="6" seed="7"/></filter>
  <rect width="4000" height="3000" fill="#88aadd"/><rect width="4000" height="3000" filter="url(#n)" opacity="0.9"/>
  </svg>
  """
let processor = ImageProcessor()
// Baseline, as cameras and phones write photos (libvips shrinks those while decoding); a progressive one below.
let jpeg = try processor.renderOrientedJPEG(svg: photo, orientation: 1)
let progressive = try processor.render(svg: photo, as: .jpeg, quality: 90)
print("picture: 4000×3000 baseline JPEG, \(jpeg.count / 1024) KiB (progressive: \(progressive.count / 1024) KiB)")
let header = try processor.inspect(jpeg)
_ = try processor.resize(jpeg, header: header, maxWidth: 180, maxHeight: 180)  // warm up libvips
line("thumbnail (180×180) of a 12 MP JPEG", try rate(20) {
  _ = try processor.resize(jpeg, header: header, maxWidth: 180, maxHeight: 180)
}, "/s")
let progressiveHeader = try processor.inspect(progressive)
line("thumbnail (180×180) of a progressive 12 MP JPEG", try rate(10) {
  _ = try processor.resize(progressive, header: progressiveHeader, maxWidth: 180, maxHeight: 180)
}, "/s")
line("bmiddle (440 wide) of a 12 MP JPEG", try rate(10) {
  _ = try processor.resize(jpeg, header: header, maxWidth: 440, maxHeight: 100_000)
}, "/s")
line("large (re-encoded, upright) of a 12 MP JPEG", try rate(3) {
  _ = try processor.resize(jpeg, header: header, maxWidth: 100_000, maxHeight: 100_000, quality: 90)
}, "/s")
line("header check (type, size, frames)", try rate(2000) { _ = try processor.inspect(jpeg) }, "/s")

// SparrowKit: view models and layout for 10,000 statuses, and tokenizing 1 MB of status text.

let author = User(id: 1_234_567, screenName: "北京美食家", verifiedType: 220, mbrank: 4)
let texts = ["今天天气真好 @小明同学 #周末去哪儿# [哈哈][爱你] https://www.swift.org/ 出门走走😀",
             "Morning run done, 10km in 52 minutes [good] #跑步打卡#", "转发微博//@Alice_Wang:说得太对了[赞]"]
let statuses: [Status] = (0..<10_000).map { n in
  let pictures = (0..<(n % 10)).map {
    PicURL(thumbnailPic: "http://x/thumbnail/\(n)-\($0).jpg", width: 800 + $0 * 10, height: 600, type: "jpeg")
  }
  var status = Status(id: Int64(n + 1), createdAt: WeiboDate.string(from: Date(timeIntervalSince1970: 1_760_000_000 + Double(n * 60))),
                      text: texts[n % texts.count], source: "<a href=\"https://example.org\" rel=\"nofollow\">微博 iPhone客户端</a>",
                      user: author, picUrls: pictures, repostsCount: n * 7, commentsCount: n, attitudesCount: n * 13)
  if n % 4 == 0 { status.retweetedStatus = Box(Status(id: Int64(100_000 + n), createdAt: status.createdAt, text: texts[0], source: "", user: author, picUrls: pictures)) }
  return status
}
let emoticonPhrases: Set<String> = ["[哈哈]", "[爱你]", "[good]", "[赞]"]
let now = Date(timeIntervalSince1970: 1_760_700_000)
let measuring = ApproximateTextMeasure()
var elapsed = DispatchTime.now().uptimeNanoseconds
var heights = 0.0
for status in statuses {
  let model = StatusViewModel(status: status, emoticons: emoticonPhrases)
  let layout = StatusLayout(status: status, width: 375, timeText: model.createdText(now: now), measuring: measuring)
  heights += layout.cellHeight
}
elapsed = DispatchTime.now().uptimeNanoseconds - elapsed
line("view model + layout, 10,000 statuses", Double(elapsed) / 1e6, "ms")
line("  per status", Double(elapsed) / 1e3 / 10_000, "µs")

var megabyte = ""
while megabyte.utf8.count < 1 << 20 { megabyte += texts.joined(separator: " ") + "\n" }
elapsed = DispatchTime.now().uptimeNanoseconds
let segments = RichText(megabyte, isEmoticon: emoticonPhrases.contains).segments.count
elapsed = DispatchTime.now().uptimeNanoseconds - elapsed
line("tokenize 1 MB of status text (\(segments) segments)", Double(elapsed) / 1e6, "ms")
line("  throughput", Double(megabyte.utf8.count) / 1_048_576 / (Double(elapsed) / 1e9), "MB/s")
precondition(heights > 0)

// GeoData: the shipped places and outlines, loaded on first use.
elapsed = DispatchTime.now().uptimeNanoseconds
let geo = GeoData.shared
line("GeoData: load \(geo.cities.count) cities, \(geo.districts.count) districts", Double(DispatchTime.now().uptimeNanoseconds - elapsed) / 1e6, "ms")
elapsed = DispatchTime.now().uptimeNanoseconds
_ = geo.outline(of: geo.city(named: "北京")!)
line("GeoData: load the outlines", Double(DispatchTime.now().uptimeNanoseconds - elapsed) / 1e6, "ms")
let grid = (0..<1_000).map { Coordinate(latitude: 22 + Double($0 % 100) * 0.2, longitude: 100 + Double($0 / 100) * 2) }
line("GeoData: place(containing:), grid points over China", rate(10) { _ = grid.compactMap { geo.place(containing: $0) } } * 1_000, "/s")
line("GeoData: search(\"cs\")", rate(1_000) { _ = geo.search("cs") }, "/s")
line("GeoData: match(freeText: \"杭州西湖\")", rate(200) { _ = geo.match(freeText: "杭州西湖") }, "/s")
