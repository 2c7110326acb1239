import ArgumentParser
import CellImage
import CellLua
import FoundationEssentials
import Glibc

/// The command line of docs/reference.md. Parsing only: `Main` runs it.
struct CommandLineOptions: ParsableCommand {
    static let configuration: CommandConfiguration = {
        var configuration = plainConfiguration
        // swift-argument-parser looks for `--generate-completion-script` by
        // parsing the command line twice more, as two commands of its own,
        // before parsing it as ours: a tenth of every start. A configuration
        // with a super-command skips that look, so only a command line that
        // asks for a completion script (or the help dump) pays for it. With
        // the usage text given, the super-command shows nowhere else.
        let asks = CommandLine.arguments.dropFirst().contains {
            $0.hasPrefix("--generate-completion-script") || $0.hasPrefix("--experimental-dump-help")
        }
        if !asks { configuration._superCommandName = "" }
        return configuration
    }()

    private static let plainConfiguration = CommandConfiguration(
        commandName: "celllua",
        abstract: "Render iOS-style table views and 2D drawings from Lua scripts.",
        usage: """
            celllua [options] script.lua [options] [-- script args...]
            celllua [options] -          (the script from stdin)
            celllua [options]            (no script: the interactive REPL)
            """,
        discussion: """
            The result of a script is the canvas it returns (`return c`), or else the
            last canvas it created; it is written to --output, by default
            <script stem>.png in the current directory. A script that saves its own
            files returns false to have nothing else written. The path of every
            file written is printed on stdout; diagnostics go to stderr.

            Exit status: 0 success, 1 the script failed, 2 bad usage or unreadable input.

            Examples:
              celllua examples/hello.lua                 writes hello.png
              celllua examples/hello.lua -o out.ppm      PPM, composited over white
              celllua s.lua -o s.png -o s.svg -o s.pdf   three formats from one render
              celllua s.lua --all-variants --book s.pdf  every variant a page of one PDF
              celllua --scale 3 examples/hello.lua       3 pixels per point
              celllua -e 'c = cell.canvas(40, 40) c:fill_rect(0, 0, 20, 20)' -o sq.png  a script on the command line
              celllua --watch examples/hello.lua         re-render on each save
              celllua badge.lua -D count=7               cell.param("count", 1) returns 7
              celllua badge.lua --list-params            the parameters it reads, their types and ranges
              celllua badge.lua --variant dark           writes badge-dark.png
              celllua badge.lua --all-variants           a file per variant, on every core
              celllua icon.lua --scales 1,2,3            icon.png, icon@2x.png, icon@3x.png
              celllua badge.lua --all-variants --shard 2/4  the second of four shares
              celllua examples/hello.lua -o - | display  the PNG through a pipe
              celllua -i examples/hello.lua              run, then explore in the REPL
              celllua badge.lua --serve                  a live page with a control per parameter
              celllua -i badge.lua --serve               the REPL's canvases on that page
            """,
        version: "celllua \(Version.string)"
    )

    @Option(name: .shortAndLong, help: ArgumentHelp(
        "Where the result is written (repeatable: -o a.png -o a.svg writes both from one render); .png (RGBA, or RGB when every pixel is opaque), .jpg or .jpeg (JPEG over white), .webp (lossless unless a quality is given), .gif (256 colors, dithered), .ppm (over white), .pam (RGBA), or the drawing as vectors: .svg or .pdf (the page in points); - writes PNG to standard output (not a terminal). A script returning a list of canvases writes <stem>-<n>.<ext> each (a .pdf: one page each); an animation writes .gif, .webp, .png (APNG) or .mp4 (H.264 through ffmpeg, over white), other formats a file per frame.",
        valueName: "path"))
    var output: [String] = []

    @Option(help: ArgumentHelp(
        "Also put every render of the run (each variant, each scale, each canvas of a returned list) in this PDF, a page each, bookmarked by variant.",
        valueName: "path.pdf"))
    var book: String?

    @Option(help: ArgumentHelp(
        "Write each region the script marked with c:slice(name, x, y, w, h) as DIR/<name>.png, and <name>@2x.png ... at each of --scales, <name>-<variant>.png for variants.",
        valueName: "dir"))
    var slices: String?

