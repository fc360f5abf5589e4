import Foundation
import SparrowStore

/// A top-level 团购 category and its subcategories: the one two-level table the API, the demo and the web
/// client's 分类 menu share. Names are the keys (the API addresses categories by name), so they never change.
package struct DealCategory: Sendable, Hashable {
  /// 美食, 电影, ….
  package let name: String
  /// The icon art's number (`icon_category_<n>`), as the iPad apps' categories.plist numbers them.
  package let icon: Int
  /// The subcategories, without the menu's 全部.
  package let subcategories: [String]

  /// The 分类 menu's right-hand list: 全部 (the whole category) first, then the subcategories.
  package var menuEntries: [String] { [DealCategory.all] + subcategories }

  /// The menu's "everything" entry, in front of every subcategory list; the API takes it as no filter.
  package static let all = "全部"
  /// The left-hand list's first entry: every category.
  package static let allCategories = "全部分类"

  /// Every category in menu order.
  package static let table: [DealCategory] = [
    DealCategory(name: "美食", icon: 1, subcategories: [
      "火锅", "自助餐", "日韩料理", "西餐", "川湘菜", "粤菜", "烧烤烤肉", "小吃快餐", "甜点饮品", "海鲜",
    ]),
    DealCategory(name: "电影", icon: 99, subcategories: ["院线影院", "私人影院", "IMAX", "3D电影"]),
    DealCategory(name: "酒店", icon: 20, subcategories: ["经济型酒店", "商务酒店", "豪华酒店", "主题酒店", "客栈民宿"]),
    DealCategory(name: "休闲娱乐", icon: 2, subcategories: [
      "KTV", "足疗按摩", "洗浴汗蒸", "桌游", "密室逃脱", "酒吧", "网咖",
    ]),
    DealCategory(name: "丽人", icon: 22, subcategories: ["美发", "美甲美睫", "美容SPA", "化妆造型"]),
    DealCategory(name: "生活服务", icon: 3, subcategories: ["摄影写真", "洗衣", "家政", "宠物服务", "配镜", "体检"]),
    DealCategory(name: "结婚", icon: 3, subcategories: ["婚纱摄影", "婚宴酒店", "婚纱礼服", "婚礼策划"]),
    DealCategory(name: "亲子", icon: 3, subcategories: ["亲子游乐", "儿童摄影", "早教中心", "亲子DIY"]),
    DealCategory(name: "运动健身", icon: 2, subcategories: ["健身中心", "游泳馆", "羽毛球馆", "瑜伽", "攀岩"]),
    DealCategory(name: "购物", icon: 4, subcategories: ["服装鞋包", "数码家电", "超市卡券", "食品茶酒", "化妆品"]),
    DealCategory(name: "旅游", icon: 78, subcategories: ["景点门票", "温泉", "周边游", "游乐园"]),
  ]

  /// What a review's three grades are called in `category` (the API's product, decoration and service): 美食
  /// 口味/环境/服务, and each other category its usual first word.
  package static func gradeNames(_ category: String) -> [String] {
    let first = switch category {
    case "美食": "口味"
    case "酒店": "设施"
    case "电影": "音画"
    case "购物": "商品"
    case "旅游": "景色"
    default: "效果"
    }
    return [first, "环境", "服务"]
  }

  /// Whether reviews there give 人均 (what one person spent).
  package static func asksSpend(_ category: String) -> Bool { category == "美食" }

  /// The category called `name`.
  package static func named(_ name: String) -> DealCategory? { table.first { $0.name == name } }

  /// The categories that have a subcategory called `name` (names may repeat under several parents).
  package static func parents(of subcategory: String) -> [DealCategory] {
    table.filter { $0.subcategories.contains(subcategory) }
  }
}
