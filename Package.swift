// swift-tools-version:6.0
// celllua: a Core-Graphics-style 2D engine and iOS table-view kit, scripted in Lua 5.4.
// Targets depend downward only; engine targets (CellGeometry, CellRaster, CellImage)
// never import Lua. See docs/architecture.md for the map.
import PackageDescription

// CellRasterAVX2 is compiled for Haswell's instruction set (AVX2, FMA,
// BMI): x86-64 only; elsewhere its loops are left out and never called.
#if arch(x86_64)
let avx2Settings: [SwiftSetting] = [.unsafeFlags(["-target-cpu", "haswell"])]
#else
let avx2Settings: [SwiftSetting] = []
#endif
/// The engine's targets, and the text, kit and binding layers that call them
/// per drawing call, skip the run-time exclusivity checks: their hot paths
/// read and write class-held state, where each check is a call
/// (swift_beginAccess). Static checks stay; see docs/architecture.md.
let engineSettings: [SwiftSetting] = [.unsafeFlags(["-enforce-exclusivity=unchecked"])]

/// Where FreeType's and HarfBuzz's headers are (Debian and Ubuntu give
/// each a folder of its own; fontconfig's are in /usr/include). Named here
/// rather than through pkg-config, which would also link the libraries at
/// start; CTextLibraries opens them with the first font instead.
let textHeaders = ["/usr/include/freetype2", "/usr/include/harfbuzz"]
let textSwiftSettings: [SwiftSetting] = [.unsafeFlags(textHeaders.flatMap { ["-Xcc", "-I" + $0] })]

/// Set by `scripts/test --tsan` and `--asan` for their builds.
let sanitized = Context.environment["CELLLUA_SANITIZED"] != nil

