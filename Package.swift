// swift-tools-version:6.1
import PackageDescription

let strict: [SwiftSetting] = [.enableUpcomingFeature("ExistentialAny")]

let package = Package(
  name: "sparrow",
  platforms: [.macOS(.v14), .iOS(.v17)],
  products: [
    .executable(name: "sparrow", targets: ["sparrow"]),
  ],
  dependencies: [
    .package(url: "https://github.com/hummingbird-project/hummingbird.git", from: "2.28.1", traits: ["FullFoundation"]),
    .package(url: "https://github.com/hummingbird-project/hummingbird-auth.git", from: "2.5.0"),
    .package(url: "https://github.com/hummingbird-project/swift-mustache.git", from: "2.1.1"),
    .package(url: "https://github.com/groue/GRDB.swift.git", from: "7.10.0"),
    .package(url: "https://github.com/vapor/multipart-kit.git", from: "4.7.1"),
    .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.8.2"),
    .package(url: "https://github.com/apple/swift-log.git", from: "1.16.2"),
    .package(url: "https://github.com/apple/swift-crypto.git", from: "3.12.3"),
  ],
  targets: [
    // Wire models, Weibo coding, text rules. Foundation only.
    .target(name: "SparrowCore", swiftSettings: strict),
    // The storage seam: protocol, records, errors. Foundation only.
    .target(name: "SparrowStore", dependencies: ["SparrowCore"], swiftSettings: strict),
    .target(
      name: "SparrowStoreSQLite",
      dependencies: ["SparrowStore", .product(name: "GRDB", package: "GRDB.swift")],
      swiftSettings: strict),
    .target(
      name: "SparrowServer",
      dependencies: [
        "SparrowCore", "SparrowStore",
        .product(name: "Hummingbird", package: "hummingbird"),
        .product(name: "HummingbirdBcrypt", package: "hummingbird-auth"),
        .product(name: "Mustache", package: "swift-mustache"),
        .product(name: "MultipartKit", package: "multipart-kit"),
        .product(name: "Crypto", package: "swift-crypto"),
        .product(name: "Logging", package: "swift-log"),
      ],
      resources: [.copy("Templates")],
      swiftSettings: strict),
    .executableTarget(
      name: "sparrow",
      dependencies: [
        "SparrowServer", "SparrowStoreSQLite",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ],
      swiftSettings: strict),
    .target(
      name: "SparrowTestSupport",
      dependencies: [
        "SparrowServer", "SparrowStoreSQLite",
        .product(name: "HummingbirdTesting", package: "hummingbird"),
      ],
      path: "Tests/SparrowTestSupport", swiftSettings: strict),
    .testTarget(name: "SparrowCoreTests", dependencies: ["SparrowCore"], swiftSettings: strict),
    .testTarget(name: "SparrowStoreTests", dependencies: ["SparrowTestSupport", "SparrowStore"], swiftSettings: strict),
    .testTarget(
      name: "SparrowServerTests",
      dependencies: ["SparrowTestSupport", .product(name: "HummingbirdTesting", package: "hummingbird")],
      swiftSettings: strict),
  ]
)
