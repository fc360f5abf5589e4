import ArgumentParser
import Foundation
import SparrowKit

/// `wb like ID`.
struct Like: AsyncParsableCommand {
  static let configuration = CommandConfiguration(abstract: "Like (赞) a status.")

  @Argument(help: "The status id.")
  var id: Int64
  @OptionGroup var output: OutputOptions
  @OptionGroup var config: ConfigOptions

  func run() async throws {
    try await Failure.reporting {
      let client = try config.session.loggedIn().client
      let attitude = try await client.answer(Attitudes.create(id: id))
      if output.json { return Terminal.printJSON(attitude.json) }
      let palette = Palette.forStdout()
      Terminal.print(palette.bold("已赞"))
      if let status = attitude.value.status {
        Terminal.print(StatusBlock(StatusViewModel(status: status), now: Date(), palette: palette).text)
      }
    }
  }
}
