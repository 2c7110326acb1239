import CellLua
import CellRaster
import Foundation

/// One invocation: run `-e` code and the script in one runtime, write the
/// result canvas, then maybe enter the REPL.
struct Runner {
    let options: CommandLineOptions

    func run() -> Int32 {
        let runtime = makeRuntime()
        let interactiveOnly = options.script == nil && options.execute.isEmpty
        if interactiveOnly {
            return REPL(runtime: runtime, script: nil).run()
        }
        var result: Canvas? = nil
        do {
            for code in options.execute {
                if let c = try runtime.run(code: code) { result = c }
            }
            if let script = options.script {
                result = try runtime.run(scriptAt: script, args: options.scriptArguments)
            }
        } catch let error as ScriptError {
            report(error.description)
            if case .unreadable = error { return 2 }
            return 1
        } catch {
            report("\(error)")
            return 1
        }
        if let status = writeResult(result ?? runtime.lastCanvas, runtime: runtime) { return status }
        if options.interactive {
            return REPL(runtime: runtime, script: options.script, scriptArguments: options.scriptArguments).run()
        }
        return 0
    }

    private func makeRuntime() -> LuaRuntime {
        var settings = LuaRuntime.Options()
        settings.defaultScale = options.scale
        settings.timeout = options.timeout
        if let mb = options.maxMemory { settings.maxMemory = Int(mb * 1_048_576) }
        let runtime = LuaRuntime(options: settings)
        runtime.fileWritten = { path in
            print(path)
            fflush(nil)
        }
        return runtime
    }

    /// Writes the result canvas; returns an exit status on failure, else nil.
    private func writeResult(_ canvas: Canvas?, runtime: LuaRuntime) -> Int32? {
        guard let canvas else {
            if let output = options.output {
                report("celllua: the script created no canvas, so nothing was written to \(output)")
                return 1
            }
            return nil
        }
        let path = options.output ?? defaultOutputName
        do {
            // -o is relative to the current directory, not the script's folder.
            try runtime.write(canvas, toCurrentDirectoryPath: path)
        } catch {
            report("celllua: \(error)")
            return 1
        }
        return nil
    }

    /// `<script stem>.png` in the current directory; `out.png` for `-e` code.
    var defaultOutputName: String {
        guard let script = options.script else { return "out.png" }
        let name = (script as NSString).lastPathComponent
        let stem = (name as NSString).deletingPathExtension
        return (stem.isEmpty ? name : stem) + ".png"
    }

    private func report(_ message: String) {
        FileHandle.standardError.write(Data((message + "\n").utf8))
    }
}