let package = Package(
    name: "celllua",
    products: [
        .executable(name: "celllua", targets: ["celllua"]),
        // Libraries for the benchmark package (Benchmarks/) and embedders.
        .library(name: "CellGeometry", targets: ["CellGeometry"]),
        .library(name: "CellRaster", targets: ["CellRaster"]),
        .library(name: "CellImage", targets: ["CellImage"]),
        .library(name: "CellVector", targets: ["CellVector"]),
        .library(name: "CellText", targets: ["CellText"]),
        // The table kit: a Swift program renders tables with it, no Lua needed.
        .library(name: "CellKit", targets: ["CellKit"]),
        .library(name: "CellLua", targets: ["CellLua"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        // The live preview's HTTP server (`--serve`).
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
    ],
    targets: [
        // Lua 5.4 from the system (liblua5.4-dev) plus a header-only shim: static
        // inline wrappers for Lua's macros and the error trampoline that keeps
        // longjmp out of Swift frames.
        .systemLibrary(
            name: "CLua",
            pkgConfig: "lua5.4",
            providers: [.apt(["liblua5.4-dev"])]
        ),
        // libpng behind a small C codec: libpng reports errors by longjmp, so the
        // setjmp and every libpng call live in C and Swift sees status codes.
        // libpng and zlib are linked statically (libpng-dev's and zlib1g-dev's
        // archives): the loader then maps and binds two libraries fewer at
        // every start (~8% of `celllua -e 'x=1'`). FreeType, opened with the
        // first font, brings its own shared copies; the executable exports
        // none of these symbols, so the two never meet.
        .target(
            name: "CPNG",
            linkerSettings: [.linkedLibrary(":libpng16.a"), .linkedLibrary(":libz.a")]
        ),
        // The REPL's terminal side: libedit (BSD licensed, libedit-dev) for line
        // editing, history and completion, and the SIGINT handler. C because
        // libedit's configuration calls are variadic; used only by `celllua`.
        .target(name: "CEdit", dependencies: ["CLazyLibrary"]),
        // Text: FreeType for glyph outlines, fontconfig for finding fonts by
        // name, HarfBuzz for shaping; used only by CellText.
        // Headers only (no pkg-config, no link): CTextLibraries opens the
        // libraries when the first font is needed; `textHeaders` says where
        // their headers are.
        .systemLibrary(name: "CFreeType", providers: [.apt(["libfreetype-dev"])]),
        .systemLibrary(name: "CFontconfig", providers: [.apt(["libfontconfig-dev"])]),
        .systemLibrary(name: "CHarfBuzz", providers: [.apt(["libharfbuzz-dev"])]),
        // The three opened with the first font, not at start: each function
        // CellText calls, defined with the library's prototype and calling
        // it through a pointer (written by scripts/make-text-libraries).
        .target(name: "CTextLibraries", dependencies: ["CLazyLibrary", "CFreeType", "CFontconfig", "CHarfBuzz"],
                cSettings: [.unsafeFlags(textHeaders.map { "-I" + $0 })]),
        // Polygon booleans: Clipper 6 (libpolyclipping-dev, C++) behind a C
        // interface that catches its exceptions; used by CellGeometry's
        // path booleans (union, intersection, difference, xor).
        .target(
            name: "CClipper",
            linkerSettings: [.linkedLibrary("polyclipping"), .linkedLibrary("stdc++")]
        ),
        .target(name: "CellGeometry", dependencies: ["CClipper"], swiftSettings: engineSettings),
        // wmemset from the C library (glibc picks the best version for the
        // machine at load time), for long runs of one 32-bit pixel.
        .systemLibrary(name: "CLibcFill"),
        // Which instruction set level the processor runs (cpuid), read once by
        // CellRaster to choose between its baseline loops and CellRasterAVX2's.
        .systemLibrary(name: "CCPUFeatures"),
        // CellRaster's widest pixel loops, compiled for the x86-64-v3 level
        // (AVX2) and called only on machines that have it.
        .target(name: "CellRasterAVX2", swiftSettings: avx2Settings),
        .target(name: "CellRaster", dependencies: ["CellGeometry", "CLibcFill", "CCPUFeatures", "CellRasterAVX2"],
                swiftSettings: engineSettings),
        // Libraries only some runs use (the JPEG, WebP and GIF codecs, the
        // REPL's line editor, the text libraries), opened by their shims on
        // first use rather than at every start.
        .target(name: "CLazyLibrary"),
        // libjpeg (libjpeg-turbo) behind a small C decoder, as libpng is: its
        // errors longjmp out of error_exit.
        .target(name: "CJPEG", dependencies: ["CLazyLibrary"]),
        // libwebp (still WebP) and libwebpmux (WebPAnimEncoder: animated WebP)
        // behind a small C encoder that turns their error codes into messages.
        .target(name: "CWebP", dependencies: ["CLazyLibrary"]),
        // GIF: libimagequant chooses each frame's dithered palette, giflib
        // writes the file; C for the pixel loops of frame differences.
        .target(name: "CGIF", dependencies: ["CLazyLibrary"]),
        // zlib (zlib1g-dev, which libpng needs anyway), for PDF's compressed
        // streams and APNG's chunk checksums; linked statically (see CPNG).
        .systemLibrary(name: "CZlib", providers: [.apt(["zlib1g-dev"])]),
        .target(name: "CellImage", dependencies: ["CellRaster", "CPNG", "CJPEG", "CWebP", "CGIF", "CZlib"]),
        // SVG and PDF: a recording canvas' drawing written as vectors.
        .target(name: "CellVector", dependencies: ["CellGeometry", "CellRaster", "CellImage", "CZlib"]),
        // Fonts, shaping, glyph outlines as paths, metrics and line layout.
        .target(name: "CellText", dependencies: ["CellGeometry", "CFreeType", "CFontconfig", "CHarfBuzz", "CTextLibraries"],
                swiftSettings: textSwiftSettings + engineSettings),
        // The table kit: the seeds' components and grouped-table layout, on
        // the engine API (no Lua).
        .target(name: "CellKit", dependencies: ["CellGeometry", "CellRaster", "CellText"], swiftSettings: engineSettings),
        .target(
            name: "CellLua",
            dependencies: ["CLua", "CellGeometry", "CellRaster", "CellImage", "CellText", "CellKit", "CellVector"],
            swiftSettings: engineSettings
        ),
        .executableTarget(
            name: "celllua",
            dependencies: [
                "CellLua",
                "CellImage",
                "CellRaster",
                "CellText",
                "CEdit",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOWebSocket", package: "swift-nio"),
            ],
            exclude: ["exports.map"],
            // Only `main` in the dynamic symbol table: SwiftPM links
            // executables with every Swift symbol exported (about 14,000),
            // which the loader walks at each start (~0.5 ms). Nothing loads
            // symbols from the executable: Lua's C modules find lua_* in
            // liblua, backtraces read the full symbol table. Linked by the
            // toolchain's lld rather than gold: the same relocations, a
            // start ~10% shorter (`celllua -e 'x=1'`, medians of 100). Its
            // relative relocations packed (DT_RELR, glibc 2.36 and later): the
            // table of 55,000 shrinks from 1.3 MB to 11 KB, ~3% of a start.
            // Linked at a fixed address (not position-independent, as Go
            // links by default): those relocations then are done by the
            // linker, not at every start, where each wrote into a page of
            // Swift's metadata and so copied it (~140 page faults, ~10% of
            // `celllua -e 'x=1'`). The cost: no address randomisation of the
            // executable itself (libraries, heap and stack still move).
            // Sanitizer builds (`scripts/test --tsan`, `--asan`: they set
            // CELLLUA_SANITIZED) export every symbol: the sanitizer's runtime,
            // linked into the executable, must stand in for malloc and its
            // kin for the shared Swift runtime too, or memory one allocator
            // handed out is measured by the other.
            linkerSettings: [.unsafeFlags(["-use-ld=lld", "-Xclang-linker", "-no-pie",
                                           "-Xlinker", "-z", "-Xlinker", "pack-relative-relocs"]
                                          + (sanitized ? [] : ["-Xlinker", "--version-script=\(Context.packageDirectory)/Sources/celllua/exports.map"]))]
        ),
        // cairo, for tests only: an independent renderer to compare against.
        // Never a dependency of celllua itself.
        .systemLibrary(name: "CairoOracle", pkgConfig: "cairo", providers: [.apt(["libcairo2-dev"])]),
        // Golden-image comparison and diff images, shared by the test targets.
        .target(name: "CellTestSupport", dependencies: ["CellRaster", "CellImage"], path: "Tests/Support"),
        .testTarget(name: "CellGeometryTests", dependencies: ["CellGeometry"]),
        .testTarget(name: "CellRasterTests", dependencies: ["CellRaster", "CellRasterAVX2", "CellTestSupport", "CairoOracle"]),
        // The kit against the seeds' own drawing steps written for cairo, and
        // the table's layout, stretchers and hit testing as plain geometry.
        .testTarget(
            name: "CellKitTests",
            dependencies: ["CellKit", "CellRaster", "CellGeometry", "CellText", "CellTestSupport", "CairoOracle"]
        ),
        .testTarget(
            name: "CellImageTests",
            dependencies: ["CellImage", "CellRaster", "CellTestSupport"],
            exclude: ["Fixtures"]  // PNGs and their expected pixels, read from the source tree
        ),
        .testTarget(name: "CellTextTests", dependencies: ["CellText", "CellGeometry", "CellRaster", "CellTestSupport", "CairoOracle", "CFreeType"],
                    swiftSettings: textSwiftSettings),
        .testTarget(
            name: "CellLuaTests",
            dependencies: ["CellLua", "CellRaster", "CellImage", "CellText", "CellTestSupport"],
            exclude: ["Golden"]  // scene scripts and images, read from the source tree
        ),
        .testTarget(
            name: "CellVectorTests",
            dependencies: ["CellVector", "CellRaster", "CellGeometry", "CellImage", "CellLua", "CellTestSupport"]
        ),
        .testTarget(
            name: "CellluaCLITests",
            dependencies: ["CellImage", "CellRaster", "CellTestSupport"]
        ),
    ]
)
