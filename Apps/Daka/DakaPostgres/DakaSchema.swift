import DakaStore
import SparrowStorePostgres

/// 打卡's table in PostgreSQL: the same table and columns as the SQLite engine's `daka-v1`. Search is by
/// substring (`strpos`) over one person's journal or the public entries, as in SQLite.
enum DakaSchema {
  static let schema = PostgresSchema(migrations: [
    ("daka-v1", "打卡: check-ins", v1),
    ("daka-v2", "打卡: each person's and the site's counts", v2),
    ("daka-v3", "打卡: search in the thoughts", v3),
    ("daka-v4", "打卡: districts by their official names", v4),
    ("daka-v5", "打卡: places in every country, exact points", v5),
    ("daka-v6", "打卡: trips", v6),
    ("daka-v7", "打卡: the places each person has been, kept", v7),
    ("daka-v8", "打卡: each person's journal's version", v8),
  ])

  /// Each person's journal's version (`DakaCounts.version`).
  static let v8 = ["ALTER TABLE daka_counts ADD COLUMN version BIGINT NOT NULL DEFAULT 0"]

  /// Where each person has been, kept (`DakaVisits`), and an index of the entries with an exact point (see the
  /// SQLite engine's `daka-v7`).
  static let v7 = [
    "CREATE INDEX daka_checkins_points ON daka_checkins (user_id, day, created_at, id) WHERE latitude IS NOT NULL",
    """
    CREATE TABLE daka_visits (user_id BIGINT NOT NULL, kind BIGINT NOT NULL, key BIGINT NOT NULL, code TEXT NOT NULL,
      sample BIGINT, n BIGINT NOT NULL, PRIMARY KEY (user_id, kind, key, code))
    """,
  ] + DakaVisits.recount

  /// Trips (see the SQLite engine's `daka-v6`).
  static let v6 = [
    """
    CREATE TABLE daka_trips (id BIGINT PRIMARY KEY, user_id BIGINT NOT NULL, name TEXT NOT NULL, public BIGINT NOT NULL,
      cover TEXT, created_at BIGINT NOT NULL)
    """,
    "CREATE INDEX daka_trips_by_user ON daka_trips (user_id, id DESC)",
    "ALTER TABLE daka_checkins ADD COLUMN trip_id BIGINT",
    "CREATE INDEX daka_checkins_by_trip ON daka_checkins (trip_id, day) WHERE trip_id IS NOT NULL",
  ]

  /// Places beyond mainland China and the exact point (see the SQLite engine's `daka-v5`).
  static let v5 = [
    "ALTER TABLE daka_checkins ADD COLUMN country_code TEXT",
    "ALTER TABLE daka_checkins ADD COLUMN country TEXT",
    "ALTER TABLE daka_checkins ADD COLUMN geoname_id BIGINT",
    "ALTER TABLE daka_checkins ADD COLUMN latitude DOUBLE PRECISION",
    "ALTER TABLE daka_checkins ADD COLUMN longitude DOUBLE PRECISION",
    "ALTER TABLE daka_checkins ADD COLUMN shows_point BIGINT NOT NULL DEFAULT 0",
    "UPDATE daka_checkins SET country_code = 'CN', country = '中国' WHERE city_adcode IS NOT NULL",
  ]

  /// Entries stored with a district's short name (西湖) get its official one (西湖区), also as a search key (see the
  /// SQLite engine's `daka-v4`).
  static let v4 = [
    """
    UPDATE daka_checkins SET district = n.name, place_keys = place_keys || ' ' || n.name,
      search_text = search_text || ' ' || n.name
    FROM (SELECT key::bigint AS code, value AS name
          FROM jsonb_each_text('\(CheckinPlace.officialDistrictNamesJSON())'::jsonb)) n
    WHERE daka_checkins.district_adcode = n.code AND daka_checkins.district <> n.name
    """,
  ]

  /// Search looks in the thoughts too (see the SQLite engine's `daka-v3`).
  static let v3 = [
    "UPDATE daka_checkins SET search_text = lower(day || ' ' || location || ' ' || spot || chr(10) || thoughts || chr(10) || place_keys)",
  ]

  /// Each person's counts and the site's (`DakaCounts`).
  static let v2 = [
    "CREATE TABLE daka_counts (user_id BIGINT PRIMARY KEY, entries BIGINT NOT NULL, public_entries BIGINT NOT NULL)",
  ] + DakaCounts.recount

  static let v1 = [
    """
    CREATE TABLE daka_checkins (
      id BIGINT PRIMARY KEY,
      user_id BIGINT NOT NULL,
      day TEXT NOT NULL,
      location TEXT NOT NULL,
      spot TEXT NOT NULL,
      thoughts TEXT NOT NULL,
      public BIGINT NOT NULL,
      city_adcode BIGINT,
      city TEXT,
      district_adcode BIGINT,
      district TEXT,
      place_keys TEXT NOT NULL,
      pictures TEXT NOT NULL,
      created_at BIGINT NOT NULL,
      search_text TEXT NOT NULL
    )
    """,
    "CREATE INDEX daka_checkins_by_day ON daka_checkins (day DESC, created_at DESC, id DESC)",
    "CREATE INDEX daka_checkins_by_user ON daka_checkins (user_id, day DESC, created_at DESC, id DESC)",
  ]
}