    // Unconditional: `--scale -1` is a bad scale, not a missing value.
    @Option(parsing: .unconditional,
            help: ArgumentHelp("Pixels per point for canvases that do not set their own.", valueName: "n"))
    var scale: Double = 2

    @Option(name: .customShort("D", allowingJoined: true),
            help: ArgumentHelp("Set a parameter read by cell.param (repeatable).", valueName: "name=value"))
    var define: [String] = []

    @Option(help: ArgumentHelp("Render one entry of the script's variants table, to <stem>-<name>.<ext> or exactly to -o's path.", valueName: "name"))
    var variant: String?

    @Flag(help: "Render every variant, one file each: <stem>-<variant>.<ext>.")
    var allVariants = false

    @Flag(help: "Print the script's variant names, sorted, one per line; render nothing.")
    var listVariants = false

    @Flag(help: "Run the script once (with -D) and print every parameter it read with cell.param: name, type, default, then range, step, choices and label where given, one per line; write nothing.")
    var listParams = false

    @Flag(help: "With --list-params: print the parameters as a JSON array of objects (name, type, default, min, max, step, choices, label, doc).")
    var json = false

    @Option(help: ArgumentHelp(
        "With --all-variants or --list-variants: only the variants at sorted positions i (from 0) with i % N == K - 1, so N jobs split a batch with no overlap and nothing left out.",
        valueName: "K/N"))
    var shard: String?

    @Option(help: ArgumentHelp(
        "Render at each of these scales (e.g. 1,2,3), named as iOS names them: <stem>.png at 1, <stem>@2x.png, <stem>@3x.png (with variants <stem>-<variant>@2x.png). A canvas that sets its own scale gets it times the listed scale over --scale.",
        valueName: "list"))
    var scales: String?

    @Option(parsing: .unconditional, help: ArgumentHelp("With --all-variants: how many variants render at once (default: one per core).",
                               valueName: "n"))
    var jobs: Int?

    @Flag(help: "With --all-variants: also write <stem>-sheet.png with every variant, labelled.")
    var sheet = false

    @Option(help: ArgumentHelp("The sheet's order: name (the default) or variants (the order the variants list of pairs or variant_order gives).", valueName: "order"))
    var sheetOrder: String?

    @Option(parsing: .unconditional, help: ArgumentHelp(
        "Threads each canvas draws on (default: every core, at most 8, or CELLLUA_THREADS; 1: one thread).",
        valueName: "n"))
    var threads: Int?

    @Flag(help: "Render, then re-render whenever the script or a file it loaded changes; errors are printed and the last good output is kept. Ctrl-C stops.")
    var watch = false

    @Flag(help: "Serve a live preview of the script in the browser (every variant, each scale, a control for each cell.param), updated in place on each save; prints its URL. Ctrl-C stops. With -i: the page shows the REPL's canvases.")
    var serve = false

    @Option(help: ArgumentHelp("The preview's port (default 7787; 0 picks a free one).", valueName: "n"))
    var port: Int?

    @Option(help: ArgumentHelp("The address the preview listens on (default 127.0.0.1: this machine only; any other address lets anyone who reaches the port read the renders, and warns so).",
                               valueName: "addr"))
    var host: String?

    @Flag(name: .customShort("i"), help: "Run the script, then enter the REPL with its globals; the result is written only with -o.")
    var interactive = false

    @Option(name: .customShort("e"), help: ArgumentHelp(
        "Run CODE before the script; with no script, CODE is the whole run.", valueName: "code"))
    var execute: [String] = []

    @Option(parsing: .unconditional, help: ArgumentHelp("Stop a script that runs longer than this.", valueName: "seconds"))
    var timeout: Double?

    @Option(parsing: .unconditional, help: ArgumentHelp(
        "Stop a script whose memory (Lua heap, canvases, layers, clip masks, paths, images) would exceed this (default 2048).",
        valueName: "MB"))
    var maxMemory: Double?

    @Option(parsing: .unconditional, help: ArgumentHelp(
        "Quality of lossy output, 1 to 100: JPEG (.jpg, c:jpeg(); default 90), WebP (.webp, c:webp(); lossless without it), MP4 (the encoder's constant rate factor, 51 - 0.37 x quality; default 23).", valueName: "1-100"))
    var quality: Int?

