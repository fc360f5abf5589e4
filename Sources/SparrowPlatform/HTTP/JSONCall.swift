import Foundation

/// One call to an app's JSON API (the platform's tokens and envelope), parsed: what a handler needs.
package struct JSONCall: Sendable {
  package let params: Params
  /// The token's user; nil for a signed-out read.
  package let viewer: Int64?
  package let now: Date
  /// The id named in the path (`reviews/{id}`), parsed by the app's rule.
  package let id: Int64?

  package init(params: Params, viewer: Int64?, now: Date, id: Int64?) {
    self.params = params
    self.viewer = viewer
    self.now = now
    self.id = id
  }

  /// `request` with its path id read by `id`.
  package init(_ request: APIRequest, id: (String) throws -> Int64) throws {
    self.init(params: request.params, viewer: request.caller?.userID, now: request.now, id: try request.pathID.map(id))
  }

  /// The caller, for what needs one.
  package func user() throws -> Int64 {
    guard let viewer else { throw EnvelopeError.emptyToken }
    return viewer
  }
}
