import Foundation

/// 打卡's demo journeys: real places (matched to the shipped place data as a user's text would be), spots and
/// thoughts. A few locations are written in pinyin, as some people type them.
enum DakaDemoContent {
  struct Stop {
    let location: String
    let spot: String
    let thoughts: String
    /// Only its author sees it.
    var isPrivate = false
  }

  /// One journey per demo person, in the order of `DemoCast.users`.
  static let journeys: [[Stop]] = [
    [
      Stop(location: "杭州西湖", spot: "断桥", thoughts: "清晨的断桥没有人，湖面有雾，像一幅水墨画。"),
      Stop(location: "杭州西湖", spot: "雷峰塔", thoughts: "登塔看夕阳，整个西湖都是金色的。"),
      Stop(location: "苏州姑苏", spot: "拙政园", thoughts: "园林一步一景，廊下听雨。", isPrivate: true),
      Stop(location: "上海黄浦", spot: "外滩", thoughts: "夜里的陆家嘴灯火通明，江风很大。"),
      Stop(location: "南京玄武", spot: "中山陵", thoughts: "三百九十二级台阶，爬完腿软。"),
      Stop(location: "hangzhou", spot: "灵隐寺", thoughts: "古木参天，香火很旺。"),
      Stop(location: "宁波鄞州", spot: "东钱湖", thoughts: "骑车绕湖一圈，风景比想象中好。", isPrivate: true),
    ],
    [
      Stop(location: "北京东城", spot: "故宫", thoughts: "红墙黄瓦，一天根本逛不完。"),
      Stop(location: "北京延庆", spot: "八达岭长城", thoughts: "不到长城非好汉！人山人海。"),
      Stop(location: "西安碑林", spot: "钟楼", thoughts: "晚上的钟楼很美，回民街的肉夹馍好吃。"),
      Stop(location: "西安临潼", spot: "兵马俑", thoughts: "每个俑的表情都不一样，震撼。"),
      Stop(location: "成都武侯", spot: "锦里", thoughts: "小吃一条街，吃到扶墙出。", isPrivate: true),
      Stop(location: "成都成华", spot: "大熊猫基地", thoughts: "早上去，熊猫都在吃竹子。"),
      Stop(location: "chengdu", spot: "宽窄巷子", thoughts: "慢节奏的一下午，掏耳朵体验很奇妙。"),
    ],
    [
      Stop(location: "厦门思明", spot: "鼓浪屿", thoughts: "岛上没有汽车，只有琴声和海浪。"),
      Stop(location: "广州白云", spot: "白云山", thoughts: "山顶俯瞰广州城，空气清新。"),
      Stop(location: "深圳南山", spot: "深圳湾公园", thoughts: "沿海骑行，对面就是香港。", isPrivate: true),
      Stop(location: "桂林阳朔", spot: "西街", thoughts: "漓江的山水真的和二十元人民币背面一样。"),
      Stop(location: "昆明五华", spot: "翠湖", thoughts: "冬天来喂红嘴鸥。"),
      Stop(location: "大理", spot: "洱海", thoughts: "环洱海骑行，苍山洱海，风花雪月。"),
      Stop(location: "丽江古城", spot: "四方街", thoughts: "古城的夜晚很热闹。", isPrivate: true),
    ],
    [
      Stop(location: "重庆渝中", spot: "洪崖洞", thoughts: "像千与千寻里的油屋，夜景绝了。"),
      Stop(location: "长沙岳麓", spot: "岳麓山", thoughts: "爱晚亭的枫叶还没红。"),
      Stop(location: "武汉武昌", spot: "黄鹤楼", thoughts: "故人西辞黄鹤楼，烟花三月下扬州。"),
      Stop(location: "青岛市南", spot: "栈桥", thoughts: "海鸥很多，啤酒很鲜。", isPrivate: true),
      Stop(location: "哈尔滨道里", spot: "中央大街", thoughts: "零下二十度吃马迭尔冰棍。"),
      Stop(location: "拉萨城关", spot: "布达拉宫", thoughts: "高原反应还好，蓝天白云美得不真实。"),
      Stop(location: "敦煌", spot: "鸣沙山月牙泉", thoughts: "骑骆驼看日落，沙子钻进了鞋里。"),
    ],
  ]

  /// A postcard of the spot: sky, hills and sun in the journey's colours, the spot's name across the bottom.
  static func picture(spot: String, variant: Int) -> String {
    let skies = [("#8ec5fc", "#e0c3fc"), ("#f6d365", "#fda085"), ("#84fab0", "#8fd3f4"), ("#a1c4fd", "#c2e9fb"),
                 ("#fbc2eb", "#a6c1ee")]
    let (top, bottom) = skies[variant % skies.count]
    let sun = 120 + (variant * 97) % 400
    return """
      <svg xmlns="http://www.w3.org/2000/svg" width="640" height="480">
      <defs><linearGradient id="s" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="\(top)"/>\
      <stop offset="1" stop-color="\(bottom)"/></linearGradient></defs>
      <rect width="640" height="480" fill="url(#s)"/>
      <circle cx="\(sun)" cy="120" r="48" fill="#fff8e1" opacity="0.9"/>
      <polygon points="0,360 140,\(220 + variant % 3 * 20) 300,360" fill="#5b8c5a" opacity="0.85"/>
      <polygon points="200,380 380,\(200 + variant % 4 * 15) 560,380" fill="#3f6e4a" opacity="0.9"/>
      <polygon points="420,380 560,260 640,330 640,380" fill="#4d7c57"/>
      <rect y="380" width="640" height="100" fill="#2f4f4f" opacity="0.75"/>
      <text x="28" y="448" font-size="44" fill="#ffffff" font-family="Noto Sans CJK SC, WenQuanYi Micro Hei, sans-serif"
        font-weight="bold">\(spot)</text>
      </svg>
      """
  }
}