    @Option(help: ArgumentHelp(
        "How .svg output writes text: outline (glyph outlines, the same everywhere) or text (<text> with font family, size and weight, editable in design tools; outlines remain where a font cannot be named).",
        valueName: "outline|text"))
    var svgText = "outline"

    /// What a run may hold when --max-memory is not given: hostile scripts
    /// (a loop of layers, a runaway string) stop here instead of filling the
    /// machine.
    static let defaultMaxMemory = 2048.0

    @Flag(help: "Run the script without io, os but clock/time/date/difftime, debug but traceback, package.loadlib and C modules, or binary chunks (load, loadfile, dofile and require read text); c:save(path) is refused: output only through -o.")
    var sandbox = false

    @Argument(help: ArgumentHelp("The Lua script to run; - reads it from stdin (output: out.png).", valueName: "script.lua"))
    var script: String?

    @Argument(parsing: .postTerminator, help: ArgumentHelp("Arguments for the script's arg table.", visibility: .hidden))
    var scriptArguments: [String] = []

    mutating func validate() throws {
        guard scale.isFinite, scale > 0, scale <= 64 else {
            throw ValidationError("--scale must be a number in (0, 64], got \(scale)")
        }
        if let threads, !(1...64).contains(threads) {
            throw ValidationError("--threads must be a whole number from 1 to 64, got \(threads)")
        }
        if let timeout, !(timeout.isFinite && timeout > 0) {
            throw ValidationError("--timeout must be a positive number of seconds")
        }
        if let quality, !(1...100).contains(quality) {
            throw ValidationError("--quality must be a whole number from 1 to 100, got \(quality)")
        }
        if !["outline", "text"].contains(svgText) {
            throw ValidationError("--svg-text must be outline or text, got '\(svgText)'")
        }
        if let maxMemory, !(maxMemory.isFinite && maxMemory > 0 && maxMemory < 1e9) {
            throw ValidationError("--max-memory must be a positive number of megabytes, below 1e9")
        }
        for d in define where !d.contains("=") {
            throw ValidationError("-D expects name=value, got '\(d)'")
        }
        var seen: Set<String> = []
        for path in output {
            guard seen.insert(path).inserted else { throw ValidationError("-o \(path) is given twice") }
            if path == "-" {
                // The image as PNG on standard output, for pipes.
                if isatty(STDOUT_FILENO) != 0 {
                    throw ValidationError("-o - writes the image to standard output, which is a terminal here; pipe it (celllua s.lua -o - | display) or give a file name")
                }
                if allVariants || watch || interactive || renderScales.count > 1 {
                    throw ValidationError("-o - writes one image: it does not go with --all-variants, --watch, -i or several --scales")
                }
                continue
            }
            do {
                _ = try ImageFormat.forPath(path)
            } catch {
                throw ValidationError("\(error)")
            }
        }
        if let book {
            guard (try? ImageFormat.forPath(book)) == .pdf else {
                throw ValidationError("--book writes a PDF: give a path ending in .pdf, got '\(book)'")
            }
            if seen.contains(book) { throw ValidationError("--book \(book) is also given as -o") }
        }
        if let slices, slices.isEmpty { throw ValidationError("--slices needs a folder") }
        if sheet && !allVariants { throw ValidationError("--sheet goes with --all-variants") }
        if let sheetOrder {
            guard ["name", "variants"].contains(sheetOrder) else {
                throw ValidationError("--sheet-order is name or variants, got '\(sheetOrder)'")
            }
            if !sheet { throw ValidationError("--sheet-order goes with --sheet") }
        }
        if let jobs, jobs < 1 { throw ValidationError("--jobs must be at least 1") }
        if jobs != nil && !allVariants { throw ValidationError("--jobs goes with --all-variants") }
        if variant != nil && allVariants { throw ValidationError("--variant and --all-variants exclude each other") }
        if (variant != nil || allVariants) && interactive {
            throw ValidationError("-i does not go with --variant or --all-variants")
        }
        if watch && script == nil { throw ValidationError("--watch needs a script to watch") }
        if script == "-" && (watch || interactive) {
            throw ValidationError("a script read from stdin (-) cannot be watched or followed by the REPL")
        }
        if watch && interactive { throw ValidationError("--watch cannot be combined with -i") }
        if serve {
            // With -i the page shows the REPL's canvases: a script is optional.
            if (script == nil && !interactive) || script == "-" {
                throw ValidationError("--serve needs a script file to preview")
            }
            if watch || allVariants || variant != nil || listVariants || sheet || !output.isEmpty
                || scales != nil || shard != nil || book != nil || slices != nil {
                throw ValidationError("--serve shows every variant at every scale itself: it goes with -i, -D, --scale, --sandbox, --timeout, --max-memory, --threads, --port and --host")
            }
        }
        if let port, !(0...65535).contains(port) { throw ValidationError("--port must be from 0 to 65535, got \(port)") }
        if (port != nil || host != nil) && !serve { throw ValidationError("--port and --host go with --serve") }
        if listVariants && (variant != nil || allVariants || interactive || watch || sheet || scales != nil
            || book != nil || slices != nil) {
            throw ValidationError("--list-variants only prints names: it goes with a script, -D and --shard")
        }
        if listParams && (listVariants || variant != nil || allVariants || interactive || watch || serve || sheet
            || scales != nil || shard != nil || book != nil || slices != nil || !output.isEmpty) {
            throw ValidationError("--list-params only prints the parameters: it goes with a script, -D and --json")
        }
        if listParams && script == nil && execute.isEmpty { throw ValidationError("--list-params needs a script") }
        if json && !listParams { throw ValidationError("--json goes with --list-params") }
        if let shard {
            guard Self.parseShard(shard) != nil else {
                throw ValidationError("--shard expects K/N with 1 <= K <= N (e.g. 2/4), got '\(shard)'")
            }
            if !allVariants && !listVariants { throw ValidationError("--shard goes with --all-variants or --list-variants") }
        }
        if let scales {
            guard Self.parseScales(scales) != nil else {
                throw ValidationError("--scales expects scales in (0, 64] separated by commas (e.g. 1,2,3), got '\(scales)'")
            }
            if interactive { throw ValidationError("-i does not go with --scales") }
        }
    }

