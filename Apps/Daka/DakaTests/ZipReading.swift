import DakaStore
import Foundation

/// Reads a zip the way an unzipper does, from its central directory, and checks every stored file's CRC-32:
/// enough to tell the export is a real archive.
enum ZipReading {
  struct Broken: Error { let why: String }

  static func entries(_ zip: Data) throws -> [String: Data] {
    let bytes = [UInt8](zip)
    func u16(_ at: Int) -> Int { Int(bytes[at]) | Int(bytes[at + 1]) << 8 }
    func u32(_ at: Int) -> Int { u16(at) | u16(at + 2) << 16 }
    guard bytes.count >= 22, u32(bytes.count - 22) == 0x0605_4b50 else { throw Broken(why: "no end record") }
    let end = bytes.count - 22
    let count = u16(end + 10)
    var at = u32(end + 16)
    var files: [String: Data] = [:]
    for _ in 0..<count {
      guard u32(at) == 0x0201_4b50 else { throw Broken(why: "no central header at \(at)") }
      let crc = UInt32(u32(at + 16)), size = u32(at + 20), nameLength = u16(at + 28)
      let extra = u16(at + 30), comment = u16(at + 32), local = u32(at + 42)
      let name = String(decoding: bytes[(at + 46)..<(at + 46 + nameLength)], as: UTF8.self)
      guard u32(local) == 0x0403_4b50, u16(local + 8) == 0 else { throw Broken(why: "\(name): not a stored local file") }
      let start = local + 30 + u16(local + 26) + u16(local + 28)
      let data = Data(bytes[start..<(start + size)])
      guard checksum(data) == crc else { throw Broken(why: "\(name): CRC") }
      files[name] = data
      at += 46 + nameLength + extra + comment
    }
    return files
  }

  /// CRC-32 computed bit by bit, independently of the writer's table.
  static func checksum(_ data: Data) -> UInt32 {
    var crc: UInt32 = 0xFFFF_FFFF
    for byte in data {
      crc ^= UInt32(byte)
      for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
    }
    return ~crc
  }
}
