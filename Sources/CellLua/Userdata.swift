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

/// A bound class as the binding names it: its name (for messages and the
/// registry) and its slot in `CellModule.classes`, found once. Checking an
/// argument's class or pushing an object goes by the slot: a pointer
/// compare or a pointer-keyed look-up, where the name cost string compares
/// and a C string per call.
struct LuaClassTag: Sendable {
    let name: String
    let slot: Int32

    init(_ name: String) {
        guard let slot = CellModule.classSlot(named: name) else { preconditionFailure("no class named \(name)") }
        self.name = name
        self.slot = slot
    }
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
                releaseCharges(of: unmanaged.takeUnretainedValue(), in: LuaRuntime.current(lua.L))
                unmanaged.release()
                slot.pointee = nil
            }
        }
        return 0
    }
}

/// Gives back what a collected object counted against `--max-memory` (a
/// canvas' pixels and held memory, a path's storage, an image's pixels).
/// By exact class (every bound class is final, and a canvas is pushed as
/// `Canvas` itself), not `as? MemoryCharged`: the runtime's conformance
/// look-up cost more than the rest of a collection, and scripts make and
/// drop a path or two per row.
private func releaseCharges(of object: AnyObject, in runtime: LuaRuntime) {
    switch ObjectIdentifier(type(of: object)) {
    case ObjectIdentifier(PathBox.self):
        runtime.release(bytes: unsafeDowncast(object, to: PathBox.self).chargedBytes)
    case ObjectIdentifier(ImageBox.self):
        runtime.release(bytes: unsafeDowncast(object, to: ImageBox.self).chargedBytes)
    case ObjectIdentifier(Canvas.self):
        let canvas = unsafeDowncast(object, to: Canvas.self)
        runtime.release(bytes: canvas.chargedBytes)
        runtime.forgetHeldMemory(of: canvas)
    default:
        assert(!(object is MemoryCharged), "\(type(of: object)) is charged but not released here")
    }
}

extension Lua {
    /// The key of an `__index` call, if it is a string.
    var indexKey: String? {
        lua_type(L, 2) == LUA_TSTRING ? String(cString: cl_tostring(L, 2)) : nil
    }

    /// Pushes `object` as userdata of the class `type` (registered now if
    /// this is the state's first object of it).
    func pushObject(_ object: AnyObject, type: LuaClassTag) {
        let block = cl_newuserdata(L, MemoryLayout<UnsafeMutableRawPointer?>.size)!
        block.storeBytes(of: Unmanaged.passRetained(object).toOpaque(), as: UnsafeMutableRawPointer?.self)
        if cl_getclass(L, type.slot) == LUA_TNIL {
            cl_pop(L, 1)
            CellModule.registerClass(type, self)
            cl_getclass(L, type.slot)
        }
        lua_setmetatable(L, -2)
    }

    /// The object at `index` if it is live userdata of class `type`, else nil.
    func testObject<T: AnyObject>(_ index: Int32, type: LuaClassTag, as _: T.Type) -> T? {
        guard let block = cl_testclass(L, index, type.slot),
              let raw = block.load(as: UnsafeMutableRawPointer?.self) else { return nil }
        return object(raw, as: T.self)
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
    /// `luaL_checkudata` by the class' slot (`cl_testclass`: a pointer
    /// compare, as every method call checks its `self`).
    func checkObject<T: AnyObject>(_ index: Int32, type: LuaClassTag, as _: T.Type) throws -> T {
        guard let block = cl_testclass(L, index, type.slot) else {
            throw typeError(index, expected: type.name)
        }
        guard let raw = block.load(as: UnsafeMutableRawPointer?.self) else {
            throw LuaError.argument(index, "\(type.name) has been garbage-collected")
        }
        return object(raw, as: T.self)
    }
}
