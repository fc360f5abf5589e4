import DealsAPI
import Foundation
import SparrowCore
import SparrowPlatform
import SparrowStore
import TuanStore

/// Stars as a picture: five outlines filled by halves, the same picture the deals API links (`rating_img_url`).
enum StarsPicture {
  /// `45.svg` → 4.5 stars, `45s.svg` the small one; nil for anything else.
  static func svg(named name: String) -> String? {
    let small = name.hasSuffix("s.svg")
    let digits = name.dropLast(small ? 5 : 4)
    guard name.hasSuffix(".svg"), let tenths = Int(digits), (0...50).contains(tenths), tenths % 5 == 0,
      String(tenths) == digits
    else { return nil }
    let halves = tenths / 5
    let size = small ? 12 : 18
    var parts: [String] = []
    for index in 0..<5 {
      let x = index * (size + 2)
      let fill = halves >= index * 2 + 2 ? "#ff9500" : halves == index * 2 + 1 ? "url(#half)" : "#ddd"
      parts.append("<path transform=\"translate(\(x) 0) scale(\(Double(size) / 24))\" fill=\"\(fill)\" d=\"\(star)\"/>")
    }
    return """
      <svg xmlns="http://www.w3.org/2000/svg" width="\(5 * size + 8)" height="\(size)" viewBox="0 0 \(5 * size + 8) \(size)">\
      <defs><linearGradient id="half"><stop offset="50%" stop-color="#ff9500"/><stop offset="50%" stop-color="#ddd"/>\
      </linearGradient></defs>\(parts.joined())</svg>
      """
  }

  static let star = "M12 1.8l3.1 6.6 7.2.9-5.3 5 1.4 7.1L12 17.9l-6.4 3.5 1.4-7.1-5.3-5 7.2-.9z"

  /// Where the picture of `rating` (0…5 in halves) is.
  static func url(_ rating: Double, small: Bool = false) -> String {
    "/tuan/stars/\(Int((rating * 2).rounded()) * 5)\(small ? "s" : "").svg"
  }
}

/// A merchant's numbers as pages show them: stars, count, the three grades and how the stars spread.
struct RatingSummary: PageModel {
  let merchant: MerchantRecord
  let link: String

  init(_ merchant: MerchantRecord) {
    self.merchant = merchant
    link = "/tuan/business/\(merchant.id)/reviews"
  }

  struct Grade: PageModel {
    let name: String
    let value: String
    func child(named key: String) -> Any? { key == "name" ? name : key == "value" ? value : nil }
  }

  struct Bar: PageModel {
    let stars: Int
    let count: Int
    let percent: Int
    func child(named key: String) -> Any? {
      switch key {
      case "stars": stars
      case "count": count
      case "percent": percent
      default: nil
      }
    }
  }

  var grades: [Grade] {
    let t = merchant.tally
    return zip(DealCategory.gradeNames(merchant.category), [t.productSum, t.decorationSum, t.serviceSum]).map {
      Grade(name: $0.0, value: Decimals.one(t.mean($0.1)))
    }
  }

  var bars: [Bar] {
    let t = merchant.tally
    return (1...5).reversed().map { stars in
      let count = t.stars[stars - 1]
      return Bar(stars: stars, count: count, percent: t.count == 0 ? 0 : Int((Double(count) * 100 / Double(t.count)).rounded()))
    }
  }

  func child(named name: String) -> Any? {
    switch name {
    case "has_reviews": merchant.reviewCount > 0
    case "rating": Decimals.one(merchant.rating)
    case "stars_img": StarsPicture.url(merchant.rating)
    case "count": merchant.reviewCount
    case "grades": grades
    // 人均: the mean of what its reviews say they spent, only when some did.
    case "spend": merchant.averagePrice >= 0 ? merchant.averagePrice : nil
    case "spend_count": merchant.tally.spent
    case "bars": bars
    case "reviews_link": link
    default: nil
    }
  }
}

