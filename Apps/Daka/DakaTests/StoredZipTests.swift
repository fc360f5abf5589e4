import DakaStore
import Foundation
import Testing

@testable import DakaWeb

/// The export's zip writer, read back by an independent reader.
@Suite struct StoredZipTests {
  @Test func crc32MatchesTheStandardCheckValue() {
    #expect(CRC32.checksum(Data("123456789".utf8)) == 0xCBF4_3926)
    #expect(CRC32.checksum(Data()) == 0)
  }

  @Test func filesComeBackWithTheirUTF8NamesAndBytes() throws {
    var zip = StoredZip()
    let picture = Data((0..<300).map { UInt8($0 % 256) })
    let json = Data("[]".utf8)

    var archive = try zip.header("checkins.json", json, modified: Date(timeIntervalSince1970: 1_700_000_000)) + json
    archive += try zip.header("pictures/西湖.jpg", picture, modified: Date(timeIntervalSince1970: 0)) + picture
    #expect(zip.offset == UInt64(archive.count))
    archive += zip.finished()
    let files = try ZipReading.entries(archive)

    #expect(files == ["checkins.json": Data("[]".utf8), "pictures/西湖.jpg": picture])
  }

  @Test func dosTimeKeepsTheDayAndTheSecondsInTwos() {
    let (time, day) = StoredZip.dosTime(Date(timeIntervalSince1970: 1_700_000_000))  // 2023-11-14 22:13:20 UTC

    #expect(day == UInt16((2023 - 1980) << 9 | 11 << 5 | 14))
    #expect(time == UInt16(22 << 11 | 13 << 5 | 10))
  }
}
