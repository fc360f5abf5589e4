import Foundation

/// A zip archive of stored (uncompressed) files: what the export needs, with no zip library among the
/// dependencies. Names are UTF-8 (flag bit 11); no zip64, so the whole archive stays under 4 GB.
struct StoredZip {
  private(set) var data = Data()
  private var central = Data()
  private var count: UInt16 = 0

  /// Appends `contents` as `name`, dated `modified` (zip's DOS time, local fields taken as UTC).
  mutating func add(_ name: String, _ contents: Data, modified: Date) {
    let nameBytes = Data(name.utf8)
    let crc = CRC32.checksum(contents)
    let (time, day) = Self.dosTime(modified)
    let offset = UInt32(data.count)
    var local = Data()
    local.append(le32: 0x0403_4b50)
    local.append(le16: 20)  // version needed: 2.0
    local.append(le16: 0x0800)  // UTF-8 names
    local.append(le16: 0)  // stored
    local.append(le16: time)
    local.append(le16: day)
    local.append(le32: crc)
    local.append(le32: UInt32(contents.count))
    local.append(le32: UInt32(contents.count))
    local.append(le16: UInt16(nameBytes.count))
    local.append(le16: 0)
    data.append(local)
    data.append(nameBytes)
    data.append(contents)

    central.append(le32: 0x0201_4b50)
    central.append(le16: 20)  // made by: 2.0
    central.append(le16: 20)
    central.append(le16: 0x0800)
    central.append(le16: 0)
    central.append(le16: time)
    central.append(le16: day)
    central.append(le32: crc)
    central.append(le32: UInt32(contents.count))
    central.append(le32: UInt32(contents.count))
    central.append(le16: UInt16(nameBytes.count))
    central.append(le16: 0)  // extra
    central.append(le16: 0)  // comment
    central.append(le16: 0)  // disk
    central.append(le16: 0)  // internal attributes
    central.append(le32: 0)  // external attributes
    central.append(le32: offset)
    central.append(nameBytes)
    count += 1
  }

  /// The archive: the files, the central directory, its end record.
  func finished() -> Data {
    var out = data
    let start = UInt32(out.count)
    out.append(central)
    out.append(le32: 0x0605_4b50)
    out.append(le16: 0)
    out.append(le16: 0)
    out.append(le16: count)
    out.append(le16: count)
    out.append(le32: UInt32(central.count))
    out.append(le32: start)
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
    for byte in data { crc = table[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8) }
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
