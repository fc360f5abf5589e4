// swift-tools-version:6.1
import PackageDescription

let strict: [SwiftSetting] = [.enableUpcomingFeature("ExistentialAny")]
let glibIncludes = ["/usr/include/glib-2.0", "/usr/lib/x86_64-linux-gnu/glib-2.0/include",
                    "/usr/lib/aarch64-linux-gnu/glib-2.0/include"].flatMap { ["-Xcc", "-I\($0)"] }

/// A fuzz target in Fuzz/<name>: under libFuzzer in `make fuzz` (built with `-DFUZZING`), otherwise it
/// replays the files it is given through the same checks (`make test` replays Fuzz/corpus/<name>).
func fuzzTarget(_ name: String, _ dependencies: [Target.Dependency]) -> Target {
  .executableTarget(name: name, dependencies: ["FuzzSupport"] + dependencies, path: "Fuzz/\(name)", swiftSettings: strict)
}

let package = Package(
  name: "sparrow",
  // The real floor. The server targets are Linux-first (Debian, Swift 6), and they lock with Synchronization's
  // `Mutex`, which Apple ships from macOS 15 and iOS 18. The SDK targets (SparrowCore, SparrowKit) use only
  // Foundation and swift-crypto, so an app built for these versions takes them unchanged.
  platforms: [.macOS(.v15), .iOS(.v18)],
  products: [
    .executable(name: "sparrow", targets: ["sparrow"]),
    .executable(name: "wb", targets: ["wb"]),
    // The client SDK: models and rules (SparrowCore) plus API client and view models (SparrowKit).
    .library(name: "SparrowKit", targets: ["SparrowCore", "SparrowKit"]),
  ],
  dependencies: [
    .package(url: "https://github.com/hummingbird-project/hummingbird.git", from: "2.28.1", traits: ["FullFoundation"]),
    .package(url: "https://github.com/hummingbird-project/hummingbird-auth.git", from: "2.5.0"),
    // The Mastodon streaming API (`/api/v1/streaming`) over WebSocket.
    .package(url: "https://github.com/hummingbird-project/hummingbird-websocket.git", from: "2.8.1"),
    .package(url: "https://github.com/hummingbird-project/swift-mustache.git", from: "2.1.1"),
    .package(url: "https://github.com/groue/GRDB.swift.git", from: "7.10.0"),
    .package(url: "https://github.com/vapor/multipart-kit.git", from: "4.7.1"),
    .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.8.2"),
    .package(url: "https://github.com/apple/swift-log.git", from: "1.16.2"),
    .package(url: "https://github.com/apple/swift-crypto.git", from: "3.12.3"),
    .package(url: "https://github.com/swift-server/async-http-client.git", from: "1.37.0"),
    .package(url: "https://github.com/vapor/postgres-nio.git", from: "1.33.2"),
    .package(url: "https://github.com/swift-server/swift-prometheus.git", from: "2.4.1"),
    // Already in the graph through Hummingbird: the HTTP/1 parser's errors and the pipeline's HTTP parts, for
    // answering requests the parser refuses (`UnreadableRequests`).
    .package(url: "https://github.com/apple/swift-nio.git", from: "2.101.3"),
    .package(url: "https://github.com/apple/swift-nio-extras.git", from: "1.35.2"),
  ],
  targets: [
    // Wire models, Weibo coding, text rules. Foundation only.
    .target(name: "SparrowCore", swiftSettings: strict),
    // The client SDK: endpoints, client, account store, pager, view models. Foundation, and swift-crypto for PKCE.
    .target(
      name: "SparrowKit", dependencies: ["SparrowCore", .product(name: "Crypto", package: "swift-crypto")],
      swiftSettings: strict),
    // SparrowKit's HTTP transport on Linux and servers.
    .target(
      name: "SparrowKitAHC",
      dependencies: ["SparrowKit", .product(name: "AsyncHTTPClient", package: "async-http-client")],
      swiftSettings: strict),
    // The terminal client.
    .executableTarget(
      name: "wb",
      dependencies: ["SparrowKit", "SparrowKitAHC", .product(name: "ArgumentParser", package: "swift-argument-parser")],
      swiftSettings: strict),
    // libvips, through static inline wrappers (its C API is variadic). Debian: libvips-dev. The glib
    // include folders are given by hand: pkg-config's flags include -pthread, which SwiftPM warns about.
    .systemLibrary(name: "Cvips", providers: [.apt(["libvips-dev"])]),
    // Picture limits, resizing and drawing, on libvips (sniffing is SparrowCore's `ImageKind`).
    .target(name: "SparrowMedia", dependencies: ["Cvips", "SparrowCore"], swiftSettings: strict + [.unsafeFlags(glibIncludes)]),
    // The storage seam: protocol, records, errors. Foundation only.
    .target(name: "SparrowStore", dependencies: ["SparrowCore"], swiftSettings: strict),
    .target(
      name: "SparrowStoreSQLite",
      dependencies: [
        "SparrowStore", .product(name: "GRDB", package: "GRDB.swift"), .product(name: "Logging", package: "swift-log"),
      ],
      swiftSettings: strict),
    // The PostgreSQL engine, for several server processes on one database (PostgresNIO's pooled client).
    .target(
      name: "SparrowStorePostgres",
      dependencies: [
        "SparrowStore", .product(name: "PostgresNIO", package: "postgres-nio"),
        .product(name: "_ConnectionPoolModule", package: "postgres-nio"),
        .product(name: "Logging", package: "swift-log"),
      ],
      swiftSettings: strict),
    // The platform: the HTTP shell that composes apps, request context and middleware (web session, CSRF,
    // security headers, error pages), OAuth and accounts, parameters, the picture pipeline, templates, assets,
    // request logs and metrics (Prometheus).
    // The readers of a request's parameters (query, form, multipart, JSON), without the server, so that the fuzz
    // build (sanitizers, optimised) compiles what they read with and not the whole HTTP stack.
    .target(
      name: "SparrowParams",
      dependencies: [
        "SparrowCore", "SparrowStore", .product(name: "MultipartKit", package: "multipart-kit"), .product(name: "NIOCore", package: "swift-nio"),
      ],
      swiftSettings: strict),
    .target(
      name: "SparrowPlatform",
      dependencies: [
        "SparrowCore", "SparrowStore", "SparrowMedia", "SparrowParams",
        .product(name: "Hummingbird", package: "hummingbird"),
        .product(name: "HummingbirdBcrypt", package: "hummingbird-auth"),
        .product(name: "HummingbirdWebSocket", package: "hummingbird-websocket"),
        .product(name: "Mustache", package: "swift-mustache"),
        .product(name: "MultipartKit", package: "multipart-kit"),
        .product(name: "Crypto", package: "swift-crypto"),
        .product(name: "Logging", package: "swift-log"),
        .product(name: "AsyncHTTPClient", package: "async-http-client"),
        .product(name: "Prometheus", package: "swift-prometheus"),
        .product(name: "NIOHTTP1", package: "swift-nio"),
        .product(name: "NIOHTTPTypes", package: "swift-nio-extras"),
      ],
      resources: [.copy("Templates"), .copy("Public")],
      swiftSettings: strict),
    // Cities, districts, outlines, pinyin and 商圈 of mainland China, shared by 团购 and 打卡. Foundation only;
    // generated by scripts/geodata/generate.py and committed in Resources.
    .target(name: "GeoData", resources: [.copy("Resources")], swiftSettings: strict),
    // Demo worlds: the platform's people, apps and pictures, then each app's part.
    .target(name: "SparrowDemo", dependencies: ["SparrowPlatform", "GeoData"], swiftSettings: strict),
    // The server an engine and a list of apps make (`AppModule`: what an app brings to the binary). Knows no app.
    .target(
      name: "SparrowServer",
      dependencies: [
        "SparrowPlatform", "SparrowDemo", "SparrowStoreSQLite", "SparrowStorePostgres",
        .product(name: "HummingbirdCore", package: "hummingbird"),
        .product(name: "HummingbirdWebSocket", package: "hummingbird-websocket"),
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ],
      swiftSettings: strict),
    // The apps the binary runs: the one list that composes them.
    .target(
      name: "SparrowApps",
      dependencies: ["WeiboApp", "TuanApp", "DakaApp", .product(name: "ArgumentParser", package: "swift-argument-parser")],
      swiftSettings: strict),

    // 微博 (Apps/Weibo): its store protocols and bulk loads, one part per engine, the Weibo-compatible API at /2/…
    // (controllers, presenter, JSON templates, emoticons), the web client at / (pages, fragments, templates,
    // Public/), the demo part, and the module that hands them to the binary. Its records and the caches that hold
    // them are still the engines' (SparrowStore/Weibo, SparrowStore/Caching), and so are its first tables.
    .target(
      name: "WeiboStore", dependencies: ["SparrowStore", "SparrowCore"], path: "Apps/Weibo/WeiboStore", swiftSettings: strict),
    .target(
      name: "WeiboSQLite", dependencies: ["WeiboStore", "SparrowStoreSQLite", .product(name: "GRDB", package: "GRDB.swift")],
      path: "Apps/Weibo/WeiboSQLite", swiftSettings: strict),
    .target(
      name: "WeiboPostgres",
      dependencies: ["WeiboStore", "SparrowStorePostgres", .product(name: "PostgresNIO", package: "postgres-nio")],
      path: "Apps/Weibo/WeiboPostgres", swiftSettings: strict),
    .target(
      name: "WeiboAPI", dependencies: ["WeiboStore", "SparrowPlatform", "SparrowKit"], path: "Apps/Weibo/WeiboAPI",
      swiftSettings: strict),
    .target(
      name: "WeiboWeb", dependencies: ["WeiboAPI", "SparrowKit"], path: "Apps/Weibo/WeiboWeb",
      resources: [.copy("Templates"), .copy("Public")], swiftSettings: strict),
    // 微博 through the Mastodon client API at /api/v1/… and /api/v2/… (docs/mastodon.md): the same store, other words.
    .target(
      name: "MastodonAPI", dependencies: ["WeiboAPI", "WeiboStore", "SparrowPlatform", "SparrowMedia"],
      path: "Apps/Weibo/MastodonAPI", swiftSettings: strict),
    .target(name: "WeiboDemo", dependencies: ["WeiboStore", "SparrowDemo"], path: "Apps/Weibo/WeiboDemo", swiftSettings: strict),
    .target(
      name: "WeiboApp",
      dependencies: ["WeiboAPI", "MastodonAPI", "WeiboWeb", "WeiboDemo", "WeiboSQLite", "WeiboPostgres", "SparrowServer"],
      path: "Apps/Weibo/WeiboApp", swiftSettings: strict),
    // 团购 (Apps/Tuan), every part in its own target: records and store protocols, one part per engine, the
    // Dianping-v1-style deals API at /v1/… (signature, envelope, endpoints, coupon verification), the iPad-first web
    // client at /tuan, the demo part, and the module that hands them to the binary.
    .target(name: "TuanStore", dependencies: ["SparrowStore"], path: "Apps/Tuan/TuanStore", swiftSettings: strict),
    .target(
      name: "TuanSQLite", dependencies: ["TuanStore", "SparrowStoreSQLite", .product(name: "GRDB", package: "GRDB.swift")],
      path: "Apps/Tuan/TuanSQLite", swiftSettings: strict),
    .target(
      name: "TuanPostgres",
      dependencies: ["TuanStore", "SparrowStorePostgres", .product(name: "PostgresNIO", package: "postgres-nio")],
      path: "Apps/Tuan/TuanPostgres", swiftSettings: strict),
    .target(
      name: "DealsAPI",
      dependencies: ["TuanStore", "SparrowPlatform", "GeoData", .product(name: "Crypto", package: "swift-crypto")],
      path: "Apps/Tuan/DealsAPI", swiftSettings: strict),
    .target(
      name: "TuanWeb", dependencies: ["DealsAPI", "GeoData"], path: "Apps/Tuan/TuanWeb",
      resources: [.copy("Templates"), .copy("Public")], swiftSettings: strict),
    .target(
      name: "TuanDemo", dependencies: ["TuanStore", "SparrowDemo", "SparrowMedia", "GeoData"], path: "Apps/Tuan/TuanDemo",
      swiftSettings: strict),
    .target(
      name: "TuanApp",
      dependencies: [
        "DealsAPI", "TuanWeb", "TuanDemo", "TuanSQLite", "TuanPostgres", "SparrowServer",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ],
      path: "Apps/Tuan/TuanApp", swiftSettings: strict),

    // 打卡 (Apps/Daka), every part in its own target: records and store protocol, one part per engine, the API,
    // the web client, the demo part, and the module that hands them to the binary.
    .target(name: "DakaStore", dependencies: ["SparrowStore", "GeoData"], path: "Apps/Daka/DakaStore", swiftSettings: strict),
    .target(
      name: "DakaSQLite", dependencies: ["DakaStore", "SparrowStoreSQLite", .product(name: "GRDB", package: "GRDB.swift")],
      path: "Apps/Daka/DakaSQLite", swiftSettings: strict),
    .target(
      name: "DakaPostgres",
      dependencies: ["DakaStore", "SparrowStorePostgres", .product(name: "PostgresNIO", package: "postgres-nio")],
      path: "Apps/Daka/DakaPostgres", swiftSettings: strict),
    // The API at /daka/api/… (check-ins, pictures, visited places).
    .target(
      name: "DakaAPI", dependencies: ["DakaStore", "SparrowPlatform", "SparrowMedia", "GeoData"], path: "Apps/Daka/DakaAPI",
      swiftSettings: strict),
    // The phone-first web client at /daka (pages, templates, Public/), writing through DakaAPI's CheckinWriter.
    .target(
      name: "DakaWeb", dependencies: ["DakaAPI", "GeoData"], path: "Apps/Daka/DakaWeb",
      resources: [.copy("Templates"), .copy("Public")], swiftSettings: strict),
    .target(
      name: "DakaDemo", dependencies: ["DakaStore", "SparrowDemo", "SparrowMedia", "GeoData"], path: "Apps/Daka/DakaDemo",
      swiftSettings: strict),
    .target(
      name: "DakaApp",
      dependencies: ["DakaAPI", "DakaWeb", "DakaDemo", "DakaSQLite", "DakaPostgres", "SparrowServer",
                     .product(name: "ArgumentParser", package: "swift-argument-parser")],
      path: "Apps/Daka/DakaApp", swiftSettings: strict),

    // glibc's mallopt, for the server's malloc thresholds (see MallocTuning).
    .systemLibrary(name: "Cmalloc"),
    .executableTarget(
      name: "sparrow",
      dependencies: [
        "SparrowServer", "SparrowApps", "TuanApp", "TuanStore", "SparrowDemo", "WeiboAPI", "SparrowStoreSQLite", "SparrowStorePostgres", "GeoData",
        "Cmalloc",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ],
      swiftSettings: strict),
    // Benchmarks that print figures: `make bench`.
    .executableTarget(name: "SparrowBench", dependencies: ["SparrowMedia", "SparrowKit", "GeoData"], swiftSettings: strict),
    // Fuzzing: libFuzzer's driver, the shared harness, and one target per reader of hostile input.
    .systemLibrary(name: "CLibFuzzer", path: "Fuzz/CLibFuzzer"),
    .target(name: "FuzzSupport", dependencies: ["CLibFuzzer"], path: "Fuzz/FuzzSupport", swiftSettings: strict),
    fuzzTarget("FuzzRichText", ["SparrowCore"]),
    fuzzTarget("FuzzWeiboDate", ["SparrowCore"]),
    fuzzTarget("FuzzImageKind", ["SparrowCore"]),
    fuzzTarget("FuzzPicture", ["SparrowCore", "SparrowMedia"]),
    fuzzTarget("FuzzParams", ["SparrowCore", "SparrowParams"]),
    fuzzTarget("FuzzMultipart", ["SparrowKit", "SparrowParams"]),
    .target(
      name: "SparrowTestSupport",
      dependencies: [
        "SparrowServer", "SparrowApps", "SparrowDemo", "SparrowStoreSQLite", "SparrowStorePostgres", "WeiboApp",
        .product(name: "HummingbirdTesting", package: "hummingbird"), .product(name: "GRDB", package: "GRDB.swift"),
      ],
      path: "Tests/SparrowTestSupport", swiftSettings: strict),
    .testTarget(name: "SparrowCoreTests", dependencies: ["SparrowCore"], swiftSettings: strict),
    .testTarget(name: "SparrowKitTests", dependencies: ["SparrowKit"], swiftSettings: strict),
    .testTarget(name: "GeoDataTests", dependencies: ["GeoData"], resources: [.copy("Fixtures")], swiftSettings: strict),
    .testTarget(name: "SparrowMediaTests", dependencies: ["SparrowMedia", "SparrowCore"], swiftSettings: strict),
    .testTarget(
      name: "SparrowKitIntegrationTests",
      dependencies: ["SparrowKitAHC", "SparrowTestSupport", .product(name: "HummingbirdTesting", package: "hummingbird")],
      swiftSettings: strict),
    // The engines and the store contract on each (the platform's and 微博's rows, the caches).
    .testTarget(
      name: "SparrowStoreTests", dependencies: ["SparrowTestSupport", "SparrowStore", "SparrowDemo", "WeiboApp"],
      swiftSettings: strict),
    .testTarget(
      name: "SparrowServerTests",
      dependencies: ["SparrowTestSupport", .product(name: "HummingbirdTesting", package: "hummingbird")],
      swiftSettings: strict),
    // 微博's API, web client and demo, through the router (its store's contract is in SparrowStoreTests).
    .testTarget(
      name: "WeiboTests",
      dependencies: ["SparrowTestSupport", .product(name: "HummingbirdTesting", package: "hummingbird")],
      path: "Apps/Weibo/WeiboTests", swiftSettings: strict),
    // The guestbook (Apps/Guestbook): a fourth app composed only in its tests, proving that an app is its folder and
    // an entry in a list of modules (a table on each engine, a route, a demo part, a subcommand).
    .target(
      name: "Guestbook",
      dependencies: [
        "SparrowServer", .product(name: "GRDB", package: "GRDB.swift"), .product(name: "PostgresNIO", package: "postgres-nio"),
      ],
      path: "Apps/Guestbook/Guestbook", swiftSettings: strict),
    .testTarget(
      name: "GuestbookTests",
      dependencies: ["Guestbook", "SparrowTestSupport", .product(name: "HummingbirdTesting", package: "hummingbird")],
      path: "Apps/Guestbook/GuestbookTests", swiftSettings: strict),
    // 团购's tests: its store contract on every engine, its API, its pages, its demo.
    .testTarget(
      name: "TuanTests",
      dependencies: ["TuanApp", "SparrowTestSupport", "SparrowMedia", .product(name: "HummingbirdTesting", package: "hummingbird")],
      path: "Apps/Tuan/TuanTests", swiftSettings: strict),
    // 打卡's tests: its store contract on every engine, its API, its pages, its demo.
    .testTarget(
      name: "DakaTests",
      dependencies: ["DakaApp", "SparrowTestSupport", "SparrowMedia", .product(name: "HummingbirdTesting", package: "hummingbird")],
      path: "Apps/Daka/DakaTests", swiftSettings: strict),
  ]
)
