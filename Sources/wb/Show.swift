import ArgumentParser
import Foundation
import SparrowKit

/// `wb show ID`: one status and its comments.
struct Show: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Show a status and its latest comments.",
    discussion: "--json prints {\"status\": statuses/show, \"comments\": comments/show}.")

  @Argument(help: "The status id.")
  var id: Int64
  @Option(help: "How many comments to show (0-200).")
  var comments = 20
  @OptionGroup var output: OutputOptions
  @OptionGroup var config: ConfigOptions

  func run() async throws {
    try await Failure.reporting {
      let client = try config.session.loggedIn().client
      let status = try await client.answer(Statuses.show(id: id))
      let list = comments <= 0 ? nil : try await client.answer(Comments.show(id: id, count: min(comments, 200)))
      if output.json {
        return Terminal.printJSON([("status", status.json)] + (list.map { [("comments", $0.json)] } ?? []))
      }
      let palette = Palette.forStdout()
      let now = Date()
      Terminal.print(StatusBlock(StatusViewModel(status: status.value), now: now, palette: palette).text)
      if let list, !list.value.comments.isEmpty {
        Terminal.print("\n" + palette.bold("评论 \(DisplayCount.short(max(list.value.totalNumber, list.value.comments.count)))"))
        Terminal.print(list.value.comments.map { CommentBlock(CommentViewModel(comment: $0), now: now, palette: palette).text }.joined(separator: "\n"))
      }
    }
  }
}
