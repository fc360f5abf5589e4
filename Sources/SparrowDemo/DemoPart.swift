import Foundation
import SparrowPlatform
import SparrowStore

/// One app's part of the demo world: given the platform's people, apps and pictures, it adds its own rows.
/// Each app's module hands its part to the composition (`AppModule.demo`), which loads them in order.
package protocol DemoPart: Sendable {
  /// Adds this app's rows; `cast.random` carries on the world's one random sequence, so a size always
  /// makes the same world.
  func load(_ cast: inout DemoCast) async throws -> DemoCount
}

/// What the platform made, for the apps' parts.
package struct DemoCast {
  package let store: any PlatformStore
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
package struct DemoCount: Sendable {
  /// What the parts made, by the names printed ("statuses", "deals"), in the order they were made.
  package var figures: [(name: String, count: Int)] = []
  /// Lines to print for the person who started the demo (what an app made, keys, secrets).
  package var notes: [String] = []

  package init(_ figures: KeyValuePairs<String, Int> = [:], notes: [String] = []) {
    self.figures = figures.map { ($0.key, $0.value) }
    self.notes = notes
  }

  /// How many of `name` were made (0 for what no part makes).
  package subscript(name: String) -> Int { figures.filter { $0.name == name }.reduce(0) { $0 + $1.count } }

  /// "100000 statuses, 2000 follows", as the summary prints.
  package var described: String { figures.map { "\($0.count) \($0.name)" }.joined(separator: ", ") }

  static func += (lhs: inout DemoCount, rhs: DemoCount) {
    lhs.figures += rhs.figures
    lhs.notes += rhs.notes
  }
}
