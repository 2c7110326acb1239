import CLua
import CellGeometry
import CellImage
import CellKit
import CellRaster
import CellVector
import FoundationEssentials
import Glibc

/// One Lua state with the `cell` module loaded, and what a script run needs
/// around it: the default scale, where relative paths resolve, the canvas that
/// becomes the result, and a callback for each file written.
public final class LuaRuntime {
    public struct Options: Sendable {
        /// Pixels per point for canvases that do not set their own (`--scale`).
        public var defaultScale: Double = 2
        /// What a canvas that sets its own scale has it multiplied by
        /// (`--scales`: each listed scale over `--scale`). Default 1.
        public var explicitScaleFactor: Double = 1
        /// Stop a script after this many seconds (`--timeout`); nil = no limit.
        public var timeout: Double? = nil
        /// Cap on the Lua heap in bytes (`--max-memory`); nil = no limit.
        public var maxMemory: Int? = nil
        /// Values for `cell.param`: `-D` definitions and the variant being rendered.
        public var params: [String: Param] = [:]
        /// False for a run whose only purpose is to read the script's
        /// `variants`: `c:save` then writes nothing (and reports nothing).
        public var writesFiles = true
        /// `--sandbox`: the restricted library set (see `Sandbox`).
        public var sandbox = false
        /// Threads each canvas draws on (`Canvas(..., parallelism:)`); nil =
        /// `Canvas.availableThreads`.
        public var drawingThreads: Int? = nil
        /// Lossy output's quality, 1...100 (`--quality`): JPEG's (nil = 90),
        /// WebP's (nil = lossless), MP4's (nil = the encoder's default).
        public var quality: Int? = nil
        /// How SVG output writes text (`--svg-text`): glyph outlines (the
        /// default) or `<text>` naming the font.
        public var svgText: SVGTextMode = .outline
        public init() {}
    }

    public let options: Options
    /// Threads each canvas of this runtime draws on (`Options.drawingThreads`).
    var canvasParallelism: Int { options.drawingThreads ?? Canvas.availableThreads }
    let L: OpaquePointer
    let host: UnsafeMutablePointer<cl_Host>

    /// Where a script's relative paths resolve: its own folder ("." for code
    /// given with `-e`).
    public private(set) var baseDirectory = "."
    /// The folder (links resolved) that `--sandbox` lets the script read
    /// below: the script's own, else the current directory. Resolved (a
    /// system call per folder of the path) only under the sandbox: nothing
    /// else reads it.
    private(set) var readRoot = ""
    /// The canvas a script created last: its result unless it returns another.
    public private(set) var lastCanvas: Canvas?
    /// The canvas the last script run returned, if it returned one (the
    /// REPL's `:show` and `:save` default to it after `-i script.lua`).
    public private(set) var scriptResult: Canvas?
    /// Whether the last chunk run returned `false`: a script that saves its
    /// own files says so, and the command line writes nothing else.
    public private(set) var returnedFalse = false
    /// The canvases of a list the last chunk returned (`return { a, b }`),
    /// in order: pages of a book, or files numbered `<stem>-<n>`; nil when
    /// it returned no such list.
    public private(set) var resultPages: [Canvas]?
    /// The regions marked with `c:slice`, by canvas.
    var sliceMarks: [ObjectIdentifier: SliceEntry] = [:]
    /// The parameters `cell.param` reads (from `options.params`).
    public var params: [String: Param] { options.params }
    /// Names the script asked for with `cell.param`, so the command line can
    /// warn about a `-D` nobody read (usually a typo).
    public private(set) var paramsRead: Set<String> = []
    /// What the script declared of each parameter it read, in the order of
    /// first reads (a later read of the same name does not change it):
    /// `--list-params` and the preview's controls.
    public private(set) var paramDeclarations: [ParamDeclaration] = []
    /// The canvases among the values of the chunk `evaluate` ran last (the
    /// REPL puts them on the preview page).
    public internal(set) var evaluatedCanvases: [Canvas] = []

    func paramRead(_ name: String, _ declaration: ParamDeclaration) {
        if paramsRead.insert(name).inserted { paramDeclarations.append(declaration) }
    }

