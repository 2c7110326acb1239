import CEdit
import CellLua

/// Routes Ctrl-C (SIGINT) in the REPL, so that it stops the running chunk and
/// never the program.
///
/// While a chunk runs, the signal handler (in C, CEdit) calls the runtime's
/// async-signal-safe interrupt function, and the chunk raises "interrupted!"
/// at its next instruction. At a terminal the handler stays installed for the
/// whole session, because at the prompt Ctrl-C drops the line being typed (the
/// line editor sees it); with piped input it is installed only around each
/// evaluation, so Ctrl-C while waiting for input ends celllua, as it does `lua`.
final class InterruptRouter {
    private let runtime: LuaRuntime
    private let wholeSession: Bool

    init(runtime: LuaRuntime, wholeSession: Bool) {
        self.runtime = runtime
        self.wholeSession = wholeSession
        if wholeSession { ce_sigint_install() }
    }

    /// Runs `body` (which runs Lua code) with Ctrl-C interrupting it. An
    /// interrupt that lands after the chunk finished is forgotten, so it cannot
    /// fail the next one.
    func interruptible<T>(_ body: () throws -> T) rethrows -> T {
        if !wholeSession { ce_sigint_install() }
        let handler = runtime.interruptHandler
        runtime.clearInterrupt()
        ce_sigint_forward(handler.function, handler.context)
        // A Ctrl-C typed after Return but before forwarding began is meant for this chunk.
        if ce_sigint_take() != 0 { runtime.interrupt() }
        defer {
            ce_sigint_forward(nil, nil)
            runtime.clearInterrupt()
            if !wholeSession { ce_sigint_remove() }
        }
        return try body()
    }

    /// Puts back the handler that was there before.
    func close() {
        ce_sigint_remove()
    }
}
