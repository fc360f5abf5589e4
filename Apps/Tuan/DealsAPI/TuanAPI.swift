import Foundation
import Hummingbird
import SparrowMedia
import SparrowPlatform
import SparrowStore
import TuanStore

extension Scope {
  /// A person's 团购 orders, 券 and reviews: never a Weibo app's without asking.
  package static let tuan = Scope(name: "tuan", consent: ["查看你的团购订单和团购券", "以你的名义写点评，修改和删除你的点评"])
}

extension EnvelopeError {
  static let reviewNotFound = EnvelopeError(status: .notFound, code: 20901, error: "Review does not exist")
  static let notReviewable = EnvelopeError(
    status: .notFound, code: 20902, error: "No 团购券 of yours with this code was used at the shop")
  static let alreadyReviewed = EnvelopeError(status: .badRequest, code: 20903, error: "This 团购券 has a review already")
  static let tooLateToEdit = EnvelopeError(status: .forbidden, code: 20904, error: "A review can be changed for 30 days")
}

/// 团购's JSON API at `/tuan/api/…`, for the person's own 点评 and orders: the platform's OAuth tokens (scope
/// `tuan`) and error envelope. Reading a shop's reviews takes an optional token; everything else needs one.
package struct TuanAPI: SparrowApp {
  let dispatcher: APIDispatcher<EnvelopeError, JSONCall>

  package init(deps: DealsDependencies, platform: Platform) {
    let controller = TuanController(
      store: deps.store, users: platform.deps.store, presenter: DealsPresenter(publicURL: deps.config.publicURL),
      writer: ReviewWriter(store: deps.store, ids: deps.ids, pictures: platform.pictures))
    var routes = APIRoutes<EnvelopeError, JSONCall>(
      prefix: "/tuan/api/", bodyLimit: Self.bodyLimit, auth: .token, scope: .tuan,
      makeCall: { try JSONCall($0, id: Self.id) },
      translate: { error in
        switch error {
        case let error as ReviewInputError: .badParameter(error.field, expected: error.expected, got: error.message)
        case ReviewError.notEligible: .notReviewable
        case ReviewError.alreadyReviewed: .alreadyReviewed
        case ReviewError.tooLateToEdit: .tooLateToEdit
        case StoreError.notFound: .reviewNotFound
        default: nil
        }
      })
    routes.add(.get, path: "reviews", auth: .optionalToken) { try await controller.reviews($0) }
    routes.add(.get, path: "reviews/{id}", auth: .optionalToken) { try await controller.review($0) }
    routes.add(.post, path: "reviews") { try await controller.create($0) }
    routes.add(.post, path: "reviews/{id}") { try await controller.update($0) }
    routes.add(.post, path: "reviews/{id}/delete") { try await controller.delete($0) }
    routes.add(.post, path: "reviews/{id}/helpful") { try await controller.helpful($0) }
    routes.add(.get, path: "orders") { try await controller.orders($0) }
    dispatcher = APIDispatcher(routes, platform: platform, now: deps.now)
  }

  package func unreadable(path: String, status: HTTPResponse.Status) -> UnreadableAnswer? {
    dispatcher.unreadable(path: path, status: status)
  }

  package func register(on router: Router<SparrowContext>) {
    dispatcher.register(on: router)
  }

  /// Nine pictures of up to 5 MB each, and the fields: past this the body is refused unread.
  static let bodyLimit = (ReviewRules.maxPictures + 1) * ImageProcessor.maxBytes

  static func id(_ text: String) throws -> Int64 {
    guard let id = Int64(text), id > 0 else {
      throw EnvelopeError.badParameter("id", expected: "positive int64", got: String(text.prefix(40)))
    }
    return id
  }
}

