import DealsAPI
import Foundation
import Hummingbird
import SparrowCore
import SparrowPlatform
import SparrowStore
import TuanStore

extension TuanWeb {
  /// Reviews per page of 全部点评.
  static let reviewPage = 10

  /// `/tuan/stars/:name` (`45.svg`, `45s.svg`): the stars of a rating, as pages and the deals API show them.
  func stars(_ name: String?) throws -> Response {
    guard let name, let svg = StarsPicture.svg(named: name) else { throw WebPageError.notFound }
    var headers = HTTPFields()
    headers[.contentType] = "image/svg+xml"
    headers[.cacheControl] = "public, max-age=604800"
    return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(string: svg)))
  }

  /// The reviews as `viewer` sees them, with their authors, deals and the viewer's 有用 votes.
  func reviewItems(_ reviews: [ReviewRecord], category: (ReviewRecord) -> String, context: SparrowContext) async throws
    -> [ReviewItem]
  {
    guard !reviews.isEmpty else { return [] }
    let viewer = context.viewer
    let people = try await platform.deps.store.users(ids: Array(Set(reviews.map(\.userID))))
    let deals = try await deps.store.deals(ids: Array(Set(reviews.map(\.dealID))))
    var voted: Set<Int64> = []
    if let viewer { voted = try await deps.store.helpfulVotes(by: viewer.user.id, on: reviews) }
    let now = deps.now()
    return reviews.map {
      var item = ReviewItem(
        review: $0, author: people[$0.userID]?.screenName ?? "已注销", dealTitle: deals[$0.dealID]?.title,
        category: category($0), viewer: viewer?.user.id, voted: voted.contains($0.id), csrf: viewer?.csrf,
        presenter: presenter,
        editable: viewer?.user.id == $0.userID && now.timeIntervalSince($0.createdAt) <= ReviewRules.editWindow)
      item.html = reviewRenders.html(item)
      return item
    }
  }

  /// The cards with their shops' stars and review counts (one read for the page).
  func rated(_ cards: [DealCard]) async throws -> [DealCard] {
    guard !cards.isEmpty else { return cards }
    let merchants = try await deps.store.merchants(ids: Array(Set(cards.map(\.deal.merchantID))))
    return cards.map { card in
      var card = card
      if let merchant = merchants[card.deal.merchantID], merchant.reviewCount > 0 {
        card.rating = (merchant.rating, merchant.reviewCount)
      }
      return card
    }
  }

  func merchant(_ text: String?) async throws -> MerchantRecord {
    guard let text, let id = Int64(text), id > 0, let merchant = try await deps.store.merchant(id: id) else {
      throw WebPageError(.notFound, "商家不存在")
    }
    return merchant
  }

  /// `/tuan/business/:id/reviews[?filter=good&page=2]`: 全部点评: the numbers, 全部/最新/有图/好评/差评, ten a page.
  func merchantReviews(_ request: Request, _ context: SparrowContext, id: String?) async throws -> Response {
    let merchant = try await merchant(id)
    guard let filter = context.params["filter"].map(ReviewFilter.init(rawValue:)) ?? .all else {
      throw WebPageError(.badRequest, "没有这种筛选")
    }
    let page = try Self.page(context.params)
    let found = try await deps.store.reviews(
      merchantID: merchant.id, filter: filter, viewer: context.viewer?.user.id, limit: Self.reviewPage,
      offset: (page - 1) * Self.reviewPage)
    let base = "/tuan/business/\(merchant.id)/reviews"
    func link(_ filter: ReviewFilter, page: Int = 1) -> String {
      var pairs = filter == .all ? [] : [("filter", filter.rawValue)]
      if page > 1 { pairs.append(("page", String(page))) }
      return pairs.isEmpty ? base : base + "?" + FormEncoding.encode(pairs: pairs)
    }
    let tabs = ReviewFilter.allCases.map {
      ReviewTab(filter: $0, count: $0 == filter ? found.total : $0.count(in: merchant.tally), link: link($0), selected: $0 == filter)
    }
    let items = try await reviewItems(found.items, category: { _ in merchant.category }, context: context)
    let next = page * Self.reviewPage < found.total ? link(filter, page: page + 1) : nil
    let frame = try await frame(context, request, tab: nil, title: "\(merchant.fullName)的点评")
    return render("tuan_reviews", ReviewsPage(frame: frame, merchant: merchant, tabs: tabs, items: items, next: next))
  }

  /// `/tuan/review/:id`: one review (the API's `review_url`); a hidden one only for its author, with a notice.
  func reviewPage(_ request: Request, _ context: SparrowContext, id: String?) async throws -> Response {
    guard let text = id, let reviewID = Int64(text),
      let review = try await deps.store.review(id: reviewID, viewer: context.viewer?.user.id)
    else { throw WebPageError(.notFound, "这条点评不存在") }
    let merchant = try await deps.store.merchant(id: review.merchantID)
    let item = try await reviewItems([review], category: { _ in merchant?.category ?? "" }, context: context)[0]
    return render("tuan_review", ReviewPage(frame: try await frame(context, request, tab: nil, title: "点评"), merchant: merchant, item: item))
  }

  /// `/tuan/review/new?coupon=…`: 写点评 for a used 团购券 of the viewer's.
  func newReviewForm(_ request: Request, _ context: SparrowContext) async throws -> Response {
    guard let viewer = context.viewer else { return try await signIn(next: WebFrame.here(request)) }
    let (coupon, deal, merchant) = try await reviewable(context.params["coupon"], viewer: viewer)
    let form = ReviewForm(
      frame: try await frame(context, request, tab: .orders, title: "写点评"), action: "/tuan/review/new", couponCode: coupon.code,
      dealTitle: deal.title, merchant: merchant, values: ReviewValues(), kept: [], presenter: presenter)
    return render("tuan_review_form", form)
  }

  /// The viewer's used 团购券 `code` without a review, with its deal and shop; anything else is not found alike.
  func reviewable(_ code: String?, viewer: Viewer) async throws -> (CouponRecord, DealRecord, MerchantRecord) {
    guard let code, CouponCode.isWellFormed(code) else { throw WebPageError(.notFound, "没有这张团购券") }
    guard let coupon = try await deps.store.coupon(code: code, userID: viewer.user.id), coupon.storedState == .consumed
    else { throw WebPageError(.notFound, "只有在商家使用过的团购券才能写点评") }
    guard try await deps.store.reviewIDs(couponCodes: [code]).isEmpty else {
      throw WebPageError(.conflict, "这张团购券已经写过点评了")
    }
    guard let deal = try await deps.store.deal(id: coupon.dealID), let merchant = try await deps.store.merchant(id: coupon.merchantID)
    else { throw WebPageError(.notFound, "团购不存在") }
    return (coupon, deal, merchant)
  }

  /// `POST /tuan/review/new` (`coupon`, `rating`, the three grades, `text`, `spend`, `pic`…): publishes the review
  /// and opens the shop's reviews; a refusal shows the form again with what was typed.
  func createReview(_ request: Request, _ context: SparrowContext) async throws -> Response {
    guard let viewer = context.viewer else { return try await signIn(next: "/tuan/orders") }
    let (coupon, deal, merchant) = try await reviewable(context.params["coupon"], viewer: viewer)
    let files = context.params.files("pic").filter { $0.data.readableBytes > 0 }
    do {
      _ = try await reviews.create(context.params, files: files, coupon: coupon, merchant: merchant, by: viewer.user.id,
                                   at: deps.now())
      return HTML.redirect("/tuan/business/\(merchant.id)/reviews?filter=latest")
    } catch let error as ReviewInputError {
      var form = ReviewForm(
        frame: try await frame(context, request, tab: .orders, title: "写点评"), action: "/tuan/review/new", couponCode: coupon.code,
        dealTitle: deal.title, merchant: merchant, values: ReviewValues(context.params), kept: [], presenter: presenter)
      form.error = error.message + (files.isEmpty ? "" : "（图片需要重新选择）")
      return render("tuan_review_form", form, status: .badRequest)
    } catch ReviewError.alreadyReviewed {
      throw WebPageError(.conflict, "这张团购券已经写过点评了")
    } catch ReviewError.notEligible {
      throw WebPageError(.notFound, "只有在商家使用过的团购券才能写点评")
    }
  }

  /// One of the viewer's reviews, or not found (someone else's alike).
  func ownReview(_ id: String?, viewer: Viewer) async throws -> ReviewRecord {
    guard let text = id, let reviewID = Int64(text), let review = try await deps.store.review(id: reviewID, viewer: viewer.user.id),
      review.userID == viewer.user.id
    else { throw WebPageError(.notFound, "这条点评不存在") }
    return review
  }

  /// `/tuan/review/:id/edit`: the form filled in, within the edit window.
  func editReviewForm(_ request: Request, _ context: SparrowContext, id: String?) async throws -> Response {
    guard let viewer = context.viewer else { return try await signIn(next: WebFrame.here(request)) }
    let review = try await ownReview(id, viewer: viewer)
    guard deps.now().timeIntervalSince(review.createdAt) <= ReviewRules.editWindow else {
      throw WebPageError(.conflict, "点评发表30天后不能再修改")
    }
    guard let merchant = try await deps.store.merchant(id: review.merchantID) else { throw WebPageError.notFound }
    let deal = try await deps.store.deal(id: review.dealID)
    let form = ReviewForm(
      frame: try await frame(context, request, tab: nil, title: "编辑点评"), action: "/tuan/review/\(review.id)/edit", couponCode: nil,
      dealTitle: deal?.title ?? "", merchant: merchant, values: ReviewValues(review), kept: review.pictures, presenter: presenter)
    return render("tuan_review_form", form)
  }

  /// `POST /tuan/review/:id/edit`: the new fields; `remove_pic` ids leave, `pic` files join (nine at most).
  func updateReview(_ request: Request, _ context: SparrowContext, id: String?) async throws -> Response {
    guard let viewer = context.viewer else { return try await signIn(next: "/tuan/reviews/mine") }
    let review = try await ownReview(id, viewer: viewer)
    guard let merchant = try await deps.store.merchant(id: review.merchantID) else { throw WebPageError.notFound }
    let files = context.params.files("pic").filter { $0.data.readableBytes > 0 }
    do {
      _ = try await reviews.update(review, context.params, files: files, merchant: merchant, by: viewer.user.id, at: deps.now())
      return HTML.redirect("/tuan/review/\(review.id)")
    } catch ReviewError.tooLateToEdit {
      throw WebPageError(.conflict, "点评发表30天后不能再修改")
    } catch let error as ReviewInputError {
      let deal = try await deps.store.deal(id: review.dealID)
      var form = ReviewForm(
        frame: try await frame(context, request, tab: nil, title: "编辑点评"), action: "/tuan/review/\(review.id)/edit", couponCode: nil,
        dealTitle: deal?.title ?? "", merchant: merchant, values: ReviewValues(context.params), kept: review.pictures,
        presenter: presenter)
      form.error = error.message + (files.isEmpty ? "" : "（图片需要重新选择）")
      return render("tuan_review_form", form, status: .badRequest)
    }
  }

  /// `POST /tuan/review/:id/delete`: deletes one's own review; its numbers leave the shop's.
  func deleteReview(_ request: Request, _ context: SparrowContext, id: String?) async throws -> Response {
    guard let viewer = context.viewer else { return try await signIn(next: "/tuan/reviews/mine") }
    let review = try await ownReview(id, viewer: viewer)
    guard try await deps.store.deleteReview(id: review.id, userID: viewer.user.id) else { throw WebPageError.notFound }
    return HTML.redirect("/tuan/reviews/mine")
  }

  /// `POST /tuan/review/:id/helpful` (`helpful` 1 or 0): 有用, once per person; back where it was pressed.
  func helpful(_ request: Request, _ context: SparrowContext, id: String?) async throws -> Response {
    guard let viewer = context.viewer else { return try await signIn(next: "/tuan/review/\(id ?? "")") }
    guard let text = id, let reviewID = Int64(text) else { throw WebPageError(.notFound, "这条点评不存在") }
    do {
      _ = try await deps.store.setHelpful(reviewID: reviewID, userID: viewer.user.id, helpful: context.params["helpful"] != "0")
    } catch StoreError.notFound {
      throw WebPageError(.notFound, "这条点评不存在")
    }
    return HTML.redirect(Self.back(request, fallback: "/tuan/review/\(reviewID)") + "#review-\(reviewID)")
  }

  /// `/tuan/reviews/mine`: 我的点评.
  func myReviews(_ request: Request, _ context: SparrowContext) async throws -> Response {
    let frame = try await frame(context, request, tab: nil, title: "我的点评")
    guard let viewer = context.viewer else {
      return render("tuan_message", MessagePage.signIn(frame, heading: "我的点评", message: "登录后可以查看和管理你写的点评", loginURL: frame.web.loginURL))
    }
    let found = try await deps.store.reviews(userID: viewer.user.id, limit: 100, offset: 0).items
    let merchants = try await deps.store.merchants(ids: Array(Set(found.map(\.merchantID))))
    let items = try await reviewItems(found, category: { merchants[$0.merchantID]?.category ?? "" }, context: context)
    return render("tuan_my_reviews", MyReviewsPage(frame: frame, items: items))
  }

  // MARK: The shop's side

  /// The merchant the viewer serves, or the page that says how a shop is linked.
  func servedShop(_ context: SparrowContext) async throws -> MerchantRecord {
    guard let viewer = context.viewer, let id = try await deps.store.shop(of: viewer.user.id),
      let merchant = try await deps.store.merchant(id: id)
    else {
      throw WebPageError(.forbidden, "这个账号还没有关联商家。商家账号由站点管理员用 sparrow tuan shop link 关联。")
    }
    return merchant
  }

  /// `/tuan/shop[?result=…]`: 商家后台: its deals on sale, 验券, today's used 团购券, its reviews with 回复.
  func shop(_ request: Request, _ context: SparrowContext) async throws -> Response {
    guard context.viewer != nil else { return try await signIn(next: "/tuan/shop") }
    let merchant = try await servedShop(context)
    let now = deps.now()
    var query = DealQuery()
    query.merchantIDs = [merchant.id]
    query.onSaleAt = now
    query.limit = Self.businessDeals
    let deals = try await deps.store.findDeals(query)
    let list = CardList(cards: deals.items.map { DealCard($0.deal, presenter: presenter, now: now) }, renders: cardRenders,
                        next: nil, total: deals.total, empty: "没有在售的团购")
    let used = try await deps.store.consumedCoupons(merchantID: merchant.id, since: Self.startOfToday(now), limit: 200)
      .map { CouponRow($0, now: now, csrf: nil) }
    let reviews = try await deps.store.reviews(merchantID: merchant.id, filter: .latest, viewer: nil, limit: 20, offset: 0)
    let items = try await reviewItems(reviews.items, category: { _ in merchant.category }, context: context)
    let result = context.params["result"]
    // `servedShop` has read that the viewer keeps a shop: the frame need not read it again.
    let frame = try await frame(context, request, tab: nil, title: "商家后台", keepsShop: true)
    let page = ShopPage(frame: frame, merchant: merchant, deals: list,
                        used: used, reviews: items, result: result, resultOK: context.params["ok"] == "1")
    return render("tuan_shop", page)
  }

  /// Midnight in China today: 今日 of 今日验券. China keeps one offset all year (`WeiboDate.zone`), so it is
  /// arithmetic: the calendar's `startOfDay` was 3 % of the shop page.
  static func startOfToday(_ now: Date) -> Date {
    let offset = Double(WeiboDate.zone.secondsFromGMT())
    let local = now.timeIntervalSince1970 + offset
    return Date(timeIntervalSince1970: (local / 86_400).rounded(.down) * 86_400 - offset)
  }

  /// `POST /tuan/shop/consume` (`code`): 验券, the same rules as `/v1/coupon/consume`: only this shop's unused,
  /// valid 团购券; another shop's answers as a code that does not exist.
  func shopConsume(_ request: Request, _ context: SparrowContext) async throws -> Response {
    guard context.viewer != nil else { return try await signIn(next: "/tuan/shop") }
    let merchant = try await servedShop(context)
    let code = (context.params["code"] ?? "").filter { !$0.isWhitespace }
    let (text, ok): (String, Bool)
    if !CouponCode.isWellFormed(code) {
      (text, ok) = ("团购券号是12位数字", false)
    } else {
      switch try await deps.store.consumeCoupon(code: code, merchantID: merchant.id, now: deps.now()) {
      case .done(let coupon): (text, ok) = ("验券成功：\(coupon.code)", true)
      case .notFound: (text, ok) = ("本店没有这张团购券", false)
      case .refused(let state): (text, ok) = ("这张团购券\(state.label)，不能使用", false)
      }
    }
    return HTML.redirect("/tuan/shop?" + FormEncoding.encode(pairs: [("result", text), ("ok", ok ? "1" : "0")]))
  }

  /// `POST /tuan/shop/reply` (`review`, `text`): the shop's reply to one of its reviews (again: replaces it).
  func shopReply(_ request: Request, _ context: SparrowContext) async throws -> Response {
    guard context.viewer != nil else { return try await signIn(next: "/tuan/shop") }
    let merchant = try await servedShop(context)
    guard let text = context.params["review"], let reviewID = Int64(text) else { throw WebPageError(.notFound, "这条点评不存在") }
    let reply = (context.params["text"] ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
    guard !reply.isEmpty else { throw WebPageError(.badRequest, "回复不能是空的") }
    switch ReviewRules.reply.check(reply) {
    case .fits: break
    case .tooLong(let count): throw WebPageError(.badRequest, "回复最多\(ReviewRules.reply.visible)个字，现在是\(count)个")
    case .tooHeavy: throw WebPageError(.badRequest, "回复里有太多看不见的字符")
    }
    do {
      try await deps.store.reply(toReview: reviewID, merchantID: merchant.id, text: reply, at: deps.now())
    } catch StoreError.notFound {
      throw WebPageError(.notFound, "这条点评不存在")
    }
    return HTML.redirect("/tuan/shop#review-\(reviewID)")
  }
}
