import SparrowStore
import SparrowStorePostgres
import TuanStore

/// 团购's tables in PostgreSQL: the same tables and columns as the SQLite engine's `tuan-v1`. Geo search uses a
/// GiST index over each deal's `point(longitude, latitude)` (a box query, then the exact circle), where SQLite has an
/// R*Tree.
enum TuanSchema {
  static let schema = PostgresSchema(migrations: [
    ("tuan-v1", "团购: merchants, deals, orders, coupons, favourites, views, API keys", v1),
    ("tuan-v2", "团购: the cities each person chose (最近访问)", v2),
    ("tuan-v3", "团购: the index of each city's deals on sale", v3),
    ("tuan-v4", "团购: local deals on sale from the index alone", v4),
    ("tuan-v5", "团购: keyword search by index", v5),
    ("tuan-v6", "团购: deals on sale by where they are sold", v6),
    ("tuan-v7", "团购: cancellation instead of refunds, stock and 限购", v7),
    ("tuan-v8", "团购: 点评, 有用 votes, merchants' tallies, shops' people", v8),
    ("tuan-v9", "团购: 适用分店", v9),
    ("tuan-v10", "团购: 人均 from the reviews", v10),
    ("tuan-v11", "团购: the sales stamp of the kept orders", v11),
    ("tuan-v12", "团购: the categories on sale by index", v12),
  ])

  /// The categories on sale, a seek per pair (SQLite's `tuan-v11`).
  static let v12 = [
    "CREATE INDEX tuan_deals_by_category ON tuan_deals (category, subcategory, deadline, published_at)",
  ]

  /// The sales stamp (SQLite's `tuan-v10`).
  static let v11 = [
    "CREATE TABLE tuan_stamps (name TEXT PRIMARY KEY, n BIGINT NOT NULL)",
  ]

  /// 人均 from the reviews (SQLite's `tuan-v9`).
  static let v10 = [
    "ALTER TABLE tuan_merchants ADD COLUMN spend_sum BIGINT NOT NULL DEFAULT 0, ADD COLUMN spend_reviews BIGINT NOT NULL DEFAULT 0",
    """
    UPDATE tuan_merchants m SET spend_sum = s.total, spend_reviews = s.n
      FROM (SELECT merchant_id, sum(spend) AS total, count(*) AS n FROM tuan_reviews
            WHERE hidden = 0 AND spend IS NOT NULL GROUP BY merchant_id) s
      WHERE m.id = s.merchant_id
    """,
    "UPDATE tuan_merchants SET \(ReviewSQL.derived)",
  ]

  /// 适用分店 (SQLite's `tuan-v8`).
  static let v9 = [
    "CREATE TABLE tuan_deal_branches (deal_id BIGINT NOT NULL, merchant_id BIGINT NOT NULL, PRIMARY KEY (deal_id, merchant_id))",
    "CREATE INDEX tuan_deal_branches_by_merchant ON tuan_deal_branches (merchant_id)",
  ]

  /// 点评 (SQLite's `tuan-v7`): reviews, votes, each merchant's tally, shops' people, a shop's used 券 by time.
  static let v8 = [
    """
    ALTER TABLE tuan_merchants ADD COLUMN stars_1 BIGINT NOT NULL DEFAULT 0, ADD COLUMN stars_2 BIGINT NOT NULL DEFAULT 0,
      ADD COLUMN stars_3 BIGINT NOT NULL DEFAULT 0, ADD COLUMN stars_4 BIGINT NOT NULL DEFAULT 0,
      ADD COLUMN stars_5 BIGINT NOT NULL DEFAULT 0, ADD COLUMN product_sum BIGINT NOT NULL DEFAULT 0,
      ADD COLUMN decoration_sum BIGINT NOT NULL DEFAULT 0, ADD COLUMN service_sum BIGINT NOT NULL DEFAULT 0,
      ADD COLUMN pictured_reviews BIGINT NOT NULL DEFAULT 0
    """,
    "UPDATE tuan_merchants SET rating = 0, review_count = 0",
    """
    CREATE TABLE tuan_reviews (
      id BIGINT PRIMARY KEY, merchant_id BIGINT NOT NULL, deal_id BIGINT NOT NULL, user_id BIGINT NOT NULL,
      coupon_code TEXT NOT NULL UNIQUE, rating BIGINT NOT NULL, product BIGINT NOT NULL, decoration BIGINT NOT NULL,
      service BIGINT NOT NULL, text TEXT NOT NULL, pictures TEXT NOT NULL, spend BIGINT, helpful BIGINT NOT NULL,
      reply TEXT, replied_at BIGINT, hidden BIGINT NOT NULL, created_at BIGINT NOT NULL, updated_at BIGINT NOT NULL)
    """,
    "CREATE INDEX tuan_reviews_by_merchant ON tuan_reviews (merchant_id, helpful, id)",
    "CREATE INDEX tuan_reviews_by_user ON tuan_reviews (user_id, id)",
    """
    CREATE TABLE tuan_review_votes (review_id BIGINT NOT NULL, user_id BIGINT NOT NULL, PRIMARY KEY (review_id, user_id))
    """,
    "CREATE INDEX tuan_review_votes_by_user ON tuan_review_votes (user_id, review_id)",
    "CREATE TABLE tuan_shop_users (user_id BIGINT PRIMARY KEY, merchant_id BIGINT NOT NULL)",
    "CREATE INDEX tuan_coupons_used ON tuan_coupons (merchant_id, state, changed_at)",
  ]