    /// Every file this runtime's scripts read, as absolute paths: the script,
    /// modules found by `require`, `dofile`/`loadfile` targets, and files
    /// reported through `recordDependency(_:)`. `--watch` watches these.
    public internal(set) var loadedFiles: Set<String> = []
    /// Called with the path of every file written (`c:save(path)`).
    public var fileWritten: (String) -> Void = { print($0) }

    /// Seed for `math.random`, fixed so that a script renders the same bytes on every run.
    public static let randomSeed = 0x6365_6C6C

    public init(options: Options = Options()) {
        self.options = options
        if options.sandbox { readRoot = Self.realPath(".") ?? "/" }
        host = .allocate(capacity: 1)
        host.initialize(to: cl_Host())
        if let limit = options.maxMemory { host.pointee.limit = limit }
        L = cl_newstate(host)
        cl_extraspace(L).pointee = Unmanaged.passUnretained(self).toOpaque()
        luaL_openlibs(L)
        cl_installpatterns(L)
        cl_installwarnings(L)
        cl_installhooks(L)
        let lua = Lua(L)
        CellModule.install(lua)
        installDependencyTracking()
        installReadCheck()
        if options.sandbox { installSandbox() }
        // math.randomseed, reached raw from the loaded modules (a sandbox
        // that failed closed has no globals left, and nothing here may raise
        // outside a protected call).
        let base = lua_gettop(L)
        lua_getfield(L, cl_registryindex(), LUA_LOADED_TABLE)
        lua.push("math")
        if lua_rawget(L, -2) == LUA_TTABLE {
            lua.push("randomseed")
            if lua_rawget(L, -2) == LUA_TFUNCTION {
                lua.push(Self.randomSeed)
                _ = cl_pcall(L, 1, 0, 0)
            }
        }
        lua_settop(L, base)
    }

    deinit {
        close()
        host.deallocate()
    }

    /// Closes the Lua state now, running the finalizers still pending under
    /// the limits the script ran under: the memory limit, and the last
    /// script's deadline (which the hook cannot enforce in a finalizer; the
    /// watchdog ends the process past it). The command line closes before
    /// it writes the result, so a run whose finalizers run away writes
    /// nothing. Nothing may run in the runtime afterwards; the canvases,
    /// `loadedFiles` and the other Swift-side results stay. Idempotent.
    public func close() {
        guard !isClosed else { return }
        isClosed = true
        Watchdog.shared.watching(deadline: closingDeadline, message: timeoutMessage(closingName) + " (in a __gc finalizer run as the script ended)") {
            cl_closestate(L)
        }
    }

    public private(set) var isClosed = false
    /// The deadline and chunk name of the last script run with `--timeout`,
    /// which the finalizers run by closing the state are held to.
    private(set) var closingDeadline: Double?
    private var closingName = ""

    /// "NAME: script timed out after N seconds", N written as Lua writes a
    /// number (as the hook's message has it).
    func timeoutMessage(_ name: String) -> String {
        let t = options.timeout ?? 0
        let seconds = t == t.rounded() && abs(t) < 1e15 ? "\(Int(t)).0" : "\(t)"
        return "\(name): script timed out after \(seconds) seconds"
    }

    /// The runtime that owns `L` (kept in the state's extra space).
    static func current(_ L: OpaquePointer) -> LuaRuntime {
        Unmanaged<LuaRuntime>.fromOpaque(cl_extraspace(L).pointee!).takeUnretainedValue()
    }

