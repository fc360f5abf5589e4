/// The platform's column lists, in the order both engines' row initialisers read them: by position, which is much
/// cheaper than by name.
package let userColumns = """
  id, screen_name, password_hash, description, location, gender, url, avatar, verified_type, verified_reason, \
  mbtype, mbrank, created_at, followers_count, friends_count, statuses_count, favourites_count, bi_followers_count, \
  private_statuses_count, profile_hidden
  """
