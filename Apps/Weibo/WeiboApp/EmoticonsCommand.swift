import ArgumentParser
import Foundation
import WeiboAPI

/// `sparrow emoticons`: 微博's emoticon packs as the bundle files clients ship, and their images.
struct EmoticonsCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "emoticons",
    abstract: "Write the emoticon packs as bundle JSON files (as committed in Resources/emoticons), and their images.")
  @Option(help: "Folder for the pack JSON files.") var out = "Resources/emoticons"
  @Option(help: "Also draw the images into this data folder.") var images: String?

  func run() async throws {
    let folder = URL(fileURLWithPath: out, isDirectory: true)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    for (name, data) in try EmoticonBundle.files() {
      try data.write(to: folder.appendingPathComponent(name), options: .atomic)
      print("wrote \(folder.appendingPathComponent(name).path)")
    }
    if let images {
      try EmoticonBundle.drawImages(into: URL(fileURLWithPath: images, isDirectory: true))
      print("drew the images into \(images)/emotions")
    }
  }
}
