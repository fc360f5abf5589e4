import Foundation
import SparrowPlatform
import SparrowStore

/// What the demo writes to: every app's stores.
package typealias DemoStore = WeiboStore & TuanStore & DakaStore

/// One app's part of the demo world: given the platform's people, apps and pictures, it adds its own rows.
/// A new app adds a part here and one entry to `DemoWorld.parts`.
protocol DemoPart: Sendable {
  /// Adds this app's rows; `cast.random` carries on the world's one random sequence, so a size always
  /// makes the same world.
  func load(_ cast: inout DemoCast) async throws -> DemoCount
}

/// What the platform made, for the apps' parts.
struct DemoCast {
  let store: any DemoStore
  let ids: IDGenerator
  let size: DemoWorld.Size
  /// The world's first moment; statuses and the like spread over `span` seconds after a day.
  let start: Date
  let span: TimeInterval
  /// Demo people, the demo account (`DemoWorld.username`) first.
  let users: [UserRecord]
  let appIDs: [Int64]
  /// Pictures already in the pipeline, for the apps to attach.
  let pictures: [PictureRef]
  /// The picture pipeline, for a part that draws its own.
  let library: PictureLibrary
  var random: SplitMix
  /// Rows written of all to write, and what they are (see `DemoWorld.progress`).
  let progress: @Sendable (Int, Int, String) -> Void
}

/// How much the parts made, for the summary.
struct DemoCount {
  var statuses = 0
  var follows = 0
  var merchants = 0
  var deals = 0
  var checkins = 0
  /// Lines to print for the person who started the demo (keys, secrets).
  var notes: [String] = []

  static func += (lhs: inout DemoCount, rhs: DemoCount) {
    lhs.statuses += rhs.statuses
    lhs.follows += rhs.follows
    lhs.merchants += rhs.merchants
    lhs.deals += rhs.deals
    lhs.checkins += rhs.checkins
    lhs.notes += rhs.notes
  }
}
