import Foundation
import SparrowPlatform

/// The people, words and pictures of the demo world.
enum DemoContent {
  struct Person {
    let name: String
    let bio: String
    let location: String
    let gender: String
    /// −1 none, 0 personal (名人), 2 enterprise, 220 达人.
    let verifiedType: Int
    let reason: String
    /// Membership level, 0 for none.
    let rank: Int
  }

  static let people: [Person] = [
    Person(name: "sparrow", bio: "麻雀虽小，五脏俱全。Sparrow 的演示账号", location: "北京 海淀区", gender: "m", verifiedType: 0, reason: "Sparrow 官方演示账号", rank: 6),
    Person(name: "小明同学", bio: "大三学生，爱摄影也爱写代码", location: "北京 朝阳区", gender: "m", verifiedType: -1, reason: "", rank: 0),
    Person(name: "Alice_Wang", bio: "Product designer. Coffee, cats and kerning.", location: "上海 徐汇区", gender: "f", verifiedType: 220, reason: "设计达人", rank: 3),
    Person(name: "北京美食家", bio: "吃遍胡同里的每一家小馆子", location: "北京 东城区", gender: "m", verifiedType: 220, reason: "美食达人", rank: 5),
    Person(name: "旅行的猫", bio: "走过34个国家，下一站是冰岛", location: "成都 武侯区", gender: "f", verifiedType: 220, reason: "旅行达人", rank: 4),
    Person(name: "程序员老李", bio: "Swift / Rust / 咖啡因驱动开发", location: "杭州 西湖区", gender: "m", verifiedType: -1, reason: "", rank: 1),
    Person(name: "Lily-Chen", bio: "Marathoner. 42.195km at a time.", location: "深圳 南山区", gender: "f", verifiedType: -1, reason: "", rank: 0),
    Person(name: "摄影师阿杰", bio: "用镜头记录城市的光影", location: "广州 天河区", gender: "m", verifiedType: 0, reason: "知名摄影师", rank: 2),
    Person(name: "麻雀科技", bio: "Sparrow 背后的小团队，专注开源社交软件", location: "北京 海淀区", gender: "n", verifiedType: 2, reason: "麻雀科技有限公司官方微博", rank: 0),
    Person(name: "深夜食堂", bio: "凌晨两点的一碗面", location: "上海 静安区", gender: "m", verifiedType: -1, reason: "", rank: 0),
    Person(name: "BobZhang", bio: "Runner, reader, occasional writer.", location: "南京 鼓楼区", gender: "m", verifiedType: -1, reason: "", rank: 0),
    Person(name: "西湖边的风", bio: "杭州土著，带你逛不一样的西湖", location: "杭州 西湖区", gender: "f", verifiedType: 220, reason: "本地生活达人", rank: 2),
    Person(name: "读书笔记君", bio: "每周一本书，分享读书笔记", location: "武汉 洪山区", gender: "f", verifiedType: 220, reason: "读书达人", rank: 3),
    Person(name: "跑步的小林", bio: "每天5公里，坚持第412天", location: "厦门 思明区", gender: "m", verifiedType: -1, reason: "", rank: 1),
    Person(name: "咖啡因中毒", bio: "手冲爱好者，豆子收藏家", location: "上海 黄浦区", gender: "f", verifiedType: -1, reason: "", rank: 0),
    Person(name: "设计师Momo", bio: "UI/UX 设计，偶尔画插画", location: "深圳 福田区", gender: "f", verifiedType: -1, reason: "", rank: 2),
    Person(name: "城市观察者", bio: "关注城市、交通与公共空间", location: "上海 浦东新区", gender: "m", verifiedType: 0, reason: "城市规划学者", rank: 0),
    Person(name: "小猫咪日常", bio: "两只橘猫的日常记录", location: "苏州 姑苏区", gender: "f", verifiedType: -1, reason: "", rank: 1),
    Person(name: "Kevin_Liu", bio: "iOS developer at a tiny startup.", location: "北京 朝阳区", gender: "m", verifiedType: -1, reason: "", rank: 0),
    Person(name: "天气预报员", bio: "每天告诉你要不要带伞", location: "北京 西城区", gender: "n", verifiedType: 2, reason: "城市天气服务官方微博", rank: 0),
    Person(name: "电影院的爆米花", bio: "看过的电影比吃过的饭还多", location: "重庆 渝中区", gender: "f", verifiedType: 220, reason: "影评达人", rank: 4),
    Person(name: "爬山的老王", bio: "周末不是在爬山，就是在去爬山的路上", location: "西安 雁塔区", gender: "m", verifiedType: -1, reason: "", rank: 0),
    Person(name: "Nina_Zhou", bio: "Photographer & traveler.", location: "香港", gender: "f", verifiedType: 0, reason: "旅行摄影师", rank: 5),
    Person(name: "健身房打卡", bio: "练腿日从不缺席", location: "长沙 岳麓区", gender: "m", verifiedType: -1, reason: "", rank: 0),
    Person(name: "花店老板娘", bio: "每一束花都有自己的故事", location: "昆明 五华区", gender: "f", verifiedType: -1, reason: "", rank: 2),
    Person(name: "科技新闻速递", bio: "每天三条科技新闻", location: "北京 海淀区", gender: "n", verifiedType: 2, reason: "科技媒体官方微博", rank: 0),
    Person(name: "大学生小张", bio: "考研人，冲鸭", location: "合肥 蜀山区", gender: "m", verifiedType: -1, reason: "", rank: 0),
    Person(name: "Emma_Li", bio: "Learning Chinese, one character a day.", location: "上海 长宁区", gender: "f", verifiedType: -1, reason: "", rank: 1),
    Person(name: "火锅爱好者", bio: "没有什么是一顿火锅解决不了的", location: "成都 锦江区", gender: "m", verifiedType: -1, reason: "", rank: 0),
    Person(name: "博物馆小编", bio: "带你看文物背后的故事", location: "南京 玄武区", gender: "n", verifiedType: 2, reason: "城市博物馆官方微博", rank: 0),
    Person(name: "音乐随身听", bio: "耳机里的世界", location: "杭州 滨江区", gender: "f", verifiedType: -1, reason: "", rank: 3),
    Person(name: "骑行的风", bio: "川藏线骑行中", location: "拉萨 城关区", gender: "m", verifiedType: 220, reason: "骑行达人", rank: 1),
    Person(name: "David_Wu", bio: "Data scientist. Plots > words.", location: "深圳 南山区", gender: "m", verifiedType: -1, reason: "", rank: 0),
    Person(name: "面包烘焙师", bio: "每天凌晨四点开始揉面", location: "青岛 市南区", gender: "f", verifiedType: -1, reason: "", rank: 1),
    Person(name: "星空摄影", bio: "追逐银河的人", location: "呼和浩特 新城区", gender: "m", verifiedType: 0, reason: "天文摄影师", rank: 2),
    Person(name: "宠物医生小陈", bio: "猫狗问题欢迎私信", location: "天津 和平区", gender: "f", verifiedType: 0, reason: "执业兽医", rank: 0),
    Person(name: "古镇慢生活", bio: "住在古镇的第三年", location: "嘉兴 桐乡市", gender: "f", verifiedType: -1, reason: "", rank: 0),
    Person(name: "Jason_Huang", bio: "Backend engineer, part-time DJ.", location: "广州 海珠区", gender: "m", verifiedType: -1, reason: "", rank: 2),
    Person(name: "地铁通勤族", bio: "每天两小时地铁，读了好多书", location: "北京 通州区", gender: "m", verifiedType: -1, reason: "", rank: 0),
    Person(name: "甜品控", bio: "今天也要吃点甜的", location: "台北", gender: "f", verifiedType: -1, reason: "", rank: 1),
  ]

