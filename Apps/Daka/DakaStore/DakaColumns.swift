/// 打卡's column list, in the order both engines' row initialisers read it (by position).
package let checkinColumns = """
  id, user_id, day, location, spot, thoughts, public, city_adcode, city, district_adcode, district, place_keys, \
  pictures, created_at, country_code, country, geoname_id, latitude, longitude, shows_point, trip_id
  """

/// Trips' columns, in the order both engines' row initialisers read them.
package let tripColumns = "id, user_id, name, public, cover, created_at"
