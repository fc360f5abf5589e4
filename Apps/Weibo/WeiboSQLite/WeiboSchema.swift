import SparrowStore
import SparrowStoreSQLite
import WeiboStore

/// 微博's own migrations in SQLite, after the engine's `v1`–`v8` (which created 微博's first tables with the
/// platform's, and stay named as they were).
enum WeiboSchema {
  /// 热门话题 from the index alone: a window's topic rows by time, with their topic and status, so counting a day's
  /// topics reads no table row (topic rows exist for public statuses only, so no status is read either).
  static let v1 = """
    CREATE INDEX status_topics_by_time_topic ON status_topics (created_at, topic, status_id);
    DROP INDEX status_topics_by_time;
    """

  /// The site's counters (`WeiboSQL.publicStatuses`): the public timeline's total without summing every author's.
  static let v2 = """
    CREATE TABLE weibo_counters (name TEXT PRIMARY KEY, n BIGINT NOT NULL);
    INSERT INTO weibo_counters (name, n)
    SELECT 'public_statuses', count(*) FROM statuses WHERE visible = 0 HAVING count(*) > 0;
    """

  /// Comments staff hid: only their author sees them (`WeiboSQL.commentShown`).
  static let v3 = "ALTER TABLE comments ADD COLUMN hidden INTEGER NOT NULL DEFAULT 0;"

  /// Where a person's client apps stand (Mastodon's markers) and the notifications they cleared or dismissed.
  static let v4 = """
    CREATE TABLE client_markers (
      user_id BIGINT NOT NULL, name TEXT NOT NULL, last_read_id BIGINT NOT NULL, version INTEGER NOT NULL,
      updated_at BIGINT NOT NULL, PRIMARY KEY (user_id, name)
    );
    CREATE TABLE dismissed_notifications (
      user_id BIGINT NOT NULL, notification_id BIGINT NOT NULL, PRIMARY KEY (user_id, notification_id)
    );
    """

  /// Each author's latest post, so that the people who posted in a month are a range of an index
  /// (`WeiboSQL.activeAuthors`).
  static let v5 = """
    CREATE TABLE weibo_authors (user_id INTEGER PRIMARY KEY, posted_at BIGINT NOT NULL);
    CREATE INDEX weibo_authors_by_time ON weibo_authors (posted_at);
    INSERT INTO weibo_authors (user_id, posted_at) SELECT user_id, max(created_at) FROM statuses GROUP BY user_id;
    """

  /// 热门话题's kept counts: each hour's uses of each topic (`WeiboSQL.hotTopics`) and each topic's in all (a topic
  /// page's total), filled from the topic rows.
  static let v6 = """
    CREATE TABLE topic_hours (
      hour BIGINT NOT NULL, topic TEXT NOT NULL, n BIGINT NOT NULL, latest BIGINT NOT NULL, PRIMARY KEY (hour, topic)
    ) WITHOUT ROWID;
    CREATE TABLE topic_totals (topic TEXT PRIMARY KEY, n BIGINT NOT NULL) WITHOUT ROWID;
    """ + WeiboSQL.recountTopics.map { $0.text + ";\n" }.joined()

  /// Authors counted by the day of their latest post (`WeiboSQL.activeAuthors`), filled from `weibo_authors`.
  static let v7 = """
    CREATE TABLE weibo_author_days (day INTEGER PRIMARY KEY, n BIGINT NOT NULL);
    """ + WeiboSQL.recountAuthorDays.map { $0.text + ";\n" }.joined()

  /// Each author's originals and statuses with pictures, and how many of each are private (`WeiboSQL.homeTotal`),
  /// recounted from the statuses.
  static let v8 = """
    ALTER TABLE weibo_authors ADD COLUMN originals BIGINT NOT NULL DEFAULT 0;
    ALTER TABLE weibo_authors ADD COLUMN private_originals BIGINT NOT NULL DEFAULT 0;
    ALTER TABLE weibo_authors ADD COLUMN pictures BIGINT NOT NULL DEFAULT 0;
    ALTER TABLE weibo_authors ADD COLUMN private_pictures BIGINT NOT NULL DEFAULT 0;
    """ + WeiboSQL.recountAuthors.map { $0.text + ";\n" }.joined()

  /// The site's public originals and public statuses with pictures (`WeiboSQL.publicStatuses`), counted.
  static let v9 = WeiboSQL.recountPublicKinds.map { $0.text + ";\n" }.joined()

