import Crypto
import Foundation

/// The Dianping v1 signature: every parameter but `appkey` and `sign`, sorted by name in byte order, joined as
/// `name1value1name2value2…` with raw (decoded) values, between the app key and the secret; SHA-1, uppercase hex.
package enum DealsSignature {
  package static func sign(appKey: String, secret: String, params: [(String, String)]) -> String {
    let body = params.filter { $0.0 != "appkey" && $0.0 != "sign" }
      .sorted { Array($0.0.utf8).lexicographicallyPrecedes(Array($1.0.utf8)) }
      .map { $0.0 + $0.1 }.joined()
    let digest = Insecure.SHA1.hash(data: Data((appKey + body + secret).utf8))
    let digits = Array("0123456789ABCDEF".utf8)
    var out: [UInt8] = []
    for byte in digest { out += [digits[Int(byte >> 4)], digits[Int(byte & 0xF)]] }
    return String(decoding: out, as: UTF8.self)
  }

  /// The query a client sends: `appkey`, `sign`, then the parameters percent-encoded.
  package static func query(appKey: String, secret: String, params: [(String, String)]) -> String {
    let sign = sign(appKey: appKey, secret: secret, params: params)
    return (["appkey=\(encode(appKey))", "sign=\(sign)"] + params.map { "\(encode($0.0))=\(encode($0.1))" })
      .joined(separator: "&")
  }

  static func encode(_ text: String) -> String {
    var allowed = CharacterSet.alphanumerics.intersection(CharacterSet(charactersIn: Unicode.Scalar(0)...Unicode.Scalar(127)))
    allowed.insert(charactersIn: "-._~")
    return text.addingPercentEncoding(withAllowedCharacters: allowed) ?? ""
  }
}