    /// `--shard K/N` as (K, N), nil when it is not two whole numbers with 1 <= K <= N.
    static func parseShard(_ text: String) -> (k: Int, n: Int)? {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let k = Int(parts[0]), let n = Int(parts[1]), n >= 1, (1...n).contains(k) else { return nil }
        return (k, n)
    }

    /// `--scales 1,2,3` as [1, 2, 3] (order kept, repeats dropped), nil when
    /// an entry is not a scale in (0, 64].
    static func parseScales(_ text: String) -> [Double]? {
        var out: [Double] = []
        for part in text.split(separator: ",", omittingEmptySubsequences: false) {
            let trimmed = String(part.filter { $0 != " " })
            guard let s = Double(trimmed), s.isFinite, s > 0, s <= 64 else { return nil }
            if !out.contains(s) { out.append(s) }
        }
        return out.isEmpty ? nil : out
    }

    /// The scales to render at: `--scales`, else just `--scale`.
    var renderScales: [Double] { scales.flatMap(Self.parseScales) ?? [scale] }

    /// `path` for scale `s` as iOS names it: unchanged at 1 (and for a run
    /// without `--scales`), `<stem>@<s>x.<ext>` otherwise.
    func scaledPath(_ path: String, scale s: Double) -> String {
        guard scales != nil, s != 1 else { return path }
        let ext = PathName.pathExtension(path)
        return PathName.deletingExtension(path) + "@\(Self.scaleText(s))x" + (ext.isEmpty ? "" : ".\(ext)")
    }

    /// A scale as file names and messages show it: 2, 1.5.
    static func scaleText(_ s: Double) -> String {
        s.rounded() == s && abs(s) < 1e9 ? String(Int(s)) : String(s)
    }
}

enum Version {
    /// `CellModule.version` and the Lua it embeds.
    static let string = "\(CellModule.version) (Lua 5.4)"
}
