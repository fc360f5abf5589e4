import Foundation

/// The rule for screen names: 4–30 characters where a Chinese character counts two, made of Chinese,
/// letters, digits, `_` and `-`.
public enum ScreenName {
  /// Why a name is refused, in the words the sign-up page shows.
  public enum Problem: Error, Equatable, Sendable {
    case length, characters

    public var message: String {
      switch self {
      case .length: "昵称长度为4-30个字符（一个汉字算两个字符）"
      case .characters: "昵称只能包含中英文、数字、“_”或“-”"
      }
    }
  }

  /// The name's width: Chinese characters count two, others one.
  public static func width(_ name: String) -> Int {
    name.reduce(0) { $0 + (($1.unicodeScalars.first?.isASCII ?? true) ? 1 : 2) }
  }

  /// nil when `name` is acceptable.
  public static func problem(_ name: String) -> Problem? {
    guard name.allSatisfy(RichText.isNameCharacter) else { return .characters }
    guard (4...30).contains(width(name)) else { return .length }
    return nil
  }
}