    /// Counts `bytes` allocated outside the Lua heap (canvas pixels) against
    /// `--max-memory`, collecting garbage first when that would pass the
    /// limit, and nudges the collector, which cannot see these bytes, so
    /// throwaway canvases are freed as promptly as Lua objects would be.
    ///
    /// `nudging` false: memory given back at a known point (a layer's, at
    /// its end) rather than by the collector; counted, but no reason to
    /// collect.
    func charge(bytes: Int, of what: String = "pixels", nudging: Bool = true) throws {
        let h = host
        if h.pointee.limit > 0, h.pointee.used + bytes > h.pointee.limit {
            cl_gc_collect(L)
            if h.pointee.used + bytes > h.pointee.limit {
                let mb = Double(h.pointee.limit) / 1_048_576
                let size = bytes >= 1_048_576 ? "\(bytes / 1_048_576) MB" : "\(Swift.max(1, bytes / 1024)) KB"
                let held = Double(h.pointee.used) / 1_048_576
                throw LuaError.message("not enough memory: \(size) more of \(what) would pass --max-memory \(mb.rounded() == mb ? String(Int(mb)) : String(mb)) MB (\(Int(held.rounded())) MB held)")
            }
        }
        h.pointee.used += bytes
        chargedBytes += bytes
        guard nudging else { return }
        // A step per megabyte, not per call: a step per tiny canvas made a
        // loop keeping 100,000 of them quadratic (the collector's atomic
        // phase walks the whole heap each time).
        // Only bytes charged while other charged objects are held count:
        // the nudge is there to free those, and a runtime's first canvas
        // (every run's usual case) would otherwise pay a collection step
        // over a heap that holds no pixels, at its first clip or recording
        // charge if not at once.
        if chargedBytes > bytes { unnudgedBytes += bytes }
        if unnudgedBytes >= 1 << 20 {
            cl_gc_step(L, Int32(clamping: unnudgedBytes / 1024))
            unnudgedBytes = 0
        }
    }

    /// Bytes charged since the collector was last nudged. (This and the
    /// runtime's other per-call bookkeeping are `@exclusivity(unchecked)`: a
    /// runtime is used by one thread, and none of it is passed inout, so the
    /// run-time check on each access would only cost.)
    @exclusivity(unchecked) private var unnudgedBytes = 0

    /// What `charge` counts and `release` has not given back: pixels,
    /// masks, paths (`host.used` also holds Lua's own heap, which is not
    /// a reason to nudge the collector).
    @exclusivity(unchecked) private var chargedBytes = 0

    /// Returns what `charge` counted, when Lua collects the object.
    func release(bytes: Int) {
        host.pointee.used -= min(host.pointee.used, bytes)
        chargedBytes -= min(chargedBytes, bytes)
    }

    /// What `countHeldMemory` has charged per canvas.
    @exclusivity(unchecked) private var heldCharges: [ObjectIdentifier: Int] = [:]

    /// Brings the count of what `canvas` holds beyond its pixels and layers,
    /// its clip masks (`Canvas.clipMaskBytes`), its current path's storage
    /// and its recorded drawing (`Canvas.displayListBytes`), against `--max-memory` up to date: charged after a clip or a
    /// long path, given back after a restore. Throws, as `charge` does, when
    /// the growth would pass the limit.
    func countHeldMemory(of canvas: Canvas) throws {
        let id = ObjectIdentifier(canvas)
        let counted = heldCharges[id] ?? 0
        let now = canvas.clipMaskBytes + canvas.currentPath.elements.capacity * MemoryLayout<Path.Element>.stride
            + canvas.savedStateBytes
            + canvas.displayListBytes & ~0xFFFF // (the list in steps of 64 KB: counted once per step)
        guard now != counted else { return }
        if now > counted {
            try charge(bytes: now - counted, of: "saved states, clip masks, paths and recorded drawing")
        } else {
            release(bytes: counted - now)
        }
        heldCharges[id] = now == 0 ? nil : now
    }

    /// Gives back what `countHeldMemory` counted for a canvas Lua collected.
    func forgetHeldMemory(of canvas: Canvas) {
        if let counted = heldCharges.removeValue(forKey: ObjectIdentifier(canvas)) { release(bytes: counted) }
    }

    func canvasCreated(_ canvas: Canvas) {
        lastCanvas = canvas
        canvas.cancellation = cancellation
        // What drawing waiting to be done may keep alive beyond the count
        // (pixels of canvases it reads, masks, ended layers): an eighth of
        // the budget at most, the margin the budget allows.
        if let limit = options.maxMemory { canvas.heldBytesLimit = Swift.min(canvas.heldBytesLimit, Swift.max(1 << 20, limit / 8)) }
    }