  /// The unread counts (`WeiboSQL.unreadCounts`, every signed-in page's badges) from the indexes alone: comments to
  /// a person and likes of their statuses carry the columns the counts check (author, hidden), so counting up to 100
  /// unread reads no table row (40 µs of the badges' statement was 24 µs so).
  static let v10 = """
    DROP INDEX comments_by_status_user;
    CREATE INDEX comments_by_status_user ON comments (status_user_id, id, user_id, hidden);
    DROP INDEX comments_by_reply_user;
    CREATE INDEX comments_by_reply_user ON comments (reply_user_id, id, status_user_id, user_id, hidden);
    DROP INDEX likes_by_status_user;
    CREATE INDEX likes_by_status_user ON likes (status_user_id, id, user_id);
    """

  /// Searches of two characters (周末, 火锅: most Chinese words) by index (`SearchBigrams`): each status's folded text
  /// as its pairs of characters, kept in step by triggers as `status_search` is. The trigram index needs three, so
  /// these scanned the newest 20,000 statuses, folding each text: 33 ms a search, and nothing older was found.
  static let v11 = SearchBigrams.sqliteTable("status_grams", of: "statuses", updatedBy: ["text"], grams: grams)

  /// A status row's pairs, as `status_grams` holds them.
  private static func grams(_ row: String) -> String { "sparrow_bigrams(sparrow_fold(\(row).text))" }

  /// Both search indexes (the trigrams of `status_search`, the pairs of `status_grams`) hold public statuses only,
  /// which are all a search finds (`StatusFeed.search`): a search's page is then the index's newest matches, and its
  /// count the index's, without reading a status for either. Both had every status, so a page gathered all of a
  /// word's matches to sort them (1 ms for 周末 at 100,000 statuses, 10 ms at a million), and a count read up to
  /// `totalCap` statuses to see which were public (2 ms). A status going private or public moves in or out.
  static let v12 = """
    DROP TRIGGER status_search_insert;
    DROP TRIGGER status_search_delete;
    DROP TRIGGER status_search_update;
    DROP TABLE status_search;
    DROP TRIGGER status_grams_insert;
    DROP TRIGGER status_grams_delete;
    DROP TRIGGER status_grams_update;
    DROP TABLE status_grams;
    """ + "\n" + contentlessIndex("status_search", column: "text", options: "tokenize='trigram'", of: "statuses",
                                  updatedBy: ["text", "visible"], indexing: { "\($0).text" }, when: isPublic)
    + "\n" + SearchBigrams.sqliteTable("status_grams", of: "statuses", updatedBy: ["text", "visible"], grams: grams,
                                       when: isPublic)
    + "\n" + mergedSearchIndexes

  /// Both search indexes merged into one segment each, as after a bulk load (`recomputeCounters`): filled row by
  /// row they are left in many, and a word's page read every one (86 µs for 周末 at a million statuses, 29 merged).
  static let mergedSearchIndexes = """
    INSERT INTO status_search (status_search) VALUES ('optimize');
    INSERT INTO status_grams (status_grams) VALUES ('optimize');
    """

  /// Whether a status row is public, as the search indexes keep it.
  private static func isPublic(_ row: String) -> String { "\(row).visible = 0" }

  static let schema = SQLiteSchema(migrations: [
    ("weibo-v1", "微博: hot topics from the index alone", v1),
    ("weibo-v2", "微博: the site's count of public statuses", v2),
    ("weibo-v3", "微博: comments hidden by staff", v3),
    ("weibo-v4", "微博: client markers and removed notifications", v4),
    ("weibo-v5", "微博: each author's latest post", v5),
    ("weibo-v6", "微博: topics counted by the hour and in all", v6),
    ("weibo-v7", "微博: authors counted by the day of their latest post", v7),
    ("weibo-v8", "微博: each author's originals and statuses with pictures", v8),
    ("weibo-v9", "微博: the site's public originals and statuses with pictures", v9),
    ("weibo-v10", "微博: unread counts from the indexes alone", v10),
    ("weibo-v11", "微博: two-character searches by index", v11),
    ("weibo-v12", "微博: search indexes of public statuses, walked and counted alone", v12),
  ])
}

extension SQLiteWeiboStore {
  /// 微博's tables, for the engine to migrate (`SQLiteStore(…, schemas:)`).
  package static let schema = WeiboSchema.schema
}
