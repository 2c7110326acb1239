import Foundation

/// `cellbench --scaling`: how the reference scene's frame time grows with the
/// canvas (scale 1, 2, 3 at the reference scene's 20 rows: time per megapixel) and with
/// the table (20, 200, 2000 rows: time per row), celllua (a fresh runtime per
/// frame) against cairo, each side measured in a process of its own so that
/// its peak RSS is its own.
///
/// The rows runs are at scale 0.25. The canvas is a full-length export, 320 pt
/// wide and 120 + 48 pt per row tall: 2000 rows are 96,120 pt. celllua's
/// canvases are at most 32,767 px a side and 2^27 px in all
/// (CellRaster's CanvasLimits; cairo's image surfaces have the same 32,767 px
/// side limit), so 2000 rows fit only below scale 0.34; at 0.25 they are
/// 80x24030 px (7.3 MiB of pixels), and 20 rows 80x270 px. At that scale the
/// pixels are few and the time is mostly each row's own work (its layer, its
/// paths, its text): what must grow linearly with the rows.
struct Scaling {
    static let rowsScale = 0.25
    static let scales: [Double] = [1, 2, 3]
    static let rowCounts = [20, 200, 2000]

    let bench: CellBench
    let directory: String

    func run() throws {
        let base = try bench.isolated(.idle, Scene.reference(), directory: directory)

        var bySize: [[String]] = [["scale", "pixels", "Mpx", "celllua ms", "cairo ms", "in turn celllua/cairo",
                                   "celllua ms/Mpx", "cairo ms/Mpx", "celllua MiB", "cairo MiB", "frames"]]
        for scale in Self.scales {
            let scene = Scene.reference(rows: 20, scale: scale)
            let (ours, theirs, paired) = try measure(scene)
            let mpx = Double(scene.pixelWidth * scene.pixelHeight) / 1e6
            bySize.append([scale.shortText, "\(scene.pixelWidth)x\(scene.pixelHeight)", String(format: "%.2f", mpx),
                           ms(ours.timing.median), ms(theirs.timing.median), ratio(paired),
                           ms(ours.timing.median / mpx), ms(theirs.timing.median / mpx),
                           mib(ours), mib(theirs), "\(ours.timing.frames)/\(theirs.timing.frames)"])
        }

        var byRows: [[String]] = [["rows", "pixels", "celllua ms", "cairo ms", "in turn celllua/cairo", "celllua ms/row",
                                   "cairo ms/row", "celllua +ms/row", "cairo +ms/row", "celllua MiB", "cairo MiB",
                                   "frames"]]
        var previous: (rows: Int, ours: Double, theirs: Double)?
        for rows in Self.rowCounts {
            let scene = Scene.reference(rows: rows, scale: Self.rowsScale)
            let (ours, theirs, paired) = try measure(scene)
            let n = Double(rows)
            var marginal = ["-", "-"]
            if let p = previous {
                let added = Double(rows - p.rows)
                marginal = [ms4((ours.timing.median - p.ours) / added), ms4((theirs.timing.median - p.theirs) / added)]
            }
            byRows.append(["\(rows)", "\(scene.pixelWidth)x\(scene.pixelHeight)", ms(ours.timing.median),
                           ms(theirs.timing.median), ratio(paired), ms4(ours.timing.median / n),
                           ms4(theirs.timing.median / n)] + marginal
                          + [mib(ours), mib(theirs), "\(ours.timing.frames)/\(theirs.timing.frames)"])
            previous = (rows, ours.timing.median, theirs.timing.median)
        }

        print("reference scene by canvas size (20 rows):")
        printColumns(bySize, left: 2)
        print()
        print("reference scene by rows (scale \(Self.rowsScale.shortText)):")
        printColumns(byRows, left: 2)
        print("ms = median per frame after warm-up, each side in a process of its own; in turn celllua/cairo = median ratio of celllua (fresh) and cairo frames timed in turn in one process (cellbench --child pair); celllua = fresh LuaRuntime per frame; +ms/row = added time per added row since the line above.")
        print(String(format: "MiB = peak RSS of the process that measured that side alone; a process that draws nothing peaks at %.1f MiB.",
                     base.peakMiB ?? 0))
    }

    func measure(_ scene: Scene) throws -> (CellBench.Measured, CellBench.Measured, Paired) {
        try bench.verify(scene, script: directory + "/" + scene.scriptName)
        let label = "reference, \(scene.rows ?? 0) rows, scale \(scene.scale.shortText)"
        bench.progress("\(label): celllua (own process)")
        let ours = try bench.isolated(.fresh, scene, directory: directory)
        bench.progress("\(label): cairo (own process)")
        let theirs = try bench.isolated(.cairo, scene, directory: directory)
        bench.progress("\(label): celllua, one-thread celllua and cairo in turn (own process)")
        let paired = try bench.isolatedPair(scene, directory: directory)
        return (ours, theirs, paired)
    }

    func ms(_ seconds: Double) -> String { String(format: "%.2f", seconds * 1000) }
    func ms4(_ seconds: Double) -> String { String(format: "%.4f", seconds * 1000) }
    func ratio(_ paired: Paired) -> String { String(format: "%.2fx", paired.ratios[0]) }
    func mib(_ m: CellBench.Measured) -> String { m.peakMiB.map { String(format: "%.1f", $0) } ?? "-" }
}
