import SparrowStore
import SparrowStoreSQLite
import TuanStore

/// 团购's tables in SQLite, migrated after the platform's and 微博's (`SQLiteTuanStore.schema`). Prices are cents,
/// times milliseconds; geo search goes through an R*Tree over the deals' positions, kept in step by triggers.
enum TuanSchema {
  static let v1 = """
    CREATE TABLE tuan_merchants (
      id INTEGER PRIMARY KEY,
      name TEXT NOT NULL,
      branch_name TEXT NOT NULL,
      city_adcode INTEGER NOT NULL,
      district_adcode INTEGER NOT NULL,
      neighbourhood TEXT NOT NULL,
      address TEXT NOT NULL,
      phone TEXT NOT NULL,
      latitude REAL NOT NULL,
      longitude REAL NOT NULL,
      category TEXT NOT NULL,
      subcategory TEXT NOT NULL,
      rating REAL NOT NULL,
      average_price INTEGER NOT NULL,
      hours TEXT NOT NULL,
      review_count INTEGER NOT NULL,
      created_at BIGINT NOT NULL,
      search_text TEXT NOT NULL
    );
    CREATE INDEX tuan_merchants_by_city ON tuan_merchants (city_adcode, category, subcategory);
    CREATE INDEX tuan_merchants_by_district ON tuan_merchants (district_adcode, neighbourhood);
    CREATE VIRTUAL TABLE tuan_merchant_geo USING rtree(id, min_lat, max_lat, min_lon, max_lon);
    CREATE TRIGGER tuan_merchant_geo_insert AFTER INSERT ON tuan_merchants BEGIN
      INSERT INTO tuan_merchant_geo (id, min_lat, max_lat, min_lon, max_lon)
        VALUES (new.id, new.latitude, new.latitude, new.longitude, new.longitude);
    END;
    CREATE TRIGGER tuan_merchant_geo_delete AFTER DELETE ON tuan_merchants BEGIN
      DELETE FROM tuan_merchant_geo WHERE id = old.id;
    END;

    CREATE TABLE tuan_deals (
      id INTEGER PRIMARY KEY,
      merchant_id BIGINT NOT NULL,
      title TEXT NOT NULL,
      description TEXT NOT NULL,
      city_adcode INTEGER NOT NULL,
      district_adcode INTEGER NOT NULL,
      neighbourhood TEXT NOT NULL,
      nationwide INTEGER NOT NULL,
      category TEXT NOT NULL,
      subcategory TEXT NOT NULL,
      list_price INTEGER NOT NULL,
      current_price INTEGER NOT NULL,
      purchase_count INTEGER NOT NULL,
      published_at BIGINT NOT NULL,
      deadline BIGINT NOT NULL,
      updated_at BIGINT NOT NULL,
      refund_anytime INTEGER NOT NULL,
      refund_after_expiry INTEGER NOT NULL,
      reservation_required INTEGER NOT NULL,
      notice TEXT NOT NULL,
      special_tips TEXT NOT NULL,
      details TEXT NOT NULL,
      pictures TEXT NOT NULL,
      latitude REAL NOT NULL,
      longitude REAL NOT NULL,
      search_text TEXT NOT NULL
    );
    CREATE INDEX tuan_deals_by_city ON tuan_deals (city_adcode, category, subcategory);
    CREATE INDEX tuan_deals_by_district ON tuan_deals (district_adcode, neighbourhood);
    CREATE INDEX tuan_deals_by_merchant ON tuan_deals (merchant_id);
    CREATE INDEX tuan_deals_nationwide ON tuan_deals (nationwide) WHERE nationwide = 1;
    CREATE INDEX tuan_deals_by_published ON tuan_deals (published_at);
    CREATE INDEX tuan_deals_by_deadline ON tuan_deals (deadline);
    CREATE INDEX tuan_deals_by_update ON tuan_deals (updated_at);

    CREATE VIRTUAL TABLE tuan_deal_geo USING rtree(id, min_lat, max_lat, min_lon, max_lon);
    CREATE TRIGGER tuan_deal_geo_insert AFTER INSERT ON tuan_deals BEGIN
      INSERT INTO tuan_deal_geo (id, min_lat, max_lat, min_lon, max_lon)
        VALUES (new.id, new.latitude, new.latitude, new.longitude, new.longitude);
    END;
    CREATE TRIGGER tuan_deal_geo_update AFTER UPDATE OF latitude, longitude ON tuan_deals BEGIN
      UPDATE tuan_deal_geo SET min_lat = new.latitude, max_lat = new.latitude, min_lon = new.longitude,
        max_lon = new.longitude WHERE id = new.id;
    END;
    CREATE TRIGGER tuan_deal_geo_delete AFTER DELETE ON tuan_deals BEGIN
      DELETE FROM tuan_deal_geo WHERE id = old.id;
    END;

    CREATE TABLE tuan_orders (
      id INTEGER PRIMARY KEY,
      user_id BIGINT NOT NULL,
      deal_id BIGINT NOT NULL,
      quantity INTEGER NOT NULL,
      unit_price INTEGER NOT NULL,
      created_at BIGINT NOT NULL
    );
    CREATE INDEX tuan_orders_by_user ON tuan_orders (user_id, id);

    CREATE TABLE tuan_coupons (
      code TEXT PRIMARY KEY,
      order_id BIGINT NOT NULL,
      deal_id BIGINT NOT NULL,
      merchant_id BIGINT NOT NULL,
      user_id BIGINT NOT NULL,
      state TEXT NOT NULL,
      valid_until BIGINT NOT NULL,
      changed_at BIGINT
    ) WITHOUT ROWID;
    CREATE INDEX tuan_coupons_by_order ON tuan_coupons (order_id);

    CREATE TABLE tuan_favourites (user_id BIGINT NOT NULL, deal_id BIGINT NOT NULL, at BIGINT NOT NULL,
      PRIMARY KEY (user_id, deal_id)) WITHOUT ROWID;
    CREATE INDEX tuan_favourites_by_time ON tuan_favourites (user_id, at);
    CREATE TABLE tuan_views (user_id BIGINT NOT NULL, deal_id BIGINT NOT NULL, at BIGINT NOT NULL,
      PRIMARY KEY (user_id, deal_id)) WITHOUT ROWID;
    CREATE INDEX tuan_views_by_time ON tuan_views (user_id, at);

    CREATE TABLE tuan_api_keys (
      client_id TEXT PRIMARY KEY,
      secret TEXT NOT NULL,
      merchant_id BIGINT,
      created_at BIGINT NOT NULL
    );
    """

