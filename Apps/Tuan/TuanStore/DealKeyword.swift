import SparrowCore

/// A deal search's keyword, in the API and on the pages: at most 100 characters by the platform's `TextLimit`.
package enum DealKeyword {
  package static let limit = TextLimit(100)
}
