import Foundation
import Hummingbird
import SparrowPlatform
import SparrowStore
import TuanStore

/// A review field that was refused: which, what it should be (for the API's envelope), and why in words a person
/// reads (for the pages).
package struct ReviewInputError: Error, Sendable, Equatable {
  package let field: String
  package let expected: String
  package let message: String
}

/// Writes 点评 for the JSON API and the web client alike. Fields are checked first, then the pictures' count and
/// headers, and only then are pictures stored and the review written; a refusal changes nothing.
package struct ReviewWriter: Sendable {
  let store: any TuanStore
  let ids: IDGenerator
  let pictures: PictureLibrary

  package init(store: any TuanStore, ids: IDGenerator, pictures: PictureLibrary) {
    self.store = store
    self.ids = ids
    self.pictures = pictures
  }

  /// The checked fields of a review form (`rating`, `product`, `decoration`, `service`, `text`, `spend`).
  package struct Fields: Sendable {
    package var rating: Int
    package var grades: ReviewGrades
    package var text: String
    package var spend: Int?

    package init(_ params: Params, category: String) throws(ReviewInputError) {
      rating = try Self.stars(params, "rating", name: "总体评分")
      grades = ReviewGrades(
        product: try Self.stars(params, "product", name: DealCategory.gradeNames(category)[0]),
        decoration: try Self.stars(params, "decoration", name: "环境"),
        service: try Self.stars(params, "service", name: "服务"))
      let trimmed = (params["text"] ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
      guard trimmed.count >= ReviewRules.minimumText else {
        throw ReviewInputError(field: "text", expected: "at least \(ReviewRules.minimumText) characters",
                               message: "点评至少写\(ReviewRules.minimumText)个字，说说你的体验")
      }
      switch ReviewRules.text.check(trimmed) {
      case .fits: break
      case .tooLong(let count):
        throw ReviewInputError(field: "text", expected: "at most \(ReviewRules.text.visible) characters",
                               message: "点评最多\(ReviewRules.text.visible)个字，现在是\(count)个")
      case .tooHeavy:
        throw ReviewInputError(field: "text", expected: "text a person can read", message: "点评里有太多看不见的字符")
      }
      text = trimmed
      let spendText = (params["spend"] ?? "").trimmingCharacters(in: .whitespaces)
      if DealCategory.asksSpend(category), !spendText.isEmpty {
        guard let value = Int(spendText), ReviewRules.spend.contains(value) else {
          throw ReviewInputError(field: "spend", expected: "yuan, 1…\(ReviewRules.spend.upperBound)",
                                 message: "人均请填1到\(ReviewRules.spend.upperBound)之间的整数（元）")
        }
        spend = value
      }
    }

    static func stars(_ params: Params, _ field: String, name: String) throws(ReviewInputError) -> Int {
      guard let value = params[field].flatMap({ Int($0) }), (1...5).contains(value) else {
        throw ReviewInputError(field: field, expected: "1…5", message: "请给「\(name)」打分（1到5）")
      }
      return value
    }
  }

  /// A review by `user` of their used 团购券 `coupon` at `merchant`.
  package func create(_ params: Params, files: [UploadedFile], coupon: CouponRecord, merchant: MerchantRecord,
                      by user: Int64, at now: Date) async throws -> ReviewRecord
  {
    let fields = try Fields(params, category: merchant.category)
    guard files.count <= ReviewRules.maxPictures else { throw Self.tooManyPictures }
    let stored = try await ingest(files, by: user, at: now)
    return try await store.addReview(ReviewRecord(
      id: ids.next(at: now), merchantID: merchant.id, dealID: coupon.dealID, userID: user, couponCode: coupon.code,
      rating: fields.rating, grades: fields.grades, text: fields.text, pictures: stored, spend: fields.spend,
      createdAt: now))
  }

  /// `current` (one of `user`'s) with the form's fields; `remove_pic` ids leave, `files` join, nine at most.
  package func update(_ current: ReviewRecord, _ params: Params, files: [UploadedFile], merchant: MerchantRecord,
                      by user: Int64, at now: Date) async throws -> ReviewRecord
  {
    let fields = try Fields(params, category: merchant.category)
    let removing = Set(params.all("remove_pic"))
    for id in removing where !current.pictures.contains(where: { $0.id == id }) {
      throw ReviewInputError(field: "remove_pic", expected: "the id of one of the review's pictures", message: "要删除的图片不在这条点评里")
    }
    let kept = current.pictures.filter { !removing.contains($0.id) }
    guard kept.count + files.count <= ReviewRules.maxPictures else { throw Self.tooManyPictures }
    var edited = current
    edited.rating = fields.rating
    edited.grades = fields.grades
    edited.text = fields.text
    edited.spend = fields.spend
    edited.pictures = kept + (try await ingest(files, by: user, at: now))
    return try await store.editReview(edited, now: now)
  }

  static let tooManyPictures = ReviewInputError(
    field: "pic", expected: "at most \(ReviewRules.maxPictures) pictures", message: "最多\(ReviewRules.maxPictures)张图片")

  /// The form's pictures through the platform's pipeline, all checked before any is stored.
  func ingest(_ files: [UploadedFile], by user: Int64, at now: Date) async throws -> [PictureRef] {
    do {
      return try await pictures.ingestAll(files.map { Data($0.data.readableBytesView) }, at: now, by: user)
    } catch let refused as PictureLibrary.PartRefused {
      throw ReviewInputError(field: "pic", expected: "JPEG, PNG, GIF or WebP pictures",
                             message: "第\(refused.number)张图片：\(refused.error.message)")
    }
  }
}
