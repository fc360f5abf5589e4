import Foundation
import GeoData
import SparrowMedia
import SparrowDemo
import SparrowPlatform
import DakaStore
import SparrowStore

/// 打卡's part of the demo: the first demo people's journeys across real places over the last year, one or two
/// pictures per stop drawn through the picture pipeline, a few stops private. Locations are linked to the place
/// data as the API links what a person types.
package struct DakaDemo: DemoPart {
  let journal: any DakaStore

  package init(journal: any DakaStore) { self.journal = journal }

  package func load(_ cast: inout DemoCast) async throws -> DemoCount {
    let now = cast.start.addingTimeInterval(cast.span + 24 * 3600)
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: "Asia/Shanghai")!
    let geo = GeoData.shared
    var made = DemoCount()
    var checkins = 0
    var number = 0
    for (traveller, journey) in zip(cast.users, DakaDemoContent.journeys) {
      // A journey a season: its stops a few days apart, the season earlier for each next person.
      let start = now.addingTimeInterval(-Double(30 + (number / 7) * 80 + Int(cast.random.next() % 20)) * 86_400)
      for (index, stop) in journey.enumerated() {
        number += 1
        let day = start.addingTimeInterval(Double(index * 3) * 86_400)
        let components = calendar.dateComponents([.year, .month, .day], from: day)
        let date = String(format: "%04d-%02d-%02d", components.year!, components.month!, components.day!)
        var pictures: [PictureRef] = []
        for variant in 0..<(1 + number % 2) {
          let svg = DakaDemoContent.picture(spot: stop.spot, variant: number + variant)
          let data = try await PictureLibrary.offload { try ImageProcessor().render(svg: svg, as: .jpeg, quality: 85) }
          // The traveller's own, as if they had uploaded it: no one else may attach it (`PictureLibrary.attach`).
          pictures.append(try await cast.library.ingest(data, at: cast.start, by: traveller.id))
        }
        let place = CheckinPlace(location: stop.location, geo: geo)
        let created = day.addingTimeInterval(Double(18 * 3600 + Int(cast.random.next() % 3600)))
        try await journal.addCheckin(CheckinRecord(
          id: cast.ids.next(at: created), userID: traveller.id, date: date, location: stop.location, spot: stop.spot,
          thoughts: stop.thoughts, visibility: stop.isPrivate ? .private : .public, place: place, pictures: pictures,
          createdAt: created))
        checkins += 1
      }
    }
    made.notes.append("打卡: \(checkins) check-ins by \(min(cast.users.count, DakaDemoContent.journeys.count)) people, at /daka/api/checkins.")
    return made
  }
}
