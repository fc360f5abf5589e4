import Crypto
import Foundation
import SparrowCore
import SparrowMedia
import SparrowStore

/// Uploaded pictures on disk: each in the sizes clients expect, content-addressed so the same bytes are
/// stored once, under `data/pics/<size>/<id>.<ext>`.
package struct PictureLibrary: Sendable {
  /// The sizes kept for status pictures and for avatars.
  package enum Size: String, CaseIterable, Sendable {
    case thumbnail, bmiddle, large, avatar50, avatar180

    /// The box a picture is shrunk to fit (never enlarged).
    var box: (width: Int, height: Int) {
      switch self {
      case .thumbnail: (180, 180)
      case .bmiddle: (440, 100_000)
      case .large: (100_000, 100_000)
      case .avatar50: (50, 50)
      case .avatar180: (180, 180)
      }
    }

    package static let status: [Size] = [.thumbnail, .bmiddle, .large]
    package static let avatar: [Size] = [.avatar50, .avatar180, .large]
  }

  let folder: URL
  let store: any PlatformStore
  let processor = ImageProcessor()
  /// Pictures one person may upload in a day.
  let dailyQuota: Int

  package init(dataFolder: URL, store: any PlatformStore, dailyQuota: Int = 500) {
    folder = dataFolder.appendingPathComponent("pics", isDirectory: true)
    self.store = store
    self.dailyQuota = dailyQuota
  }

  package func file(_ size: Size, _ name: String) -> URL {
    folder.appendingPathComponent(size.rawValue, isDirectory: true).appendingPathComponent(name)
  }

  /// Checks, processes and stores a picture, uploaded by `uploader` (nil for Sparrow's own, which no quota
  /// limits and anyone may attach). Every refusal happens before anything is written; the files of one picture
  /// appear together or not at all.
  package func ingest(_ data: Data, sizes: [Size] = Size.status, at now: Date, by uploader: Int64? = nil)
    async throws -> PictureRef
  {
    if let uploader, try await store.uploadCount(userID: uploader, since: now.addingTimeInterval(-86_400)) >= dailyQuota {
      throw EnvelopeError.uploadQuota
    }
    let picture = try await process(data, sizes: sizes, at: now)
    try await store.recordUpload(pictureID: picture.id, userID: uploader ?? PictureUploads.sparrow, at: now)
    return picture
  }

  /// A form's picture that was refused: why, and which of the form's pictures (from 1).
  package struct PartRefused: Error, Sendable {
    package let error: MediaError
    package let number: Int
  }

  /// The pictures of one form, uploaded by `uploader`: every header is checked before any is stored, so one bad
  /// part leaves nothing behind (`PartRefused` names it). Every app's forms with pictures go through it.
  package func ingestAll(_ datas: [Data], at now: Date, by uploader: Int64) async throws -> [PictureRef] {
    for (index, data) in datas.enumerated() {
      do {
        _ = try processor.inspect(data)
      } catch let error as MediaError {
        throw PartRefused(error: error, number: index + 1)
      }
    }
    var stored: [PictureRef] = []
    for (index, data) in datas.enumerated() {
      do {
        stored.append(try await ingest(data, at: now, by: uploader))
      } catch let error as MediaError {
        throw PartRefused(error: error, number: index + 1)
      }
    }
    return stored
  }

  /// A picture id its sender may not attach: someone else's, or one no picture has, never told apart.
  package struct NotAttachable: Error, Sendable {}

  /// The one rule for attaching stored pictures, which every app's posting goes through: `ids`, in order, as
  /// pictures `person` uploaded (or Sparrow's own: a 团购 deal's, shared from its page). `NotAttachable` when any
  /// is not; someone else's picture and an id no picture has take the same single read and the same refusal, so
  /// a refusal tells nothing of whether a picture exists. Each app answers it in its own format.
  package func attach(_ ids: [String], by person: Int64) async throws -> [PictureRef] {
    let found = try await store.pictures(ids: ids, attachableBy: person)
    return try ids.map {
      guard let picture = found[$0] else { throw NotAttachable() }
      return picture
    }
  }

  /// What a picture's description (alt text) may hold: Mastodon's 1,500 characters, by the platform's text rule.
  package static let descriptionLimit = TextLimit(1_500)

  /// `person`'s words for what their upload `id` shows (blank removes them), carried into what they attach it to.
  /// `NotAttachable` for a picture they may not attach; `TextLimit.Verdict` problems as `DescriptionTooLong`.
  package func describe(_ id: String, by person: Int64, as text: String) async throws -> PictureRef {
    guard var picture = try await store.pictures(ids: [id], attachableBy: person)[id] else { throw NotAttachable() }
    let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
    guard Self.descriptionLimit.fits(trimmed) else { throw DescriptionTooLong() }
    picture.description = trimmed.isEmpty ? nil : trimmed
    try await store.describePicture(id, by: person, as: picture.description)
    return picture
  }

  /// A description past `descriptionLimit`.
  package struct DescriptionTooLong: Error, Sendable {}

  /// Those of `ids` that `person` may attach (`attach`), in order, the others left out: what a composer offers
  /// of the pictures a link shared.
  package func attachable(among ids: [String], by person: Int64) async throws -> [PictureRef] {
    let found = try await store.pictures(ids: ids, attachableBy: person)
    return ids.compactMap { found[$0] }
  }

  private func process(_ data: Data, sizes: [Size], at now: Date) async throws -> PictureRef {
    let header = try processor.inspect(data)
    let id = Secrets.hex(SHA256.hash(data: data).prefix(16))
    let name = "\(id).\(header.kind.ext)"
    let existing = try await store.pictures(ids: [id])[id]
    if let existing, sizes.allSatisfy({ FileManager.default.fileExists(atPath: file($0, name).path) }) {
      try await store.savePicture(existing, at: now)  // uploaded again: not collected for another grace period
      return existing
    }
    // Decoding is CPU-bound: keep it off the threads that serve requests.
    let (encoded, blurhash) = try await Self.offload { [processor] in
      let encoded = try sizes.map { size -> (Size, EncodedImage) in
        let quality = size == .large ? 90 : 85
        return (size, try processor.resize(data, header: header, maxWidth: size.box.width,
                                           maxHeight: size.box.height, quality: quality))
      }
      // A placeholder's colours: a picture without one is still a picture.
      let blurhash = (try? processor.pixels(data)).map { BlurHash.encode(width: $0.width, height: $0.height, rgb: $0.rgb) }
      return (encoded, blurhash)
    }
    try write(encoded.map { ($0.0, $0.1.data) }, name: name)
    let large = encoded.first { $0.0 == .large }?.1 ?? encoded[0].1
    let picture = PictureRef(id: id, ext: header.kind.ext, width: large.width, height: large.height,
                             frames: header.frames, bytes: data.count, blurhash: blurhash)
    try await store.savePicture(picture, at: now)
    return picture
  }

  /// Removes pictures nothing refers to (no status, no avatar) that nobody uploaded within `grace`: uploads
  /// that were never posted. Returns how many went.
  @discardableResult
  package func collect(grace: TimeInterval = 86_400, now: Date, batch: Int = 500) async throws -> Int {
    let before = now.addingTimeInterval(-grace)
    var removed = 0
    while true {
      let candidates = try await store.unreferencedPictures(before: before, limit: batch)
      if candidates.isEmpty { return removed }
      let gone = try await store.deletePictures(ids: candidates.map(\.id), before: before)
      for picture in gone {
        for size in Size.allCases { try? FileManager.default.removeItem(at: file(size, picture.fileName)) }
      }
      removed += gone.count
      if candidates.count < batch { return removed }
    }
  }

  /// Writes each file under a temporary name, then renames them all; on any failure removes what it wrote.
  private func write(_ files: [(Size, Data)], name: String) throws {
    var written: [URL] = []
    do {
      var staged: [(URL, URL)] = []
      for (size, data) in files {
        let target = file(size, name)
        try FileManager.default.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
        let temporary = target.deletingLastPathComponent().appendingPathComponent(".\(UUID().uuidString).tmp")
        try data.write(to: temporary)
        written.append(temporary)
        staged.append((temporary, target))
      }
      for (temporary, target) in staged {
        _ = try? FileManager.default.removeItem(at: target)
        try FileManager.default.moveItem(at: temporary, to: target)
        written.append(target)
      }
    } catch {
      for url in written { try? FileManager.default.removeItem(at: url) }
      throw error
    }
  }

  /// Runs CPU-heavy work on a global queue and resumes when it is done.
  package static func offload<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
      DispatchQueue.global(qos: .userInitiated).async {
        continuation.resume(with: Result { try work() })
      }
    }
  }
}

extension MediaError {
  /// The API error for a refused picture.
  package var weibo: EnvelopeError {
    switch self {
    case .unsupported: .unsupportedImage
    case .tooLarge: .imageTooLarge
    case .tooManyPixels: EnvelopeError(status: .badRequest, code: 20005, error: "Image is too large in pixels (at most 40 megapixels)")
    case .tooManyFrames: EnvelopeError(status: .badRequest, code: 20005, error: "Animated image has too many frames (at most 300)")
    case .broken: EnvelopeError(status: .badRequest, code: 20005, error: "Image is broken or truncated")
    }
  }
}