/// One review as the lists and its own page show it.
struct ReviewItem: PageModel {
  let review: ReviewRecord
  let author: String
  let dealTitle: String?
  let category: String
  let viewer: Int64?
  let voted: Bool
  let csrf: String?
  let presenter: DealsPresenter
  /// Whether its author may still edit it (`ReviewRules.editWindow`), at the moment it is shown.
  let editable: Bool
  /// The item rendered (`tuan_review_item`), kept by what it shows (`TuanWeb.reviewRenders`): `{{{html}}}`.
  var html = ""

  var mine: Bool { viewer == review.userID }

  struct Picture: PageModel {
    let thumb: String
    let large: String
    func child(named name: String) -> Any? { name == "thumb" ? thumb : name == "large" ? large : nil }
  }

  func child(named name: String) -> Any? {
    switch name {
    case "id": review.id
    case "author": author
    case "rating": review.rating
    case "stars_img": StarsPicture.url(Double(review.rating), small: true)
    case "time": DealsCall.format(review.createdAt, withTime: true)
    case "edited": review.updatedAt > review.createdAt.addingTimeInterval(60)
    case "deal_title": dealTitle
    case "grades":
      zip(DealCategory.gradeNames(category), [review.grades.product, review.grades.decoration, review.grades.service])
        .map { RatingSummary.Grade(name: $0.0, value: String($0.1)) }
    case "spend": review.spend
    case "text": review.text
    case "has_pictures": !review.pictures.isEmpty
    case "pictures":
      review.pictures.map {
        Picture(thumb: presenter.pictureURL($0, size: "thumbnail"), large: presenter.pictureURL($0, size: "large"))
      }
    case "reply": review.reply
    case "hidden": review.hidden
    case "helpful": review.helpful
    case "voted": voted
    case "can_vote": viewer != nil && !mine
    case "mine": mine
    case "editable": editable
    case "report_link": mine ? nil : Moderation.reportLink(ContentRef("review", review.id), back: "/tuan/review/\(review.id)")
    case "link": "/tuan/review/\(review.id)"
    case "csrf": csrf
    case "html": html
    default: nil
    }
  }
}

extension ReviewItem: Hashable {
  // What the item shows, its markup aside (what is kept by this); the presenter is the same for every item.
  static func == (a: ReviewItem, b: ReviewItem) -> Bool {
    a.review == b.review && a.author == b.author && a.dealTitle == b.dealTitle && a.category == b.category
      && a.viewer == b.viewer && a.voted == b.voted && a.csrf == b.csrf && a.editable == b.editable
  }

  func hash(into hasher: inout Hasher) {
    hasher.combine(review)
    hasher.combine(viewer)
    hasher.combine(csrf)
    hasher.combine(editable)
  }
}

/// A filter tab of a merchant's reviews: its name, count and link.
struct ReviewTab: PageModel {
  let filter: ReviewFilter
  let count: Int
  let link: String
  let selected: Bool
  func child(named name: String) -> Any? {
    switch name {
    case "label": filter.label
    case "key": filter.rawValue
    case "count": count
    case "link": link
    case "selected": selected
    default: nil
    }
  }
}

/// 全部点评 of a merchant: its numbers, the filter tabs, a page of reviews and the next page's link.
struct ReviewsPage: PageModel {
  let frame: TuanFrame
  let merchant: MerchantRecord
  let tabs: [ReviewTab]
  let items: [ReviewItem]
  let next: String?

  func child(named name: String) -> Any? {
    switch name {
    case "merchant_name": merchant.fullName
    case "business_link": "/tuan/business/\(merchant.id)"
    case "summary": RatingSummary(merchant)
    case "tabs": tabs
    case "reviews": items.isEmpty ? nil : items
    case "none": items.isEmpty
    case "next": next
    default: frame.child(named: name)
    }
  }
}

/// One review on its own page (where the API's `review_url` points).
struct ReviewPage: PageModel {
  let frame: TuanFrame
  let merchant: MerchantRecord?
  let item: ReviewItem

  func child(named name: String) -> Any? {
    switch name {
    case "merchant_name": merchant?.fullName
    case "reviews_link": merchant.map { "/tuan/business/\($0.id)/reviews" }
    case "review": item
    default: frame.child(named: name)
    }
  }
}

