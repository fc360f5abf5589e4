import Foundation

/// Why the bundled data could not be read.
package enum GeoDataError: Error, Equatable {
  /// A resource file is missing from the bundle.
  case missingResource(String)
  /// A resource has a format this code does not read.
  case unsupportedFormat(String)
  /// An outline string is not valid encoded polyline text.
  case badOutline(adcode: Int)
}
