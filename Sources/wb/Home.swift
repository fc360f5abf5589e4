import ArgumentParser
import Foundation
import SparrowKit

/// `wb home`: the home timeline, newest first; `--more` continues below the last page shown.
struct Home: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Show the home timeline (you and whom you follow), newest first.",
    discussion: "The first line says how many statuses are new since the last `wb home` (N条新微博 / 没有新微博).")

  @Option(help: "Statuses per page (1-100).")
  var count = 20
  @Flag(help: "Show the next older page, below the last one shown.")
  var more = false
  @OptionGroup var output: OutputOptions
  @OptionGroup var config: ConfigOptions

  func validate() throws {
    guard (1...100).contains(count) else { throw ValidationError("--count must be between 1 and 100") }
  }

  func run() async throws {
    try await Failure.reporting { try await home() }
  }

  private func home() async throws {
    let session = config.session
    let login = try session.loggedIn()
    var settings = login.settings
    let olderThan = more ? settings.oldestID : nil
    if more, olderThan == nil { Terminal.error("还没有看过首页，先显示最新的微博") }
    // max_id is inclusive: one below the last shown.
    let answer = try await login.client.answer(Statuses.homeTimeline(maxID: olderThan.map { $0 - 1 }, count: count))
    let statuses = answer.value.statuses

    if let oldest = statuses.last?.id { settings.oldestID = oldest }
    let banner: String?
    if olderThan == nil {
      let previous = settings.newestID
      if let newest = statuses.first?.id { settings.newestID = newest }
      banner = previous.map { seen in
        NewStatusesBanner.text(count: statuses.filter { $0.id > seen }.count)
      }
    } else {
      banner = nil
    }
    try session.save(settings)

    if output.json { return Terminal.printJSON(answer.json) }
    let palette = Palette.forStdout()
    if let banner { Terminal.print(palette.orange(banner) + "\n") }
    guard !statuses.isEmpty else {
      return Terminal.print(olderThan == nil ? "首页还没有微博" : "没有更早的微博了")
    }
    let now = Date()
    Terminal.print(statuses.map { StatusBlock(StatusViewModel(status: $0), now: now, palette: palette).text }.joined(separator: "\n\n"))
    if answer.value.nextCursor != 0 { Terminal.print("\n" + palette.dim("更早的微博：wb home --more")) }
  }
}