  /// Honest orders (SQLite's `tuan-v6`): cancellation instead of refunds, 已售 lowered by what was refunded, a stock
  /// and a 限购 per deal, and the index that counts a person's 团购券 of a deal.
  static let v7 = [
    "ALTER TABLE tuan_deals ADD COLUMN stock BIGINT, ADD COLUMN per_person_limit BIGINT",
    """
    UPDATE tuan_deals d SET purchase_count = greatest(0, d.purchase_count - r.n)
      FROM (SELECT deal_id, count(*) AS n FROM tuan_coupons WHERE state = 'refunded' GROUP BY deal_id) r
      WHERE d.id = r.deal_id
    """,
    "UPDATE tuan_coupons SET state = 'cancelled' WHERE state = 'refunded'",
    "ALTER TABLE tuan_deals DROP COLUMN refund_anytime, DROP COLUMN refund_after_expiry",
    "CREATE INDEX tuan_coupons_by_holder ON tuan_coupons (user_id, deal_id, state)",
  ]

  /// Deals on sale by where they are sold: 0 for nationwide deals, else the city (`PostgresTuanStore.condition`),
  /// then the columns the grid, the map and the API filter and sort by, and the id, so a city's page is read from
  /// the index alone. It replaces `tuan_deals_on_sale`. (SQLite keeps that one: its expression indexes do not cover.)
  static let v6 = [
    """
    CREATE INDEX tuan_deals_sold_in ON tuan_deals ((CASE WHEN nationwide = 1 THEN 0 ELSE city_adcode END), deadline,
      published_at, purchase_count, current_price, category, subcategory, nationwide, city_adcode, id)
    """,
    "DROP INDEX tuan_deals_on_sale",
  ]

  /// Keyword search by index (`SearchBigrams`, SQLite's `tuan-v5`): a GIN index over each deal's pairs of
  /// characters, computed here in SQL; a search asks for the deals with all of its word's pairs, then checks them.
  static let v5 = [
    SearchBigrams.postgresFunction("tuan_bigrams"),
    "CREATE INDEX tuan_deals_by_bigrams ON tuan_deals USING gin (tuan_bigrams(search_text))",
  ]

  /// The same index with `nationwide` beside the city (see SQLite's `tuan-v4`).
  static let v4 = [
    "DROP INDEX tuan_deals_on_sale",
    """
    CREATE INDEX tuan_deals_on_sale ON tuan_deals
      (city_adcode, nationwide, deadline, published_at, purchase_count, current_price, category, subcategory)
    """,
  ]

  /// A city's deals on sale from the index (see SQLite's `tuan-v3`).
  static let v3 = [
    """
    CREATE INDEX tuan_deals_on_sale ON tuan_deals
      (city_adcode, deadline, published_at, purchase_count, current_price, category, subcategory)
    """,
  ]

  static let v2 = [
    """
    CREATE TABLE tuan_city_visits (user_id BIGINT NOT NULL, adcode BIGINT NOT NULL, at BIGINT NOT NULL,
      PRIMARY KEY (user_id, adcode))
    """,
    "CREATE INDEX tuan_city_visits_by_time ON tuan_city_visits (user_id, at)",
  ]