/// A review on the wire.
struct ReviewDetailJSON: Encodable, Sendable {
  struct User: Encodable, Sendable {
    let id: Int64
    let screenName: String
  }
  struct Picture: Encodable, Sendable {
    let thumbnail: String
    let large: String
  }
  let id: Int64
  let idstr: String
  let businessId: Int64
  let dealId: String
  let user: User
  let rating: Int
  let productRating: Int
  let decorationRating: Int
  let serviceRating: Int
  /// What the three grades are called at this business: 口味, 环境, 服务 for 美食.
  let gradeNames: [String]
  let text: String
  let pictures: [Picture]
  let spend: Int?
  let helpful: Int
  /// Whether the caller marked it 有用.
  let helped: Bool
  let reply: String?
  let repliedAt: String?
  /// Hidden by staff: only its author sees it.
  let hidden: Bool
  let createdAt: String
  let updatedAt: String
  let url: String
}

struct TuanController: Sendable {
  let store: any TuanStore
  let users: any UserStore
  let presenter: DealsPresenter
  let writer: ReviewWriter

  struct ReviewList: Encodable, Sendable {
    let reviews: [ReviewDetailJSON]
    let totalNumber: Int
    let page: Int
  }

  func present(_ reviews: [ReviewRecord], viewer: Int64?) async throws -> [ReviewDetailJSON] {
    guard !reviews.isEmpty else { return [] }
    let people = try await users.users(ids: Array(Set(reviews.map(\.userID))))
    let merchants = try await store.merchants(ids: Array(Set(reviews.map(\.merchantID))))
    let voted = if let viewer { try await store.helpfulVotes(by: viewer, on: reviews) } else { Set<Int64>() }
    return reviews.map { r in
      ReviewDetailJSON(
        id: r.id, idstr: String(r.id), businessId: r.merchantID, dealId: DealsCall.dealID(r.dealID),
        user: .init(id: r.userID, screenName: people[r.userID]?.screenName ?? ""), rating: r.rating,
        productRating: r.grades.product, decorationRating: r.grades.decoration, serviceRating: r.grades.service,
        gradeNames: DealCategory.gradeNames(merchants[r.merchantID]?.category ?? ""), text: r.text,
        pictures: r.pictures.map {
          .init(thumbnail: presenter.pictureURL($0, size: "thumbnail"), large: presenter.pictureURL($0, size: "large"))
        },
        spend: r.spend, helpful: r.helpful, helped: voted.contains(r.id), reply: r.reply,
        repliedAt: r.repliedAt.map { DealsCall.format($0, withTime: true) }, hidden: r.hidden,
        createdAt: DealsCall.format(r.createdAt, withTime: true), updatedAt: DealsCall.format(r.updatedAt, withTime: true),
        url: "\(presenter.publicURL)/tuan/review/\(r.id)")
    }
  }

  /// `GET reviews` (`business_id`, `filter` all|latest|pictures|good|bad, `page`, `count`): a shop's reviews as the
  /// caller may see them.
  func reviews(_ call: JSONCall) async throws -> Response {
    guard let business = try call.params.int64("business_id") else { throw EnvelopeError.missing("business_id") }
    let filterText = call.params["filter"] ?? "all"
    guard let filter = ReviewFilter(rawValue: filterText) else {
      throw EnvelopeError.badParameter("filter", expected: "all, latest, pictures, good or bad", got: String(filterText.prefix(40)))
    }
    let page = try call.params.page(defaultCount: 20, maxCount: 50)
    let found = try await store.reviews(merchantID: business, filter: filter, viewer: call.viewer, limit: page.count,
                                        offset: page.offset)
    return try json(ReviewList(reviews: try await present(found.items, viewer: call.viewer), totalNumber: found.total,
                               page: page.offset / page.count + 1))
  }

  func visible(_ call: JSONCall) async throws -> ReviewRecord {
    guard let id = call.id, let review = try await store.review(id: id, viewer: call.viewer) else {
      throw EnvelopeError.reviewNotFound
    }
    return review
  }

  func one(_ review: ReviewRecord, _ call: JSONCall) async throws -> Response {
    try json(try await present([review], viewer: call.viewer)[0])
  }

  func review(_ call: JSONCall) async throws -> Response { try await one(try await visible(call), call) }

