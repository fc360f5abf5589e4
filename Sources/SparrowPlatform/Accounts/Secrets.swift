import Crypto
import Foundation
import HummingbirdBcrypt

/// Random credentials and the hashes Sparrow stores instead of them.
package enum Secrets {
  /// A random secret: 32 bytes as 64 hex digits (a token, code, client secret or session id).
  package static func random(bytes: Int = 32) -> String {
    var generator = SystemRandomNumberGenerator()
    return hex((0..<bytes).map { _ in UInt8.random(in: .min ... .max, using: &generator) })
  }

  /// SHA-256 as hex: what the store keeps of a credential.
  package static func hash(_ secret: String) -> String {
    hex(SHA256.hash(data: Data(secret.utf8)))
  }

  /// Bytes as lowercase hex digits.
  package static func hex(_ bytes: some Sequence<UInt8>) -> String {
    // Written into the string's own storage: an array of two for each byte was most of every signed-in page's
    // session check (a hash and a form token each request).
    let input = Array(bytes)
    return String(unsafeUninitializedCapacity: input.count * 2) { out in
      for (index, byte) in input.enumerated() {
        out[2 * index] = hexDigits[Int(byte >> 4)]
        out[2 * index + 1] = hexDigits[Int(byte & 0xF)]
      }
      return input.count * 2
    }
  }

  private static let hexDigits: [UInt8] = Array("0123456789abcdef".utf8)

  /// Compares two strings in time independent of where they differ.
  package static func equal(_ a: String, _ b: String) -> Bool {
    let x = Array(a.utf8)
    let y = Array(b.utf8)
    guard x.count == y.count else { return false }
    return zip(x, y).reduce(0) { $0 | ($1.0 ^ $1.1) } == 0
  }

  /// bcrypt cost for passwords; 10 keeps sign-in under 100 ms on a small machine.
  package static let passwordCost: UInt8 = 10

  package static func hashPassword(_ password: String) -> String { Bcrypt.hash(password, cost: passwordCost) }

  package static func verifyPassword(_ password: String, hash: String) -> Bool {
    !hash.isEmpty && Bcrypt.verify(password, hash: hash)
  }

  /// PKCE's S256 (RFC 7636 §4.2): BASE64URL(SHA256(verifier)), without padding.
  package static func pkceChallenge(_ verifier: String) -> String {
    Data(SHA256.hash(data: Data(verifier.utf8))).base64EncodedString()
      .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
      .replacingOccurrences(of: "=", with: "")
  }

  /// A keyed hash tying a form to a session (CSRF token).
  package static func formToken(session: String, key: String) -> String {
    // The strings' own bytes, not copies into `Data` (three a signed-in page: 1 % of 我的).
    var (session, key) = (session, key)
    let mac = key.withUTF8 { key in
      session.withUTF8 { session in
        HMAC<SHA256>.authenticationCode(
          for: UnsafeRawBufferPointer(session), using: SymmetricKey(data: UnsafeRawBufferPointer(key)))
      }
    }
    return hex(mac)
  }
}
