import Foundation
import SparrowPlatform
import SparrowStore

/// What the demo writes the platform's rows to, and 微博's part (still on the engine's own store); an app with its
/// own store gives its part that store (`DakaDemo(journal:)`, `TuanDemo(deals:)`).
package typealias DemoStore = WeiboStore

/// One app's part of the demo world: given the platform's people, apps and pictures, it adds its own rows.
/// Each app's module hands its part to the composition (`AppModule.demo`), which loads them in order.
package protocol DemoPart: Sendable {
  /// Adds this app's rows; `cast.random` carries on the world's one random sequence, so a size always
  /// makes the same world.
  func load(_ cast: inout DemoCast) async throws -> DemoCount
}

/// What the platform made, for the apps' parts.
package struct DemoCast {
  package let store: any DemoStore
  package let ids: IDGenerator
  package let size: DemoWorld.Size
  /// The world's first moment; statuses and the like spread over `span` seconds after a day.
  package let start: Date
  package let span: TimeInterval
  /// Demo people, the demo account (`DemoWorld.username`) first.
  package let users: [UserRecord]
  package let appIDs: [Int64]
  /// Pictures already in the pipeline, for the apps to attach.
  package let pictures: [PictureRef]
  /// The picture pipeline, for a part that draws its own.
  package let library: PictureLibrary
  package var random: SplitMix
  /// Rows written of all to write, and what they are (see `DemoWorld.progress`).
  package let progress: @Sendable (Int, Int, String) -> Void
}

/// How much the parts made, for the summary.
package struct DemoCount {
  package var statuses = 0
  package var follows = 0
  package var merchants = 0
  package var deals = 0
  /// Lines to print for the person who started the demo (what an app made, keys, secrets).
  package var notes: [String] = []

  package init(statuses: Int = 0, follows: Int = 0, merchants: Int = 0, deals: Int = 0, notes: [String] = []) {
    self.statuses = statuses
    self.follows = follows
    self.merchants = merchants
    self.deals = deals
    self.notes = notes
  }

  static func += (lhs: inout DemoCount, rhs: DemoCount) {
    lhs.statuses += rhs.statuses
    lhs.follows += rhs.follows
    lhs.merchants += rhs.merchants
    lhs.deals += rhs.deals
    lhs.notes += rhs.notes
  }
}