  /// `POST reviews` (`coupon`, `rating`, `product`, `decoration`, `service`, `text`, `spend`, `pic`…): a review of
  /// one of the caller's used 团购券.
  func create(_ call: JSONCall) async throws -> Response {
    let user = try call.user()
    guard let code = call.params["coupon"] else { throw EnvelopeError.missing("coupon") }
    // Someone else's 券, an unused one and an invented code are answered alike.
    guard CouponCode.isWellFormed(code), let coupon = try await store.coupon(code: code, userID: user),
      coupon.storedState == .consumed, let merchant = try await store.merchant(id: coupon.merchantID)
    else { throw EnvelopeError.notReviewable }
    let review = try await writer.create(call.params, files: call.params.files("pic"), coupon: coupon, merchant: merchant,
                                         by: user, at: call.now)
    return try await one(review, call)
  }

  /// One of the caller's reviews; someone else's is not found, as one that does not exist.
  func own(_ call: JSONCall) async throws -> ReviewRecord {
    let review = try await visible(call)
    guard review.userID == (try call.user()) else { throw EnvelopeError.reviewNotFound }
    return review
  }

  /// `POST reviews/{id}`: the fields replace theirs; `pic` parts join, `remove_pic` ids leave.
  func update(_ call: JSONCall) async throws -> Response {
    let current = try await own(call)
    guard let merchant = try await store.merchant(id: current.merchantID) else { throw EnvelopeError.reviewNotFound }
    let edited = try await writer.update(current, call.params, files: call.params.files("pic"), merchant: merchant,
                                         by: current.userID, at: call.now)
    return try await one(edited, call)
  }

  /// `POST reviews/{id}/delete`: the review as it was.
  func delete(_ call: JSONCall) async throws -> Response {
    let review = try await own(call)
    guard try await store.deleteReview(id: review.id, userID: review.userID) else { throw EnvelopeError.reviewNotFound }
    return try await one(review, call)
  }

  /// `POST reviews/{id}/helpful` (`helpful` 1, or 0 to take it back): the review with its count now.
  func helpful(_ call: JSONCall) async throws -> Response {
    let user = try call.user()
    let review = try await visible(call)
    _ = try await store.setHelpful(reviewID: review.id, userID: user, helpful: try call.params.flag("helpful") || call.params["helpful"] == nil)
    return try await one(try await visible(call), call)
  }

  struct Orders: Encodable, Sendable {
    struct Coupon: Encodable, Sendable {
      let code: String
      let state: String
      let stateName: String
      let validUntil: String
      let reviewId: Int64?
    }
    struct Order: Encodable, Sendable {
      let id: Int64
      let dealId: String
      let title: String
      let quantity: Int
      let unitPrice: Double
      let total: Double
      let payment: String
      let createdAt: String
      let coupons: [Coupon]
    }
    let orders: [Order]
    let totalNumber: Int
  }

  /// `GET orders` (`page`, `count`): the caller's orders with their 团购券 and their reviews' ids.
  func orders(_ call: JSONCall) async throws -> Response {
    let user = try call.user()
    let page = try call.params.page(defaultCount: 20, maxCount: 50)
    let found = try await store.orders(userID: user, limit: page.count, offset: page.offset)
    let deals = try await store.deals(ids: found.items.map(\.dealID))
    return try json(Orders(orders: found.items.map { order in
      Orders.Order(
        id: order.id, dealId: DealsCall.dealID(order.dealID), title: deals[order.dealID]?.title ?? "",
        quantity: order.quantity, unitPrice: Double(order.unitPrice) / 100, total: Double(order.total) / 100,
        payment: "到店付款", createdAt: DealsCall.format(order.createdAt, withTime: true),
        coupons: order.coupons.map { coupon in
          let state = coupon.state(at: call.now)
          return Orders.Coupon(code: coupon.code, state: state.rawValue, stateName: state.label,
                               validUntil: DealsCall.format(coupon.validUntil.addingTimeInterval(-1)),
                               reviewId: order.reviewIDs[coupon.code])
        })
    }, totalNumber: found.total))
  }
}
