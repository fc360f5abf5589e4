import Foundation
import GeoData
import SparrowStore
import TuanStore

/// A price in yuan from cents: at most two decimals (9805 → 98.05, 9800 → 98).
struct Yuan: Encodable, Sendable {
  let cents: Int
  func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    if cents % 100 == 0 { try container.encode(cents / 100) } else { try container.encode(Double(cents) / 100) }
  }
}

/// A deal on the wire: the list variant of `find_deals` (with `distance`) or the full one.
struct DealJSON: Encodable, Sendable {
  struct Business: Encodable, Sendable {
    let name: String
    let id: Int64
    let city: String
    let address: String?
    let latitude: Double
    let longitude: Double
    let url: String
    let h5Url: String
  }
  struct Restrictions: Encodable, Sendable {
    let isReservationRequired: Int
    let isRefundable: Int
    let specialTips: String
  }
  let dealId: String
  let title: String
  let description: String
  let city: String
  let listPrice: Yuan
  let currentPrice: Yuan
  let regions: [String]
  let categories: [String]
  let purchaseCount: Int
  let publishDate: String
  let purchaseDeadline: String
  var distance: Int?
  let imageUrl: String
  let sImageUrl: String
  let moreImageUrls: [String]?
  let moreSImageUrls: [String]?
  let details: String?
  let isPopular: Int?
  let restrictions: Restrictions?
  let notice: String?
  let dealUrl: String
  let dealH5Url: String
  let commissionRatio: Int
  let businesses: [Business]
}

/// A merchant on the wire (`business/…`).
struct BusinessJSON: Encodable, Sendable {
  struct Deal: Encodable, Sendable {
    let id: String
    let description: String
    let url: String
  }
  let businessId: Int64
  let name: String
  let branchName: String
  let address: String
  let telephone: String
  let city: String
  let regions: [String]
  let categories: [String]
  let latitude: Double
  let longitude: Double
  let avgRating: Double
  let ratingImgUrl: String
  let ratingSImgUrl: String
  let productGrade: Int
  let decorationGrade: Int
  let serviceGrade: Int
  let productScore: Double
  let decorationScore: Double
  let serviceScore: Double
  let avgPrice: Int
  let reviewCount: Int
  /// Always written (-1 without a point); optional only for `DealTemplates` to cut it out.
  var distance: Int?
  let businessUrl: String
  let photoUrl: String
  let sPhotoUrl: String
  let hasCoupon: Int
  let couponId: Int
  let couponDescription: String
  let couponUrl: String
  let hasDeal: Int
  let dealCount: Int
  let deals: [Deal]
  let hasOnlineReservation: Int
  let onlineReservationUrl: String
  /// Ours: opening hours as shown (营业时间).
  let businessHours: String
}

