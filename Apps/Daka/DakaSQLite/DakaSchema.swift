import GRDB
import DakaStore
import SparrowStoreSQLite

/// 打卡's table in SQLite, migrated after the platform's and the apps' before it. Times are milliseconds; `day` is the
/// `YYYY-MM-DD` text, so its order is the date's; `search_text` is the brief and the linked place's names and
/// pinyin, lowercased, matched by substring.
enum DakaSchema {
  static let v1 = """
    CREATE TABLE daka_checkins (
      id INTEGER PRIMARY KEY,
      user_id BIGINT NOT NULL,
      day TEXT NOT NULL,
      location TEXT NOT NULL,
      spot TEXT NOT NULL,
      thoughts TEXT NOT NULL,
      public INTEGER NOT NULL,
      city_adcode INTEGER,
      city TEXT,
      district_adcode INTEGER,
      district TEXT,
      place_keys TEXT NOT NULL,
      pictures TEXT NOT NULL,
      created_at BIGINT NOT NULL,
      search_text TEXT NOT NULL
    );
    CREATE INDEX daka_checkins_by_day ON daka_checkins (day DESC, created_at DESC, id DESC);
    CREATE INDEX daka_checkins_by_user ON daka_checkins (user_id, day DESC, created_at DESC, id DESC);
    """

  /// Each person's counts and the site's (`DakaCounts`).
  static let v2 = """
    CREATE TABLE daka_counts (user_id INTEGER PRIMARY KEY, entries INTEGER NOT NULL, public_entries INTEGER NOT NULL);
    """ + DakaCounts.recount.map { $0 + ";\n" }.joined()

  /// Search looks in the thoughts too (`CheckinRecord.searchText`). SQL's lower() folds ASCII only, as Swift's
  /// folds more: entries written before keep an accented capital in their thoughts as it was.
  static let v3 = """
    UPDATE daka_checkins SET search_text =
      lower(day || ' ' || location || ' ' || spot || char(10) || thoughts || char(10) || place_keys);
    """

  /// Entries stored with a district's short name (西湖, as 打卡 wrote them before) get its official one (西湖区),
  /// also as a search key. The names are GeoData's, by adcode; none holds a quote.
  static let v4 = """
    UPDATE daka_checkins SET district = n.name, place_keys = place_keys || ' ' || n.name,
      search_text = search_text || ' ' || n.name
    FROM (SELECT CAST(key AS INTEGER) AS code, value AS name FROM json_each('\(CheckinPlace.officialDistrictNamesJSON())')) n
    WHERE daka_checkins.district_adcode = n.code AND daka_checkins.district <> n.name;
    """

  /// Places beyond mainland China (a country, a city by GeoNames id) and the exact point, with whether its owner
  /// shows it (显示精确位置). Entries made before are all in mainland China, or nowhere known.
  static let v5 = """
    ALTER TABLE daka_checkins ADD COLUMN country_code TEXT;
    ALTER TABLE daka_checkins ADD COLUMN country TEXT;
    ALTER TABLE daka_checkins ADD COLUMN geoname_id BIGINT;
    ALTER TABLE daka_checkins ADD COLUMN latitude REAL;
    ALTER TABLE daka_checkins ADD COLUMN longitude REAL;
    ALTER TABLE daka_checkins ADD COLUMN shows_point INTEGER NOT NULL DEFAULT 0;
    UPDATE daka_checkins SET country_code = 'CN', country = '中国' WHERE city_adcode IS NOT NULL;
    """

  /// Trips (旅程): a name, its owner's entries (`trip_id`), who may see it, a cover picture.
  static let v6 = """
    CREATE TABLE daka_trips (id INTEGER PRIMARY KEY, user_id BIGINT NOT NULL, name TEXT NOT NULL, public INTEGER NOT NULL,
      cover TEXT, created_at BIGINT NOT NULL);
    CREATE INDEX daka_trips_by_user ON daka_trips (user_id, id DESC);
    ALTER TABLE daka_checkins ADD COLUMN trip_id BIGINT;
    CREATE INDEX daka_checkins_by_trip ON daka_checkins (trip_id, day) WHERE trip_id IS NOT NULL;
    """

  /// Where each person has been, kept (`DakaVisits`); and one's exact points (我的's pins) by an index of the entries
  /// that have one, not by reading every entry of one's journal.
  static let v7 = """
    CREATE INDEX daka_checkins_points ON daka_checkins (user_id, day, created_at, id) WHERE latitude IS NOT NULL;
    CREATE TABLE daka_visits (user_id INTEGER NOT NULL, kind INTEGER NOT NULL, key INTEGER NOT NULL, code TEXT NOT NULL,
      sample INTEGER, n INTEGER NOT NULL, PRIMARY KEY (user_id, kind, key, code));
    """ + DakaVisits.recount.map { $0 + ";\n" }.joined()

  /// Each person's journal's version (`DakaCounts.version`).
  static let v8 = """
    ALTER TABLE daka_counts ADD COLUMN version INTEGER NOT NULL DEFAULT 0;
    """

  static let schema = SQLiteSchema(migrations: [
    ("daka-v1", "打卡: check-ins", v1),
    ("daka-v2", "打卡: each person's and the site's counts", v2),
    ("daka-v3", "打卡: search in the thoughts", v3),
    ("daka-v4", "打卡: districts by their official names", v4),
    ("daka-v5", "打卡: places in every country, exact points", v5),
    ("daka-v6", "打卡: trips", v6),
    ("daka-v7", "打卡: the places each person has been, kept", v7),
    ("daka-v8", "打卡: each person's journal's version", v8),
  ])
}
