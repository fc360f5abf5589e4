import ArgumentParser
import Foundation
import SparrowKit

/// `wb user NAME`: a profile and its latest statuses.
struct UserCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "user", abstract: "Show a user's profile and latest statuses.",
    discussion: "--json prints {\"user\": users/show, \"timeline\": statuses/user_timeline}.")

  @Argument(help: "The screen name.")
  var name: String
  @Option(help: "How many of the latest statuses to show (0-100).")
  var count = 10
  @OptionGroup var output: OutputOptions
  @OptionGroup var config: ConfigOptions

  func validate() throws {
    guard (0...100).contains(count) else { throw ValidationError("--count must be between 0 and 100") }
  }

  func run() async throws {
    try await Failure.reporting {
      let login = try config.session.loggedIn()
      let client = login.client
      let user = try await client.answer(Users.show(.screenName(name)))
      let timeline = count == 0 ? nil : try await client.answer(Statuses.userTimeline(user: .id(user.value.id), count: count))
      if output.json {
        return Terminal.printJSON([("user", user.json)] + (timeline.map { [("timeline", $0.json)] } ?? []))
      }
      let palette = Palette.forStdout()
      let now = Date()
      var blocks = [UserBlock(UserViewModel(user: user.value), viewerID: login.account.uid, palette: palette).text]
      blocks += (timeline?.value.statuses ?? []).map { StatusBlock(StatusViewModel(status: $0), now: now, palette: palette).text }
      Terminal.print(blocks.joined(separator: "\n\n"))
    }
  }
}
