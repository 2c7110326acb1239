// swift-tools-version:6.0
// Benchmarks for celllua: per-frame time of each scene in-process, celllua
// against cairo drawing the same scene in the same run. Run it through
// `scripts/bench` at the repository root; see README.md here.
//
// cairo is an oracle for the benchmark only: it is linked by this package and
// never by a target of the root package.
import PackageDescription

let package = Package(
    name: "CellluaBenchmarks",
    dependencies: [
        // The root package, by path. The name lets the product references below
        // work whatever the clone's folder is called.
        .package(name: "celllua", path: ".."),
        // The root package's own dependency (resolved from the same place).
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
    ],
    targets: [
        // cairo from the system (libcairo2-dev), for the comparison side only.
        .systemLibrary(
            name: "CCairo",
            pkgConfig: "cairo",
            providers: [.apt(["libcairo2-dev"])]
        ),
        .executableTarget(
            name: "cellbench",
            dependencies: [
                "CCairo",
                .product(name: "CellLua", package: "celllua"),
                .product(name: "CellRaster", package: "celllua"),
                .product(name: "CellImage", package: "celllua"),
                .product(name: "CellText", package: "celllua"),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
    ]
)