    /// The `--timeout` deadline as the engine sees it: every canvas made here
    /// watches it inside long operations (see `Cancellation`); the trampoline
    /// raises the timeout, with the script line, when such a call returns.
    let cancellation = Cancellation()
    /// The kit's views (cell backgrounds, bevels) drawn once per look and
    /// size for every kit call and table of this script.
    let viewLayers = ViewLayers()
    /// The kit's text (tables, screens, bars, badges) within this script's
    /// limits: laying a text out is charged against `--max-memory` while it
    /// lasts and stops at the deadline, as the canvas' own text calls do
    /// (the hook then reports the timeout when the call returns). It holds
    /// the runtime weakly: a Table keeps it.
    lazy var kitText: CellTextKit = {
        let cancellation = self.cancellation
        return CellTextKit(limits: .init(
            stop: { cancellation.isPastDeadline },
            reserve: { [weak self] bytes in try self?.charge(bytes: bytes, of: "laying out text", nudging: false) },
            release: { [weak self] bytes in self?.release(bytes: bytes) }))
    }()
    /// See `layerBegun(on:)`.
    @exclusivity(unchecked) private var layerSites: [ObjectIdentifier: [Site]] = [:]

    /// A Lua line, `script.lua:LINE` when printed; `line` 0 when there was
    /// no Lua line to name (messages then leave it out).
    struct Site: CustomStringConvertible {
        var chunk: String
        var line: Int32
        var description: String { "\(chunk):\(line)" }
    }

    /// The last chunk name `callerSite` turned into a String, and its C
    /// bytes: a script's layers are begun from the same few chunks, so
    /// each begin_layer compares bytes instead of building a string.
    @exclusivity(unchecked) private var siteChunk = "", siteChunkBytes = [CChar](repeating: 0, count: Int(cl_idsize()))
    @exclusivity(unchecked) private var siteScratch = [CChar](repeating: 0, count: Int(cl_idsize()))

    /// The Lua line calling the current host function (as `luaL_where(L, 1)`).
    func callerSite() -> Site {
        let line = siteScratch.withUnsafeMutableBufferPointer { cl_whereline(L, 1, $0.baseAddress) }
        guard line > 0 else { return Site(chunk: "", line: 0) }
        if siteScratch != siteChunkBytes {
            siteChunkBytes = siteScratch
            siteChunk = siteScratch.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        }
        return Site(chunk: siteChunk, line: line)
    }

    // MARK: running code

    /// Runs `code` (from `-e`); returns the canvas it returned, if any.
    @discardableResult
    public func run(code: String, chunkName: String = "=(command line)") throws -> Canvas? {
        try execute(Array(code.utf8), chunkName: chunkName, args: [], keepCompiled: false)
    }

    /// Runs the script at `path` with `args` as `...` and in the global `arg`
    /// table (`arg[0]` is the script). Relative paths and `require` then
    /// resolve from the script's folder. Returns the canvas the script
    /// returned, if any.
    @discardableResult
    public func run(scriptAt path: String, args: [String] = []) throws -> Canvas? {
        // Recorded first, so that a watcher still watches a script that is
        // missing for a moment (an editor deleting and recreating it).
        recordDependency(path)
        // One stat (links followed) says what is there: nothing, a folder,
        // or a pipe (`celllua <(make-script)`, read) or a device (not a script).
        var info = stat()
        guard stat(path, &info) == 0 else {
            throw ScriptError.unreadable("cannot open \(path): No such file or directory")
        }
        let kind = info.st_mode & S_IFMT
        guard kind != S_IFDIR else { throw ScriptError.unreadable("cannot read \(path): it is a directory") }
        if kind != S_IFREG && kind != S_IFIFO {
            throw ScriptError.unreadable("cannot read \(path): not a regular file")
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw ScriptError.unreadable("cannot read \(path): permission denied or unreadable")
        }
        let directory = path.lastIndex(of: "/").map { $0 == path.startIndex ? "/" : String(path[..<$0]) } ?? ""
        return try run(script: [UInt8](data), chunkName: "@" + path, arg0: path,
                       directory: directory.isEmpty ? "." : directory, args: args)
    }

    /// Runs script text read elsewhere (`celllua -` reads it from stdin) as
    /// `run(scriptAt:)` runs a file: `chunkName` names it in errors
    /// (`=stdin`), `arg0` is `arg[0]`, relative paths resolve from `directory`.
    @discardableResult
    public func run(script source: [UInt8], chunkName: String, arg0: String, directory: String,
                    args: [String] = []) throws -> Canvas? {
        var source = source
        // A UTF-8 byte order mark is skipped, as lua does.
        if source.starts(with: [0xEF, 0xBB, 0xBF]) { source.removeFirst(3) }
        // A first line starting with '#' (a shebang) is skipped, as lua does;
        // its newline stays so line numbers match the file.
        if source.first == UInt8(ascii: "#") {
            let end = source.firstIndex(of: UInt8(ascii: "\n")) ?? source.endIndex
            source.removeSubrange(source.startIndex..<end)
        }
        setBaseDirectory(directory)
        setArgTable(script: arg0, args: args)
        let result = try execute(source, chunkName: chunkName, args: args, keepCompiled: true)
        if let result { scriptResult = result }
        return result
    }

