import Crypto
import Foundation
import HummingbirdBcrypt

/// Random credentials and the hashes Sparrow stores instead of them.
package enum Secrets {
  /// A random secret: 32 bytes as 64 hex digits (a token, code, client secret or session id).
  package static func random(bytes: Int = 32) -> String {
    var generator = SystemRandomNumberGenerator()
    return (0..<bytes).map { _ in String(format: "%02x", UInt8.random(in: .min ... .max, using: &generator)) }
      .joined()
  }

  /// SHA-256 as hex: what the store keeps of a credential.
  package static func hash(_ secret: String) -> String {
    SHA256.hash(data: Data(secret.utf8)).map { String(format: "%02x", $0) }.joined()
  }

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

  /// A keyed hash tying a form to a session (CSRF token).
  package static func formToken(session: String, key: String) -> String {
    let mac = HMAC<SHA256>.authenticationCode(for: Data(session.utf8), using: SymmetricKey(data: Data(key.utf8)))
    return Data(mac).map { String(format: "%02x", $0) }.joined()
  }
}