  /// The client apps statuses come from: (name, home page).
  static let apps = [
    ("Sparrow 终端", "https://example.org/wb", true), ("微博 iPhone客户端", "https://example.org/iphone", false),
    ("微博 Android", "https://example.org/android", false), ("Sparrow 网页版", "https://example.org/web", false),
    ("iPad客户端", "https://example.org/ipad", false), ("皮皮时光机", "https://example.org/pp", false),
  ]

  // MARK: Pictures

  static let palettes = [("#ffb347", "#ff8200"), ("#87ceeb", "#1f9bd1"), ("#a8e6cf", "#3aa757"),
                         ("#f8b195", "#c06c84"), ("#c3aed6", "#5b6ee1"), ("#ffd3b6", "#e6553a")]

  /// A landscape drawing: sky, sun and hills, with a caption; `index` varies colours and shapes.
  static func picture(_ index: Int, width: Int, height: Int) -> String {
    let (light, dark) = palettes[index % palettes.count]
    let w = Double(width), h = Double(height)
    let sunX = w * (0.2 + Double(index * 37 % 60) / 100), sunY = h * 0.3
    let hill1 = "M0 \(h * 0.7) Q\(w * 0.25) \(h * 0.5) \(w * 0.5) \(h * 0.68) T\(w) \(h * 0.62) V\(h) H0 Z"
    let hill2 = "M0 \(h * 0.82) Q\(w * 0.4) \(h * 0.68) \(w * 0.7) \(h * 0.8) T\(w) \(h * 0.78) V\(h) H0 Z"
    return """
      <svg xmlns="http://www.w3.org/2000/svg" width="\(width)" height="\(height)">
      <defs><linearGradient id="s" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="\(light)"/>\
      <stop offset="1" stop-color="#fff8ee"/></linearGradient></defs>
      <rect width="\(width)" height="\(height)" fill="url(#s)"/>
      <circle cx="\(sunX)" cy="\(sunY)" r="\(min(w, h) * 0.09)" fill="#fff3b0"/>
      <path d="\(hill1)" fill="\(dark)" opacity="0.55"/><path d="\(hill2)" fill="\(dark)"/>
      <text x="\(w * 0.05)" y="\(h * 0.95)" font-size="\(max(min(w, h) * 0.06, 14))" fill="#ffffff"
        font-family="DejaVu Sans, sans-serif" font-weight="bold">Sparrow #\(index + 1)</text>
      </svg>
      """
  }

  /// A bouncing ball, frame `frame` of `count`.
  static func animationFrame(_ index: Int, frame: Int, count: Int, size: Int) -> String {
    let (light, dark) = palettes[index % palettes.count]
    let s = Double(size)
    let t = Double(frame) / Double(count)
    let y = s * 0.72 - s * 0.5 * sin(t * .pi)
    return """
      <svg xmlns="http://www.w3.org/2000/svg" width="\(size)" height="\(size)">
      <rect width="\(size)" height="\(size)" fill="\(light)"/>
      <rect y="\(s * 0.85)" width="\(size)" height="\(s * 0.15)" fill="\(dark)"/>
      <circle cx="\(s * (0.2 + 0.6 * t))" cy="\(y)" r="\(s * 0.1)" fill="#ffffff"/>
      </svg>
      """
  }
}