    /// Sets where relative paths resolve and puts the script's folder first
    /// on `package.path`. Earlier code (`-e`) may have replaced globals or set
    /// metatables, so only raw access is used: the package library is taken
    /// from the registry's loaded-modules table, not from the global.
    private func setBaseDirectory(_ directory: String) {
        baseDirectory = directory
        if options.sandbox { readRoot = Self.realPath(directory) ?? Self.absolutePath(directory) }
        let lua = Lua(L)
        let base = lua_gettop(L)
        defer { lua_settop(L, base) }
        lua_getfield(L, cl_registryindex(), LUA_LOADED_TABLE)
        lua.push("package")
        guard lua_rawget(L, -2) == LUA_TTABLE else { return }
        lua.push("path")
        let old = lua_rawget(L, -2) == LUA_TSTRING ? String(cString: cl_tostring(L, -1)) : ""
        cl_pop(L, 1)
        // Running the same script again (the REPL's :reload) must not grow the path.
        let entries = "\(directory)/?.lua;\(directory)/?/init.lua;"
        if !old.hasPrefix(entries) {
            lua.push("path")
            lua.push(entries + old)
            lua_rawset(L, -3)
        }
    }

    /// Compiles `source` and pushes the chunk (or the error message);
    /// returns Lua's status. `mode` is "t" (text only) or "bt".
    func load(_ source: [UInt8], chunkName: String, mode: String = "t") -> Int32 {
        source.withUnsafeBufferPointer { buf in
            buf.withMemoryRebound(to: CChar.self) { cl_load(L, $0.baseAddress, $0.count, chunkName, mode) }
        }
    }

    /// Pushes `source` (text, or a binary chunk from `luac`) compiled as a
    /// function; returns Lua's status (on an error the message is pushed).
    /// `keeping`: text goes through `CompiledChunks`, loaded from the
    /// bytecode kept when this process compiled the same text under the
    /// same name before, else compiled now and kept.
    private func compile(_ source: [UInt8], chunkName: String, keeping: Bool) -> Int32 {
        let kept = keeping && source.first != 0x1B // LUA_SIGNATURE's first byte: binary already
        if kept, let bytecode = CompiledChunks.shared.bytecode(of: source, chunkName: chunkName) {
            if load(bytecode, chunkName: chunkName, mode: "b") == LUA_OK { return LUA_OK }
            cl_pop(L, 1) // the message; compile the text instead
        }
        // Under --sandbox only text compiles: Lua does not verify bytecode,
        // and a crafted binary chunk is its classic way to corrupt memory.
        let status = load(source, chunkName: chunkName, mode: options.sandbox ? "t" : "bt")
        if status == LUA_OK && kept {
            CompiledChunks.shared.keep(functionOnTopOf: L, source: source, chunkName: chunkName)
        }
        return status
    }

    /// Pushes the global `name`, read raw (no `__index` on `_G` can run).
    func pushRawGlobal(_ name: String) {
        cl_pushglobaltable(L)
        Lua(L).push(name)
        lua_rawget(L, -2)
        cl_remove(L, -2)
    }

    /// Pops the top value into the global `name`, raw.
    func setRawGlobal(_ name: String) {
        cl_pushglobaltable(L)
        Lua(L).push(name)
        lua_rotate(L, -3, -1) // value, _G, name -> _G, name, value
        lua_rawset(L, -3)
        cl_pop(L, 1)
    }

    private func setArgTable(script: String, args: [String]) {
        let lua = Lua(L)
        lua_createtable(L, Int32(args.count), 2)
        lua.push("celllua")
        lua_rawseti(L, -2, -1)
        lua.push(script)
        lua_rawseti(L, -2, 0)
        for (i, a) in args.enumerated() {
            lua.push(a)
            lua_rawseti(L, -2, lua_Integer(i + 1))
        }
        setRawGlobal("arg")
    }