/// 写点评 and 编辑点评: stars, the category's three grades, 人均 for 美食, text, up to nine pictures.
struct ReviewForm: PageModel {
  let frame: TuanFrame
  let action: String
  let couponCode: String?
  let dealTitle: String
  let merchant: MerchantRecord
  /// What was typed (a refused form shows it again), else the review being edited.
  let values: ReviewValues
  let kept: [PictureRef]
  let presenter: DealsPresenter
  var error: String?

  struct Choice: PageModel {
    let field: String
    let value: Int
    let checked: Bool
    func child(named name: String) -> Any? {
      switch name {
      case "field": field
      case "value": value
      case "checked": checked
      default: nil
      }
    }
  }

  struct GradeField: PageModel {
    let name: String
    let field: String
    let choices: [Choice]
    func child(named key: String) -> Any? {
      switch key {
      case "name": name
      case "field": field
      case "choices": choices
      default: nil
      }
    }
  }

  static func choices(_ field: String, _ value: Int?) -> [Choice] {
    (1...5).map { Choice(field: field, value: $0, checked: value == $0) }
  }

  func child(named name: String) -> Any? {
    switch name {
    case "action": action
    case "coupon": couponCode
    case "deal_title": dealTitle
    case "merchant_name": merchant.fullName
    case "rating_choices": Self.choices("rating", values.rating)
    case "grades":
      zip(DealCategory.gradeNames(merchant.category), ["product", "decoration", "service"]).enumerated().map { index, pair in
        GradeField(name: pair.0, field: pair.1, choices: Self.choices(pair.1, values.grades[index]))
      }
    case "asks_spend": DealCategory.asksSpend(merchant.category)
    case "spend": values.spend
    case "text": values.text
    case "min_text": ReviewRules.minimumText
    case "max_text": ReviewRules.text.visible
    case "max_pictures": ReviewRules.maxPictures
    case "has_kept": !kept.isEmpty
    case "kept": kept.map { KeptPicture(thumb: presenter.pictureURL($0, size: "thumbnail"), id: $0.id) }
    case "error": error
    case "editing": couponCode == nil
    default: frame.child(named: name)
    }
  }
}

/// A picture the review has, offered for removal by its id.
struct KeptPicture: PageModel {
  let thumb: String
  let id: String
  func child(named name: String) -> Any? { name == "thumb" ? thumb : name == "id" ? id : nil }
}

/// A review form's fields as typed.
struct ReviewValues: Sendable {
  var rating: Int?
  var grades: [Int?] = [nil, nil, nil]
  var text = ""
  var spend: String = ""

  init() {}

  init(_ params: Params) {
    rating = params["rating"].flatMap { Int($0) }
    grades = ["product", "decoration", "service"].map { params[$0].flatMap { Int($0) } }
    text = params["text"] ?? ""
    spend = params["spend"] ?? ""
  }

  init(_ review: ReviewRecord) {
    rating = review.rating
    grades = [review.grades.product, review.grades.decoration, review.grades.service]
    text = review.text
    spend = review.spend.map(String.init) ?? ""
  }
}

/// 我的点评: the viewer's reviews, newest first.
struct MyReviewsPage: PageModel {
  let frame: TuanFrame
  let items: [ReviewItem]
  func child(named name: String) -> Any? {
    switch name {
    case "reviews": items.isEmpty ? nil : items
    case "none": items.isEmpty
    default: frame.child(named: name)
    }
  }
}

/// 商家后台: a shop's deals, 验券, today's used 团购券 and its reviews with 回复.
struct ShopPage: PageModel {
  let frame: TuanFrame
  let merchant: MerchantRecord
  let deals: CardList
  let used: [CouponRow]
  let reviews: [ReviewItem]
  /// What the last 验券 did, in words.
  let result: String?
  let resultOK: Bool

  func child(named name: String) -> Any? {
    switch name {
    case "merchant_name": merchant.fullName
    case "business_link": "/tuan/business/\(merchant.id)"
    case "summary": RatingSummary(merchant)
    case "list": deals
    case "has_used": !used.isEmpty
    case "used": used
    case "used_count": used.count
    case "reviews": reviews.isEmpty ? nil : reviews
    case "result": result
    case "result_ok": resultOK
    case "reply_max": ReviewRules.reply.visible
    default: frame.child(named: name)
    }
  }
}