  /// 最近访问 of a signed-in person: the cities chosen, so it follows them from browser to browser.
  static let v2 = """
    CREATE TABLE tuan_city_visits (user_id BIGINT NOT NULL, adcode BIGINT NOT NULL, at BIGINT NOT NULL,
      PRIMARY KEY (user_id, adcode)) WITHOUT ROWID;
    CREATE INDEX tuan_city_visits_by_time ON tuan_city_visits (user_id, at);
    """

  /// A city's deals on sale, read from the index alone: the grid's count and its orders (sales and age, price) no
  /// longer fetch every deal of the city (a big city's grid read 6,000 rows, 28 ms, per request), and the category
  /// menus filter inside it too.
  static let v3 = """
    CREATE INDEX tuan_deals_on_sale ON tuan_deals (city_adcode, deadline, published_at, purchase_count, current_price, category, subcategory);
    """

  /// `tuan-v3`'s index with `nationwide` beside the city: local deals are what the grid, the map and the API's city
  /// search ask for, and without it every candidate's row was read to test it (a big city's count 19 ms, not 0.7).
  static let v4 = """
    DROP INDEX tuan_deals_on_sale;
    CREATE INDEX tuan_deals_on_sale ON tuan_deals
      (city_adcode, nationwide, deadline, published_at, purchase_count, current_price, category, subcategory);
    """