    /// `keepCompiled`: a script (from a file or standard input), which may
    /// well run again in a fresh runtime, is compiled through
    /// `CompiledChunks`; code from `-e` or an embedder is compiled as it comes.
    private func execute(_ source: [UInt8], chunkName: String, args: [String], keepCompiled: Bool) throws -> Canvas? {
        let lua = Lua(L)
        let base = lua_gettop(L)
        defer { lua_settop(L, base) }
        // The script will draw: threads asleep wake while it is compiled.
        Canvas.prepareDrawingThreads(parallelism: canvasParallelism)
        if options.sandbox && source.first == 0x1B {
            throw ScriptError.syntax("\(Self.displayName(chunkName)): a precompiled (binary) chunk cannot run under --sandbox; give the script as Lua source")
        }
        cl_pushmsghandler(L)
        let status = compile(source, chunkName: chunkName, keeping: keepCompiled)
        guard status == LUA_OK else {
            throw ScriptError.syntax(errorText(at: -1))
        }
        // Lua guarantees only 20 free slots: make room for every argument.
        guard lua_checkstack(L, Int32(clamping: args.count) + 4) != 0 else {
            throw ScriptError.runtime("too many script arguments (\(args.count))")
        }
        for a in args { lua.push(a) }
        if let timeout = options.timeout {
            host.pointee.timeout = timeout
            host.pointee.deadline = cl_now() + timeout
        }
        try callProtected(arguments: Int32(args.count), handler: base + 1, name: Self.displayName(chunkName))
        returnedFalse = lua_gettop(L) > base + 1 && lua_type(L, base + 2) == LUA_TBOOLEAN && lua_toboolean(L, base + 2) == 0
        resultPages = nil
        if lua_gettop(L) > base + 1 {
            if let canvas = lua.testObject(base + 2, type: CanvasBinding.tag, as: Canvas.self) {
                lastCanvas = canvas
                return canvas
            }
            if let pages = try canvasList(at: base + 2, name: Self.displayName(chunkName)) {
                resultPages = pages
                lastCanvas = pages[0]
                return pages[0]
            }
        }
        return nil
    }

    /// Calls the function below `arguments` values on the stack (with the
    /// message handler at `handler`) under the run's limits: the deadline
    /// already in `host` (`--timeout`, set by the caller when a chunk
    /// starts), the watchdog, the memory limit. Results stay on the stack.
    /// `name`: the chunk, as timeout messages name it.
    func callProtected(arguments: Int32, handler: Int32, name: String) throws {
        if options.timeout != nil {
            cancellation.deadline = host.pointee.deadline
            cl_sethook(L)
        }
        let deadline = options.timeout.map { _ in host.pointee.deadline }
        let result = Watchdog.shared.watching(deadline: deadline, message: timeoutMessage(name)) {
            cl_pcall(L, arguments, cl_multret(), handler)
        }
        if options.timeout != nil {
            cl_cleartimeout(L)
            cancellation.deadline = .infinity
            // Code that ran past its deadline where no hook could see it (a
            // C function returning late) fails all the same.
            closingDeadline = deadline
            closingName = name
            if result == LUA_OK, let deadline, cl_now() > deadline {
                throw ScriptError.runtime(timeoutMessage(name))
            }
        }
        guard result == LUA_OK else {
            if result == LUA_ERRMEM, let limit = options.maxMemory {
                // One allocation went far past the limit (no hook could name
                // the line): say which limit, and where the chunk came from.
                throw ScriptError.runtime("\(name): not enough memory (--max-memory \((Double(limit) / 1_048_576).shortText) MB)")
            }
            throw ScriptError.runtime(Traceback.trim(errorText(at: -1)))
        }
    }

