import ArgumentParser
import Foundation
import SparrowKit

/// `wb repost ID [TEXT]`.
struct Repost: AsyncParsableCommand {
  static let configuration = CommandConfiguration(abstract: "Repost a status, with optional text.")

  @Argument(help: "The status id.")
  var id: Int64
  @Argument(help: "What to say with it (default: 转发微博).")
  var text: String?
  @Flag(help: "Also post the text as a comment on the status.")
  var comment = false
  @OptionGroup var output: OutputOptions
  @OptionGroup var config: ConfigOptions

  func run() async throws {
    try await Failure.reporting {
      let client = try config.session.loggedIn().client
      let reposted = try await client.answer(Statuses.repost(id: id, text: text, comment: comment ? .onStatus : .none))
      Terminal.printStatus(reposted, title: "已转发", json: output.json)
    }
  }
}
