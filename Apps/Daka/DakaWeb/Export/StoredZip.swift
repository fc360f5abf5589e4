import Foundation

/// A zip archive of stored (uncompressed) files, written as it goes: each file's header is handed out for the
/// caller to send before the file's bytes, so an archive of any size needs one file in memory at a time. Names
/// are UTF-8 (flag bit 11); no zip64, so an archive holds under 4 GB and 65,535 files (`TooLarge` otherwise).
struct StoredZip {
  struct TooLarge: Error {}

  /// Bytes handed out so far.
  private(set) var offset: UInt64 = 0
  private var central = Data()
  private var count = 0

  /// The local header that puts `contents` in the archive as `name`, dated `modified` (zip's DOS time, local
  /// fields taken as UTC); the caller sends it, then `contents`.
  mutating func header(_ name: String, _ contents: Data, modified: Date) throws -> Data {
    let nameBytes = Data(name.utf8)
    let crc = CRC32.checksum(contents)
    let (time, day) = Self.dosTime(modified)
    let size = UInt64(contents.count)
    let headerSize = UInt64(30 + nameBytes.count)
    guard count < Int(UInt16.max), nameBytes.count <= Int(UInt16.max),
      offset + headerSize + size + UInt64(central.count) + 46 + UInt64(nameBytes.count) + 22 <= UInt64(UInt32.max)
    else { throw TooLarge() }
    var local = Data()
    local.append(le32: 0x0403_4b50)
    local.append(le16: 20)  // version needed: 2.0
    local.append(le16: 0x0800)  // UTF-8 names
    local.append(le16: 0)  // stored
    local.append(le16: time)
    local.append(le16: day)
    local.append(le32: crc)
    local.append(le32: UInt32(size))
    local.append(le32: UInt32(size))
    local.append(le16: UInt16(nameBytes.count))
    local.append(le16: 0)
    local.append(nameBytes)

    central.append(le32: 0x0201_4b50)
    central.append(le16: 20)  // made by: 2.0
    central.append(le16: 20)
    central.append(le16: 0x0800)
    central.append(le16: 0)
    central.append(le16: time)
    central.append(le16: day)
    central.append(le32: crc)
    central.append(le32: UInt32(size))
    central.append(le32: UInt32(size))
    central.append(le16: UInt16(nameBytes.count))
    central.append(le16: 0)  // extra
    central.append(le16: 0)  // comment
    central.append(le16: 0)  // disk
    central.append(le16: 0)  // internal attributes
    central.append(le32: 0)  // external attributes
    central.append(le32: UInt32(offset))
    central.append(nameBytes)
    count += 1
    offset += headerSize + size
    return local
  }

  /// The archive's end: the central directory and its end record.
  func finished() -> Data {
    var out = central
    out.append(le32: 0x0605_4b50)
    out.append(le16: 0)
    out.append(le16: 0)
    out.append(le16: UInt16(count))
    out.append(le16: UInt16(count))
    out.append(le32: UInt32(central.count))
    out.append(le32: UInt32(offset))
    out.append(le16: 0)
    return out
  }

  static func dosTime(_ date: Date) -> (time: UInt16, day: UInt16) {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: "UTC")!
    let c = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
    let year = max(1980, min(c.year ?? 1980, 2107))
    let time = UInt16((c.hour ?? 0) << 11 | (c.minute ?? 0) << 5 | (c.second ?? 0) / 2)
    let day = UInt16((year - 1980) << 9 | (c.month ?? 1) << 5 | (c.day ?? 1))
    return (time, day)
  }
}

/// CRC-32 (IEEE 802.3, reflected, polynomial 0xEDB88320), as zip stores it.
enum CRC32 {
  static let table: [UInt32] = (0..<256).map { n in
    var c = UInt32(n)
    for _ in 0..<8 { c = c & 1 != 0 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
    return c
  }

  static func checksum(_ data: Data) -> UInt32 {
    var crc: UInt32 = 0xFFFF_FFFF
    data.withUnsafeBytes { bytes in
      table.withUnsafeBufferPointer { table in
        for byte in bytes { crc = table[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8) }
      }
    }
    return crc ^ 0xFFFF_FFFF
  }
}

extension Data {
  fileprivate mutating func append(le16 value: UInt16) {
    Swift.withUnsafeBytes(of: value.littleEndian) { append(contentsOf: $0) }
  }

  fileprivate mutating func append(le32 value: UInt32) {
    Swift.withUnsafeBytes(of: value.littleEndian) { append(contentsOf: $0) }
  }
}