  /// Keyword search by index (`SearchBigrams`): each deal's text as its pairs of characters, and the city it is
  /// sold in (`c0` for nationwide deals), so 火锅 in 北京 reads the few deals that have both instead of testing
  /// every deal of the city (19 ms a search). Kept in step by triggers, as 微博's search tables are.
  static let v5 = SearchBigrams.sqliteTable("tuan_deal_grams", of: "tuan_deals",
                                            updatedBy: ["search_text", "nationwide", "city_adcode"], grams: grams)

  /// Honest orders: 团购券 are paid at the shop, so no money is taken and none is refunded; an unused one is
  /// cancelled, back to stock, and 已售 (units ordered and not cancelled) drops by it. Deals gain a stock and a
  /// 限购 (both NULL when unlimited) in place of the refund rules; the index counts a person's 团购券 of a deal.
  static let v6 = """
    ALTER TABLE tuan_deals ADD COLUMN stock INTEGER;
    ALTER TABLE tuan_deals ADD COLUMN per_person_limit INTEGER;
    UPDATE tuan_deals SET purchase_count = max(0, purchase_count - (
        SELECT count(*) FROM tuan_coupons WHERE tuan_coupons.deal_id = tuan_deals.id AND state = 'refunded'))
      WHERE id IN (SELECT deal_id FROM tuan_coupons WHERE state = 'refunded');
    UPDATE tuan_coupons SET state = 'cancelled' WHERE state = 'refunded';
    ALTER TABLE tuan_deals DROP COLUMN refund_anytime;
    ALTER TABLE tuan_deals DROP COLUMN refund_after_expiry;
    CREATE INDEX tuan_coupons_by_holder ON tuan_coupons (user_id, deal_id, state);
    """

  /// 点评: reviews by people who used a 团购券 at the shop (one per used 券, `coupon_code` unique), their 有用 votes,
  /// and each merchant's tally beside its row (`ReviewTally`), moved in the transactions that write reviews. The
  /// demo's made-up ratings and counts had no review behind them, so they become none. Shops' people
  /// (`tuan_shop_users`), and the index of a shop's used 券 by time (its 今日验券).
  static let v7 = """
    ALTER TABLE tuan_merchants ADD COLUMN stars_1 INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE tuan_merchants ADD COLUMN stars_2 INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE tuan_merchants ADD COLUMN stars_3 INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE tuan_merchants ADD COLUMN stars_4 INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE tuan_merchants ADD COLUMN stars_5 INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE tuan_merchants ADD COLUMN product_sum INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE tuan_merchants ADD COLUMN decoration_sum INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE tuan_merchants ADD COLUMN service_sum INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE tuan_merchants ADD COLUMN pictured_reviews INTEGER NOT NULL DEFAULT 0;
    UPDATE tuan_merchants SET rating = 0, review_count = 0;
    CREATE TABLE tuan_reviews (
      id INTEGER PRIMARY KEY,
      merchant_id BIGINT NOT NULL,
      deal_id BIGINT NOT NULL,
      user_id BIGINT NOT NULL,
      coupon_code TEXT NOT NULL UNIQUE,
      rating INTEGER NOT NULL,
      product INTEGER NOT NULL,
      decoration INTEGER NOT NULL,
      service INTEGER NOT NULL,
      text TEXT NOT NULL,
      pictures TEXT NOT NULL,
      spend INTEGER,
      helpful INTEGER NOT NULL,
      reply TEXT,
      replied_at BIGINT,
      hidden INTEGER NOT NULL,
      created_at BIGINT NOT NULL,
      updated_at BIGINT NOT NULL
    );
    CREATE INDEX tuan_reviews_by_merchant ON tuan_reviews (merchant_id, helpful, id);
    CREATE INDEX tuan_reviews_by_user ON tuan_reviews (user_id, id);
    CREATE TABLE tuan_review_votes (review_id BIGINT NOT NULL, user_id BIGINT NOT NULL,
      PRIMARY KEY (review_id, user_id)) WITHOUT ROWID;
    CREATE INDEX tuan_review_votes_by_user ON tuan_review_votes (user_id, review_id);
    CREATE TABLE tuan_shop_users (user_id INTEGER PRIMARY KEY, merchant_id BIGINT NOT NULL);
    CREATE INDEX tuan_coupons_used ON tuan_coupons (merchant_id, state, changed_at);
    """

