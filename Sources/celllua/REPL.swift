import CellLua
import Foundation

/// The interactive loop: like `lua`'s own. Expressions print their values,
/// an incomplete chunk continues on the next line, and prompts appear only
/// when stdin is a terminal (so piped input gives clean output).
struct REPL {
    let runtime: LuaRuntime

    func run() -> Int32 {
        let terminal = isatty(STDIN_FILENO) != 0
        if terminal {
            print("celllua \(Version.string) -- the `cell` module is loaded; Ctrl-D exits")
        }
        var pending = ""
        while true {
            if terminal {
                print(pending.isEmpty ? "> " : ">> ", terminator: "")
                fflush(nil)
            }
            guard let line = readLine(strippingNewline: true) else { break }
            pending = pending.isEmpty ? line : pending + "\n" + line
            switch runtime.evaluate(pending) {
            case .incomplete:
                continue
            case .done:
                break
            case .failed(let message):
                FileHandle.standardError.write(Data((message + "\n").utf8))
            }
            fflush(nil)
            pending = ""
        }
        if terminal { print("") }
        return 0
    }
}
