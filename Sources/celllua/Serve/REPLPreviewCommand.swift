import CellImage
import CellLua
import CellRaster
import FoundationEssentials
import Glibc

/// `celllua -i script.lua --serve`: the REPL at the terminal and the preview
/// page together. The page lists the session's canvases, newest first, each
/// with the chunk that gave it: the script's result, every canvas an
/// evaluated chunk returns, and every `:show`. Each is a PNG taken when it
/// was shown (a canvas drawn on later is shown again as it is then). The
/// session ends as the REPL does (Ctrl-D, `:quit`), and the server with it.
struct REPLPreviewCommand {
    let runner: Runner

    func run() -> Int32 {
        let state = PreviewState(defaultScale: runner.options.scale, repl: true)
        guard let server = PreviewCommand.serve(PreviewRenderer(runner: runner, state: state)) else { return 1 }
        defer { server.stop() }
        return runner.runThenExplore(gallery: { canvas, expression in
            do {
                let png = try PNGCodec.encode(canvas.buffer)
                state.show(png: png, expression: expression, width: canvas.width, height: canvas.height)
            } catch {
                writeStandardError("celllua: cannot show the canvas: \(error)\n")
            }
        })
    }
}
