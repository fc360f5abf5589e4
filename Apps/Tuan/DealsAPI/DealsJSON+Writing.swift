import SparrowCore

// Deals and businesses written by hand (`JSONFieldWriting`): through the Encoder protocol, a page of twenty deals
// was a fifth of `find_deals`. Each writes exactly what its `Encodable` form says, key for key and in the same
// order (`DealsJSONWritingTests` compares the two).

extension Yuan: JSONFieldWriting {
  func writeJSON(_ out: inout JSONOutput) {
    if cents % 100 == 0 { out.int(cents / 100) } else { out.double(Double(cents) / 100) }
  }
}

extension DealJSON.Business: JSONFieldWriting {
  func writeJSON(_ out: inout JSONOutput) {
    out.object { o in
      o.field("name", name)
      o.field("id", id)
      o.field("city", city)
      o.field("address", address)
      o.raw("latitude") { $0.double(latitude) }
      o.raw("longitude") { $0.double(longitude) }
      o.field("url", url)
      o.field("h5_url", h5Url)
    }
  }
}

extension DealJSON.Restrictions: JSONFieldWriting {
  func writeJSON(_ out: inout JSONOutput) {
    out.object { o in
      o.field("is_reservation_required", isReservationRequired)
      o.field("is_refundable", isRefundable)
      o.field("special_tips", specialTips)
    }
  }
}

extension DealJSON: JSONFieldWriting {
  func writeJSON(_ out: inout JSONOutput) {
    out.object { o in
      o.field("deal_id", dealId)
      o.field("title", title)
      o.field("description", description)
      o.field("city", city)
      o.field("list_price", listPrice)
      o.field("current_price", currentPrice)
      o.field("regions", regions)
      o.field("categories", categories)
      o.field("purchase_count", purchaseCount)
      o.field("publish_date", publishDate)
      o.field("purchase_deadline", purchaseDeadline)
      o.field("distance", distance)
      o.field("image_url", imageUrl)
      o.field("s_image_url", sImageUrl)
      o.field("more_image_urls", moreImageUrls)
      o.field("more_s_image_urls", moreSImageUrls)
      o.field("details", details)
      o.field("is_popular", isPopular)
      o.field("restrictions", restrictions)
      o.field("notice", notice)
      o.field("deal_url", dealUrl)
      o.field("deal_h5_url", dealH5Url)
      o.field("commission_ratio", commissionRatio)
      o.field("businesses", businesses)
    }
  }
}

extension BusinessJSON.Deal: JSONFieldWriting {
  func writeJSON(_ out: inout JSONOutput) {
    out.object { o in
      o.field("id", id)
      o.field("description", description)
      o.field("url", url)
    }
  }
}

extension BusinessJSON: JSONFieldWriting {
  func writeJSON(_ out: inout JSONOutput) {
    out.object { o in
      o.field("business_id", businessId)
      o.field("name", name)
      o.field("branch_name", branchName)
      o.field("address", address)
      o.field("telephone", telephone)
      o.field("city", city)
      o.field("regions", regions)
      o.field("categories", categories)
      o.raw("latitude") { $0.double(latitude) }
      o.raw("longitude") { $0.double(longitude) }
      o.raw("avg_rating") { $0.double(avgRating) }
      o.field("rating_img_url", ratingImgUrl)
      o.field("rating_s_img_url", ratingSImgUrl)
      o.field("product_grade", productGrade)
      o.field("decoration_grade", decorationGrade)
      o.field("service_grade", serviceGrade)
      o.raw("product_score") { $0.double(productScore) }
      o.raw("decoration_score") { $0.double(decorationScore) }
      o.raw("service_score") { $0.double(serviceScore) }
      o.field("avg_price", avgPrice)
      o.field("review_count", reviewCount)
      o.field("distance", distance)
      o.field("business_url", businessUrl)
      o.field("photo_url", photoUrl)
      o.field("s_photo_url", sPhotoUrl)
      o.field("has_coupon", hasCoupon)
      o.field("coupon_id", couponId)
      o.field("coupon_description", couponDescription)
      o.field("coupon_url", couponUrl)
      o.field("has_deal", hasDeal)
      o.field("deal_count", dealCount)
      o.field("deals", deals)
      o.field("has_online_reservation", hasOnlineReservation)
      o.field("online_reservation_url", onlineReservationUrl)
      o.field("business_hours", businessHours)
    }
  }
}

extension ReviewDetailJSON.User: JSONFieldWriting {
  func writeJSON(_ out: inout JSONOutput) {
    out.object { o in
      o.field("id", id)
      o.field("screen_name", screenName)
    }
  }
}

extension ReviewDetailJSON.Picture: JSONFieldWriting {
  func writeJSON(_ out: inout JSONOutput) {
    out.object { o in
      o.field("thumbnail", thumbnail)
      o.field("large", large)
    }
  }
}

// Reviews: through the Encoder protocol, a page of twenty was a fifth of `/tuan/api/reviews`.
extension ReviewDetailJSON: JSONFieldWriting {
  func writeJSON(_ out: inout JSONOutput) {
    out.object { o in
      o.field("id", id)
      o.field("idstr", idstr)
      o.field("business_id", businessId)
      o.field("deal_id", dealId)
      o.field("user", user)
      o.field("rating", rating)
      o.field("product_rating", productRating)
      o.field("decoration_rating", decorationRating)
      o.field("service_rating", serviceRating)
      o.field("grade_names", gradeNames)
      o.field("text", text)
      o.field("pictures", pictures)
      o.field("spend", spend)
      o.field("helpful", helpful)
      o.field("helped", helped)
      o.field("reply", reply)
      o.field("replied_at", repliedAt)
      o.field("hidden", hidden)
      o.field("created_at", createdAt)
      o.field("updated_at", updatedAt)
      o.field("url", url)
    }
  }
}

extension ReviewJSON: JSONFieldWriting {
  func writeJSON(_ out: inout JSONOutput) {
    out.object { o in
      o.field("review_id", reviewId)
      o.field("user_nickname", userNickname)
      o.field("created_time", createdTime)
      o.field("text_excerpt", textExcerpt)
      o.field("review_rating", reviewRating)
      o.field("rating_img_url", ratingImgUrl)
      o.field("rating_s_img_url", ratingSImgUrl)
      o.field("product_rating", productRating)
      o.field("decoration_rating", decorationRating)
      o.field("service_rating", serviceRating)
      o.field("review_url", reviewUrl)
    }
  }
}