  /// 适用分店: the other shops of a brand where a deal may be used; a 团购券 used at one of them becomes that shop's.
  static let v8 = """
    CREATE TABLE tuan_deal_branches (deal_id BIGINT NOT NULL, merchant_id BIGINT NOT NULL,
      PRIMARY KEY (deal_id, merchant_id)) WITHOUT ROWID;
    CREATE INDEX tuan_deal_branches_by_merchant ON tuan_deal_branches (merchant_id);
    """

  /// 人均 from the reviews: each merchant's sum and count of the 人均 its reviews give, and `average_price` (what
  /// sorting by price reads) their mean; the demo's made-up figures had no review behind them.
  static let v9 = """
    ALTER TABLE tuan_merchants ADD COLUMN spend_sum INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE tuan_merchants ADD COLUMN spend_reviews INTEGER NOT NULL DEFAULT 0;
    UPDATE tuan_merchants SET
      spend_sum = (SELECT coalesce(sum(spend), 0) FROM tuan_reviews r WHERE r.merchant_id = tuan_merchants.id
                   AND r.hidden = 0 AND r.spend IS NOT NULL),
      spend_reviews = (SELECT count(*) FROM tuan_reviews r WHERE r.merchant_id = tuan_merchants.id
                       AND r.hidden = 0 AND r.spend IS NOT NULL)
      WHERE id IN (SELECT merchant_id FROM tuan_reviews WHERE spend IS NOT NULL);
    UPDATE tuan_merchants SET \(ReviewSQL.derived);
    """

  /// Counters that stamp what kept values follow (`DealsStamp`): `sales` moves with every 券 sold or cancelled
  /// (its row is made by the first; none is 0).
  static let v10 = """
    CREATE TABLE tuan_stamps (name TEXT PRIMARY KEY, n INTEGER NOT NULL) WITHOUT ROWID;
    """

  /// The categories on sale, a seek per pair (`OnSaleSets.categoriesOnSale`).
  static let v11 = """
    CREATE INDEX tuan_deals_by_category ON tuan_deals (category, subcategory, deadline, published_at);
    """

  /// The indexed text of the deal `row` (`new`, `old` or the table): its pairs, then its city's token.
  static func grams(_ row: String) -> String {
    "sparrow_bigrams(\(row).search_text) || ' c' || (CASE WHEN \(row).nationwide = 1 THEN 0 ELSE \(row).city_adcode END)"
  }

  static let schema = SQLiteSchema(migrations: [
    ("tuan-v1", "团购: merchants, deals, orders, coupons, favourites, views, API keys", v1),
    ("tuan-v2", "团购: the cities each person chose (最近访问)", v2),
    ("tuan-v3", "团购: the index of each city's deals on sale", v3),
    ("tuan-v4", "团购: local deals on sale from the index alone", v4),
    ("tuan-v5", "团购: keyword search by index", v5),
    ("tuan-v6", "团购: cancellation instead of refunds, stock and 限购", v6),
    ("tuan-v7", "团购: 点评, 有用 votes, merchants' tallies, shops' people", v7),
    ("tuan-v8", "团购: 适用分店", v8),
    ("tuan-v9", "团购: 人均 from the reviews", v9),
    ("tuan-v10", "团购: the sales stamp of the kept orders", v10),
    ("tuan-v11", "团购: the categories on sale by index", v11),
  ])
}
