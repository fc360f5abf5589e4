import SparrowCore

// Check-ins written by hand (`JSONFieldWriting`): through the Encoder protocol, a page of check-ins spent a third of
// its time encoding. Each writes exactly what its `Encodable` form says, key for key and in the same order
// (`checkinsWrittenByHandAreTheirEncodableForm` compares the two).

extension CheckinJSON.Place: JSONFieldWriting {
  func writeJSON(_ out: inout JSONOutput) {
    out.object { o in
      // The names are written as null when unknown; the codes and the point are left out.
      for (key, value) in [("country", country), ("country_code", countryCode), ("city", city), ("district", district)]
        as [(StaticString, String?)]
      {
        o.raw(key) { out in if let value { out.string(value) } else { out.null() } }
      }
      o.field("adcode", adcode)
      o.field("geoname_id", geonameId)
      if let latitude { o.raw("latitude") { $0.double(latitude) } }
      if let longitude { o.raw("longitude") { $0.double(longitude) } }
    }
  }
}

extension CheckinJSON.Pic: JSONFieldWriting {
  func writeJSON(_ out: inout JSONOutput) {
    out.object { o in
      o.field("id", id)
      o.field("thumbnail", thumbnail)
      o.field("large", large)
      o.field("width", width)
      o.field("height", height)
    }
  }
}

extension CheckinJSON: JSONFieldWriting {
  func writeJSON(_ out: inout JSONOutput) {
    out.object { o in
      o.field("id", id)
      o.field("date", date)
      o.field("location", location)
      o.field("spot", spot)
      o.field("thoughts", thoughts)
      o.field("visibility", visibility)
      // `place` and `user` are null when absent, not left out.
      o.raw("place") { out in if let place { place.writeJSON(&out) } else { out.null() } }
      o.field("pics", pics)
      o.raw("user") { out in if let user { user.writeJSON(&out) } else { out.null() } }
      o.field("created_at", createdAt)
      o.field("show_exact_location", showExactLocation)
      o.field("trip_id", tripId)
    }
  }
}

extension CheckinList: JSONFieldWriting {
  func writeJSON(_ out: inout JSONOutput) {
    out.object { o in
      o.field("checkins", checkins)
      o.field("total_number", totalNumber)
      o.field("page", page)
    }
  }
}