    /// The canvases of a returned list (`return { c1, c2 }`: a book's
    /// pages), nil when the value at `index` is not a non-empty list that
    /// starts with a canvas; an error when a later entry is not a canvas.
    private func canvasList(at index: Int32, name: String) throws -> [Canvas]? {
        guard lua_type(L, index) == LUA_TTABLE else { return nil }
        let lua = Lua(L)
        let count = Int(lua_rawlen(L, index))
        guard count >= 1 else { return nil }
        var pages: [Canvas] = []
        for i in 1...count {
            lua_rawgeti(L, index, lua_Integer(i))
            defer { cl_pop(L, 1) }
            guard let canvas = lua.testObject(-1, type: CanvasBinding.tag, as: Canvas.self) else {
                if i == 1 { return nil }
                throw ScriptError.runtime("\(name): the list of canvases returned has a \(lua.typeName(-1)) at [\(i)], not a canvas")
            }
            pages.append(canvas)
        }
        return pages
    }

    /// A chunk name as messages show it: `@s.lua` and `=stdin` without their mark.
    static func displayName(_ chunkName: String) -> String {
        chunkName.hasPrefix("@") || chunkName.hasPrefix("=") ? String(chunkName.dropFirst()) : chunkName
    }

    private func errorText(at index: Int32) -> String {
        if let s = cl_tostring(L, index) { return String(cString: s) }
        return "(error object is a \(Lua(L).typeName(index)) value)"
    }

    // MARK: files

    /// A canvas with an open layer has drawing that is not on it yet: saving
    /// it would silently drop that, so it is an error.
    func checkNoOpenLayers(_ canvas: Canvas) throws {
        let n = canvas.openLayerCount
        if n > 0 {
            // Where the innermost open layer was begun, so the message names a line.
            let site = layerSites[ObjectIdentifier(canvas)]?.prefix(n).last.flatMap { $0.line > 0 ? " at \($0)" : nil } ?? ""
            throw ScriptError.runtime("begin_layer\(site) has no end_layer: the canvas has \(n) open layer\(n == 1 ? "" : "s") when it is written")
        }
    }

    /// Notes where a layer on `canvas` was begun (the calling Lua line):
    /// each canvas' open layers innermost last, for the message when one
    /// is never ended.
    func layerBegun(on canvas: Canvas) {
        layerSites[ObjectIdentifier(canvas), default: []].append(callerSite())
    }

    /// Forgets the sites of layers since ended.
    func layersEnded(on canvas: Canvas) {
        let id = ObjectIdentifier(canvas)
        guard var sites = layerSites[id] else { return }
        sites.removeLast(Swift.max(0, sites.count - canvas.openLayerCount))
        layerSites[id] = sites.isEmpty ? nil : sites
    }

    /// `path` resolved against the script's folder unless absolute.
    public func resolve(_ path: String) -> String {
        if path.hasPrefix("/") || baseDirectory == "." || baseDirectory.isEmpty { return path }
        return baseDirectory + "/" + path
    }

    /// Writes `canvas` to `path` (resolved from the script's folder), format
    /// by extension, atomically; reports and returns the path written.
    @discardableResult
    public func write(_ canvas: Canvas, to path: String) throws -> String {
        try write(canvas, toCurrentDirectoryPath: resolve(path))
    }

    /// `canvas` encoded as `format` (for a caller that writes the bytes
    /// itself, such as `-o -` to standard output); an open layer is an error.
    public func encoded(_ canvas: Canvas, as format: ImageFormat) throws -> [UInt8] {
        try checkNoOpenLayers(canvas)
        Canvas.restDrawingThreads(after: canvas)
        return try format.encode(canvas, quality: options.quality, svgText: options.svgText)
    }

    /// Writes `canvas` to `target` as given (relative to the process' current
    /// directory, as `-o` is), atomically; reports and returns the path.
    @discardableResult
    public func write(_ canvas: Canvas, toCurrentDirectoryPath target: String) throws -> String {
        let format = try ImageFormat.forPath(target)
        try checkNoOpenLayers(canvas)
        guard options.writesFiles else { return target }
        try AtomicFile.write(try encoded(canvas, as: format), to: target)
        fileWritten(target)
        return target
    }

    /// Writes `pages` as one PDF (a page each, bookmarked by their titles)
    /// to `target` as given, atomically; reports and returns the path.
    @discardableResult
    public func writeBook(_ pages: [PDFPage], toCurrentDirectoryPath target: String) throws -> String {
        for page in pages { try checkNoOpenLayers(page.canvas) }
        guard options.writesFiles else { return target }
        try AtomicFile.write(try PDFWriter.book(pages), to: target)
        fileWritten(target)
        return target
    }
}
