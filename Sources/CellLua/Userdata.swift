import CLua
import CellRaster

/// Swift objects as Lua userdata: the userdata block holds one retained
/// reference; the metatable (registered under the type's name, which is also
/// its `__name`) gives methods, fields, `__tostring` and a `__gc` that releases it.
///
/// After `__gc` the slot is nil, so a call on a collected object (possible from
/// a finalizer that resurrects it) is a clear error, not a dangling pointer.
/// An object whose memory lives outside the Lua heap but counts against
/// `--max-memory` while Lua holds it (a canvas' pixels).
protocol MemoryCharged: AnyObject {
    var chargedBytes: Int { get }
}

struct LuaClass {
    /// Registry key and `__name`: what messages call the type ("Canvas").
    let name: String
    let methods: [(String, HostFunction)]
    /// The type's fields: `__index` for keys that are not methods (`cl_index`
    /// finds the methods in C).
    let index: HostFunction
    let tostring: HostFunction
    /// Further metamethods (`__eq`, ...).
    var metamethods: [(String, HostFunction)] = []

    /// Creates the metatable in the registry (noted as class `slot`, see
    /// `cl_testclass`); methods go in its `__methods`.
    /// Its `__index` finds a method in C (`cl_index`) and calls `index`
    /// only for other keys.
    func register(_ lua: Lua, slot: Int32) {
        let L = lua.L
        luaL_newmetatable(L, name)
        cl_setclass(L, slot)
        lua_createtable(L, 0, Int32(methods.count))
        lua.setFunctions(methods, onTableAt: -1)
        cl_pushindex(L, index, -1)
        lua_setfield(L, -3, "__index")
        lua_setfield(L, -2, "__methods")
        lua.setFunctions([("__tostring", tostring), ("__gc", collect)] + metamethods, onTableAt: -1)
        cl_pop(L, 1)
    }
}

private let collect: HostFunction = { L in
    guarded(L) { lua in
        if let block = lua_touserdata(lua.L, 1) {
            let slot = block.assumingMemoryBound(to: UnsafeMutableRawPointer?.self)
            if let object = slot.pointee {
                let unmanaged = Unmanaged<AnyObject>.fromOpaque(object)
                if let charged = unmanaged.takeUnretainedValue() as? MemoryCharged {
                    LuaRuntime.current(lua.L).release(bytes: charged.chargedBytes)
                }
                if let canvas = unmanaged.takeUnretainedValue() as? Canvas {
                    LuaRuntime.current(lua.L).forgetHeldMemory(of: canvas)
                }
                unmanaged.release()
                slot.pointee = nil
            }
        }
        return 0
    }
}

extension Lua {
    /// The key of an `__index` call, if it is a string.
    var indexKey: String? {
        lua_type(L, 2) == LUA_TSTRING ? String(cString: cl_tostring(L, 2)) : nil
    }

    /// Pushes `object` as userdata of the class `type` (registered now if
    /// this is the state's first object of it).
    func pushObject(_ object: AnyObject, type: String) {
        let block = cl_newuserdata(L, MemoryLayout<UnsafeMutableRawPointer?>.size)!
        block.storeBytes(of: Unmanaged.passRetained(object).toOpaque(), as: UnsafeMutableRawPointer?.self)
        if lua_getfield(L, cl_registryindex(), type) == LUA_TNIL {
            cl_pop(L, 1)
            CellModule.registerClass(named: type, self)
            lua_getfield(L, cl_registryindex(), type)
        }
        lua_setmetatable(L, -2)
    }

    /// The object at `index` if it is live userdata of class `type`, else nil.
    func testObject<T: AnyObject>(_ index: Int32, type: String, as _: T.Type) -> T? {
        guard let block = userdata(index, type: type),
              let raw = block.load(as: UnsafeMutableRawPointer?.self) else { return nil }
        return object(raw, as: T.self)
    }

    /// `luaL_testudata` by the class' slot (`cl_testclass`: a pointer
    /// compare, as every method call checks its `self`).
    private func userdata(_ index: Int32, type: String) -> UnsafeMutableRawPointer? {
        guard let slot = CellModule.classSlot(named: type) else { return nil }
        return cl_testclass(L, index, slot)
    }

    /// The object a userdata block holds. Every bound class is final and
    /// only its binding makes userdata with its metatable, so comparing the
    /// object's class with `T` is the whole check: one pointer compare where
    /// `as?` runs the runtime's general cast.
    @inline(__always)
    private func object<T: AnyObject>(_ raw: UnsafeMutableRawPointer, as _: T.Type) -> T {
        let any = Unmanaged<AnyObject>.fromOpaque(raw).takeUnretainedValue()
        precondition(ObjectIdentifier(Swift.type(of: any)) == ObjectIdentifier(T.self),
                     "userdata of \(Swift.type(of: any)) under the metatable of \(T.self)")
        return unsafeDowncast(any, to: T.self)
    }

    /// The object at `index`, or an argument error ("Canvas expected, got nil").
    func checkObject<T: AnyObject>(_ index: Int32, type: String, as _: T.Type) throws -> T {
        guard let block = userdata(index, type: type) else {
            throw typeError(index, expected: type)
        }
        guard let raw = block.load(as: UnsafeMutableRawPointer?.self) else {
            throw LuaError.argument(index, "\(type) has been garbage-collected")
        }
        return object(raw, as: T.self)
    }
}
