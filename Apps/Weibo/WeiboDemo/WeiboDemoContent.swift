/// What 微博's demo people write: topics, status texts, replies, emoticons and links.
enum WeiboDemoContent {
  static let topics = ["今天吃什么", "周末去哪儿", "程序员的日常", "读书打卡", "旅行日记", "跑步打卡", "随手拍",
                       "猫咪", "咖啡时间", "Sparrow", "看电影", "秋天的第一杯奶茶"]

  /// Status texts; `{t}` becomes a topic, `{e}` an emoticon, `{u}` a link, `{m}` a mention.
  static let texts = [
    "今天天气真好，出门走走{e}", "刚看完一本好书，推荐给大家 #{t}#", "加班到现在，终于写完了{e}{e}",
    "这家店的面太好吃了，强烈推荐！{e} #{t}#", "周末去爬山，风景绝美 #{t}#", "新买的相机到了，试拍几张{e}",
    "有没有人一起跑步？{m}", "早起的鸟儿有虫吃{e}", "终于把这个 bug 修好了 #{t}#{e}", "下雨天和咖啡最配{e}",
    "分享一首最近循环的歌 {u}", "晚安，明天见{e}", "{m} 你上次推荐的那家店我去了，确实不错{e}",
    "记录一下今天的晚霞 #{t}#", "这篇文章写得真好，值得一读 {u}", "和 {m} 一起吃火锅{e}{e}", "第一次用 Sparrow 发微博{e}",
    "这周的读书笔记整理好了 #{t}# {u}", "猫主子今天又打翻了水杯{e}", "地铁上看到一个很有意思的人{e}",
    "今日份的咖啡拉花{e} #{t}#", "有人知道这是什么花吗？{e}", "换了新工位，阳光很好", "{m} 生日快乐！{e}{e}",
    "今天学会了一道新菜 #{t}#", "城市的夜景真的很美 #{t}#", "Sparrow 的新版本发布啦 {u} #{t}#",
    "Morning run done, 10km in 52 minutes {e}", "Trying to learn Chinese, 今天学了「麻雀」这个词{e}",
    "排队两小时，终于吃到了{e}",
  ]
  static let replies = ["说得好！", "同意{e}", "哈哈哈哈{e}", "求地址！", "好羡慕{e}", "这个我也喜欢", "太棒了{e}",
                        "下次带上我", "真好看", "学到了{e}"]
  static let emoticons = ["[微笑]", "[哈哈]", "[爱你]", "[嘻嘻]", "[赞]", "[心]", "[good]", "[太开心]", "[偷笑]",
                          "[馋嘴]", "[笑cry]", "[酷]", "[鼓掌]", "[耶]", "[可爱]", "[泪]", "[思考]", "[蛋糕]"]
  static let links = ["https://www.swift.org/", "https://github.com/hummingbird-project/hummingbird",
                      "https://en.wikipedia.org/wiki/Sparrow", "https://www.sqlite.org/wal.html"]
}
