import CLua

/// A Swift function callable from Lua through the C trampoline. It must be a
/// closure without captures (it becomes a C function pointer); it returns the
/// number of results it pushed, or `hostError` with a message on the stack.
public typealias HostFunction = @convention(c) (OpaquePointer?) -> Int32

/// What a host function returns to make the trampoline raise the value on top.
let hostError: Int32 = -1

/// Runs a host function body: a thrown `LuaError` (or any other error) becomes
/// a pushed message and `hostError`, which the trampoline raises in C.
@inline(__always)
func guarded(_ L: OpaquePointer?, _ body: (Lua) throws -> Int32) -> Int32 {
    let lua = Lua(L!)
    do {
        return try body(lua)
    } catch let error as LuaError {
        error.push(lua.L)
        return hostError
    } catch {
        cl_pusherror(lua.L, "\(error)")
        return hostError
    }
}

extension Lua {
    /// Pushes a host function as a Lua function.
    func push(_ fn: HostFunction) {
        cl_pushhostfunction(L, fn)
    }

    /// Sets `table[name] = fn` for each entry, for the table at `index`.
    func setFunctions(_ functions: [(String, HostFunction)], onTableAt index: Int32) {
        let table = lua_absindex(L, index)
        for (name, fn) in functions {
            push(fn)
            // withCString: the implicit String-to-pointer conversion copies a
            // short name into a new array on the heap, ~800 times a runtime.
            name.withCString { lua_setfield(L, table, $0) }
        }
    }
}
