/// 团购's column lists, in the order both engines' row initialisers read them (by position).
package let merchantColumns = """
  id, name, branch_name, city_adcode, district_adcode, neighbourhood, address, phone, latitude, longitude, category, \
  subcategory, rating, average_price, hours, review_count, created_at, stars_1, stars_2, stars_3, stars_4, stars_5, \
  product_sum, decoration_sum, service_sum, pictured_reviews, spend_sum, spend_reviews
  """
package let dealColumns = """
  id, merchant_id, title, description, city_adcode, district_adcode, neighbourhood, nationwide, category, \
  subcategory, list_price, current_price, purchase_count, published_at, deadline, updated_at, stock, \
  per_person_limit, reservation_required, notice, special_tips, details, pictures, latitude, longitude
  """
package let couponColumns = "code, order_id, deal_id, merchant_id, user_id, state, valid_until, changed_at"
/// A `tuan_coupons` row's review, if one was written with it (`[OrderRecord].attaching`): the unique index on
/// `coupon_code` answers it.
package let couponReviewID = "(SELECT id FROM tuan_reviews WHERE tuan_reviews.coupon_code = tuan_coupons.code)"