  static let v1 = [
    """
    CREATE TABLE tuan_merchants (
      id BIGINT PRIMARY KEY,
      name TEXT NOT NULL,
      branch_name TEXT NOT NULL,
      city_adcode BIGINT NOT NULL,
      district_adcode BIGINT NOT NULL,
      neighbourhood TEXT NOT NULL,
      address TEXT NOT NULL,
      phone TEXT NOT NULL,
      latitude DOUBLE PRECISION NOT NULL,
      longitude DOUBLE PRECISION NOT NULL,
      category TEXT NOT NULL,
      subcategory TEXT NOT NULL,
      rating DOUBLE PRECISION NOT NULL,
      average_price BIGINT NOT NULL,
      hours TEXT NOT NULL,
      review_count BIGINT NOT NULL,
      created_at BIGINT NOT NULL,
      search_text TEXT NOT NULL
    )
    """,
    "CREATE INDEX tuan_merchants_by_city ON tuan_merchants (city_adcode, category, subcategory)",
    "CREATE INDEX tuan_merchants_by_district ON tuan_merchants (district_adcode, neighbourhood)",
    "CREATE INDEX tuan_merchants_geo ON tuan_merchants USING gist (point(longitude, latitude))",
    """
    CREATE TABLE tuan_deals (
      id BIGINT PRIMARY KEY,
      merchant_id BIGINT NOT NULL,
      title TEXT NOT NULL,
      description TEXT NOT NULL,
      city_adcode BIGINT NOT NULL,
      district_adcode BIGINT NOT NULL,
      neighbourhood TEXT NOT NULL,
      nationwide BIGINT NOT NULL,
      category TEXT NOT NULL,
      subcategory TEXT NOT NULL,
      list_price BIGINT NOT NULL,
      current_price BIGINT NOT NULL,
      purchase_count BIGINT NOT NULL,
      published_at BIGINT NOT NULL,
      deadline BIGINT NOT NULL,
      updated_at BIGINT NOT NULL,
      refund_anytime BIGINT NOT NULL,
      refund_after_expiry BIGINT NOT NULL,
      reservation_required BIGINT NOT NULL,
      notice TEXT NOT NULL,
      special_tips TEXT NOT NULL,
      details TEXT NOT NULL,
      pictures TEXT NOT NULL,
      latitude DOUBLE PRECISION NOT NULL,
      longitude DOUBLE PRECISION NOT NULL,
      search_text TEXT NOT NULL
    )
    """,
    "CREATE INDEX tuan_deals_by_city ON tuan_deals (city_adcode, category, subcategory)",
    "CREATE INDEX tuan_deals_by_district ON tuan_deals (district_adcode, neighbourhood)",
    "CREATE INDEX tuan_deals_by_merchant ON tuan_deals (merchant_id)",
    "CREATE INDEX tuan_deals_nationwide ON tuan_deals (nationwide) WHERE nationwide = 1",
    "CREATE INDEX tuan_deals_by_published ON tuan_deals (published_at)",
    "CREATE INDEX tuan_deals_by_deadline ON tuan_deals (deadline)",
    "CREATE INDEX tuan_deals_by_update ON tuan_deals (updated_at)",
    "CREATE INDEX tuan_deals_geo ON tuan_deals USING gist (point(longitude, latitude))",
    """
    CREATE TABLE tuan_orders (
      id BIGINT PRIMARY KEY, user_id BIGINT NOT NULL, deal_id BIGINT NOT NULL, quantity BIGINT NOT NULL,
      unit_price BIGINT NOT NULL, created_at BIGINT NOT NULL)
    """,
    "CREATE INDEX tuan_orders_by_user ON tuan_orders (user_id, id)",
    """
    CREATE TABLE tuan_coupons (
      code TEXT PRIMARY KEY, order_id BIGINT NOT NULL, deal_id BIGINT NOT NULL, merchant_id BIGINT NOT NULL,
      user_id BIGINT NOT NULL, state TEXT NOT NULL, valid_until BIGINT NOT NULL, changed_at BIGINT)
    """,
    "CREATE INDEX tuan_coupons_by_order ON tuan_coupons (order_id)",
    """
    CREATE TABLE tuan_favourites (user_id BIGINT NOT NULL, deal_id BIGINT NOT NULL, at BIGINT NOT NULL,
      PRIMARY KEY (user_id, deal_id))
    """,
    "CREATE INDEX tuan_favourites_by_time ON tuan_favourites (user_id, at)",
    """
    CREATE TABLE tuan_views (user_id BIGINT NOT NULL, deal_id BIGINT NOT NULL, at BIGINT NOT NULL,
      PRIMARY KEY (user_id, deal_id))
    """,
    "CREATE INDEX tuan_views_by_time ON tuan_views (user_id, at)",
    """
    CREATE TABLE tuan_api_keys (client_id TEXT PRIMARY KEY, secret TEXT NOT NULL, merchant_id BIGINT,
      created_at BIGINT NOT NULL)
    """,
  ]
}