/// Turns records into the wire objects, with this server's links.
package struct DealsPresenter: Sendable {
  /// What links start with; "" for links relative to the page (the web client's).
  let publicURL: String

  package init(publicURL: String) {
    self.publicURL = publicURL
  }

  /// What `distance` says when a deal has no merchant.
  static let unknownDistance = 2_147_483_647

  package func cityName(_ adcode: Int) -> String { GeoData.shared.city(adcode: adcode)?.name ?? "" }

  package func regions(district adcode: Int, neighbourhood: String) -> [String] {
    let district = GeoData.shared.district(adcode: adcode).map { $0.isWholeCity ? [] : [$0.fullName] } ?? []
    return district + (neighbourhood.isEmpty ? [] : [neighbourhood])
  }

  func categories(_ category: String, _ subcategory: String) -> [String] {
    subcategory.isEmpty ? [category] : [subcategory, category]
  }

  package func pictureURL(_ picture: PictureRef?, size: String) -> String {
    guard let picture else { return "" }
    return "\(publicURL)/pics/\(size)/\(picture.fileName)"
  }

  func deal(
    _ deal: DealRecord, merchant: MerchantRecord?, full: Bool, distance: Double?, hasPoint: Bool,
    branches: [MerchantRecord] = []
  ) -> DealJSON {
    let id = DealsCall.dealID(deal.id)
    let pictures = deal.pictures
    // Its own shop first, then its 适用分店.
    let businesses = ([merchant].compactMap { $0 } + branches).map {
      DealJSON.Business(
        name: $0.fullName, id: $0.id, city: cityName($0.cityAdcode), address: full ? $0.address : nil,
        latitude: $0.latitude, longitude: $0.longitude, url: "\(publicURL)/tuan/business/\($0.id)",
        h5Url: "\(publicURL)/tuan/business/\($0.id)")
    }
    return DealJSON(
      dealId: id, title: deal.title, description: deal.description,
      city: deal.isNationwide ? "全国" : cityName(deal.cityAdcode),
      // Honest prices: a list price at or below the deal price is not a discount, so none is shown.
      listPrice: Yuan(cents: deal.struckPrice ?? deal.currentPrice), currentPrice: Yuan(cents: deal.currentPrice),
      regions: regions(district: deal.districtAdcode, neighbourhood: deal.neighbourhood),
      categories: categories(deal.category, deal.subcategory), purchaseCount: deal.purchaseCount,
      publishDate: DealsCall.format(deal.publishedAt), purchaseDeadline: DealsCall.format(deal.deadline.addingTimeInterval(-1)),
      distance: Self.distance(full: full, hasPoint: hasPoint, hasMerchant: merchant != nil, distance),
      imageUrl: pictureURL(pictures.first, size: "bmiddle"),
      sImageUrl: pictureURL(pictures.first, size: "thumbnail"),
      moreImageUrls: full ? pictures.dropFirst().map { pictureURL($0, size: "bmiddle") } : nil,
      moreSImageUrls: full ? pictures.dropFirst().map { pictureURL($0, size: "thumbnail") } : nil,
      details: full ? detailsText(deal.details) : nil, isPopular: full ? (deal.purchaseCount >= 1000 ? 1 : 0) : nil,
      restrictions: full
        ? DealJSON.Restrictions(
          isReservationRequired: deal.reservationRequired ? 1 : 0,
          // Paid at the shop: nothing is taken, and every unused 团购券 can be cancelled (取消), so always 1.
          isRefundable: 1,
          specialTips: deal.specialTips) : nil,
      notice: full ? deal.notice : nil, dealUrl: "\(publicURL)/tuan/deal/\(id)", dealH5Url: "\(publicURL)/tuan/deal/\(id)",
      commissionRatio: 0, businesses: businesses)
  }

  /// A deal's `distance`: none in the full form, -1 without a point asked about, in metres from its shop.
  static func distance(full: Bool, hasPoint: Bool, hasMerchant: Bool, _ distance: Double?) -> Int? {
    full ? nil : !hasPoint ? -1 : !hasMerchant ? unknownDistance : Int((distance ?? 0).rounded())
  }

  /// 团购详情 as the spec's plain text: a first line, then each section's title and lines.
  func detailsText(_ sections: [DealSection]) -> String {
    (["团购详情"] + sections.flatMap { [$0.title] + $0.lines.map { "  " + $0 } }).joined(separator: "\n")
  }

  /// The star picture of a rating (0…5 in halves): `/tuan/stars/45.svg`, `45s.svg` the small one.
  func starsURL(_ rating: Double, small: Bool = false) -> String {
    "\(publicURL)/tuan/stars/\(Int((rating * 2).rounded()) * 5)\(small ? "s" : "").svg"
  }

  /// A grade as the spec's 1…5 (一般 … 非常好) from its mean; 0 without reviews.
  static func grade(_ mean: Double) -> Int { mean == 0 ? 0 : max(1, min(5, Int(mean.rounded()))) }

  /// A grade as the spec's 0…10 score with one decimal.
  static func score(_ mean: Double) -> Double { (mean * 20).rounded() / 10 }

  func business(_ merchant: MerchantRecord, deals: [DealRecord], distance: Double?) -> BusinessJSON {
    // Every number from the merchant's reviews (`ReviewTally`), kept as they are written.
    let t = merchant.tally
    let (product, decoration, service) = (t.mean(t.productSum), t.mean(t.decorationSum), t.mean(t.serviceSum))
    let url = "\(publicURL)/tuan/business/\(merchant.id)"
    return BusinessJSON(
      businessId: merchant.id, name: merchant.name, branchName: merchant.branchName, address: merchant.address,
      telephone: merchant.phone, city: cityName(merchant.cityAdcode),
      regions: regions(district: merchant.districtAdcode, neighbourhood: merchant.neighbourhood),
      categories: categories(merchant.category, merchant.subcategory), latitude: merchant.latitude,
      longitude: merchant.longitude, avgRating: merchant.rating, ratingImgUrl: starsURL(merchant.rating),
      ratingSImgUrl: starsURL(merchant.rating, small: true), productGrade: Self.grade(product),
      decorationGrade: Self.grade(decoration), serviceGrade: Self.grade(service), productScore: Self.score(product),
      decorationScore: Self.score(decoration), serviceScore: Self.score(service), avgPrice: merchant.averagePrice,
      reviewCount: merchant.reviewCount,
      distance: distance.map { Int($0.rounded()) } ?? -1, businessUrl: url,
      photoUrl: pictureURL(deals.first?.pictures.first, size: "bmiddle"),
      sPhotoUrl: pictureURL(deals.first?.pictures.first, size: "thumbnail"), hasCoupon: 0, couponId: 0,
      couponDescription: "", couponUrl: "", hasDeal: deals.isEmpty ? 0 : 1, dealCount: deals.count,
      deals: deals.map {
        BusinessJSON.Deal(
          id: DealsCall.dealID($0.id), description: $0.description, url: "\(publicURL)/tuan/deal/\(DealsCall.dealID($0.id))")
      }, hasOnlineReservation: 0, onlineReservationUrl: "", businessHours: merchant.hours)
  }
}

/// A review on the wire (`review/get_recent_reviews`).
struct ReviewJSON: Encodable, Sendable {
  let reviewId: Int64
  let userNickname: String
  let createdTime: String
  let textExcerpt: String
  let reviewRating: Int
  let ratingImgUrl: String
  let ratingSImgUrl: String
  let productRating: Int
  let decorationRating: Int
  let serviceRating: Int
  let reviewUrl: String
}

extension DealsPresenter {
  /// The excerpt is the first 60 characters (an ellipsis when cut), as Dianping's.
  func review(_ review: ReviewRecord, nickname: String) -> ReviewJSON {
    let excerpt = review.text.count > 60 ? String(review.text.prefix(60)) + "…" : review.text
    return ReviewJSON(
      reviewId: review.id, userNickname: nickname, createdTime: DealsCall.format(review.createdAt, withTime: true),
      textExcerpt: excerpt, reviewRating: review.rating, ratingImgUrl: starsURL(Double(review.rating)),
      ratingSImgUrl: starsURL(Double(review.rating), small: true), productRating: review.grades.product,
      decorationRating: review.grades.decoration, serviceRating: review.grades.service,
      reviewUrl: "\(publicURL)/tuan/review/\(review.id)")
  }
}
