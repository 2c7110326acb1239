import CellRaster
import FoundationEssentials
import Glibc

/// MP4 (H.264) output through the system's ffmpeg (Debian's `ffmpeg`
/// package, libx264), run as a child process: frames go to its standard
/// input as raw RGBA, and it writes a temporary file beside the target,
/// which `finish` renames over the target once ffmpeg has exited cleanly.
/// Nothing is linked: ffmpeg's libraries are large and only this format
/// needs them.
///
/// - Pixels are composited over white (H.264 has no alpha; as JPEG and PPM).
/// - H.264 in 4:2:0 needs an even width and height: an odd one gets a white
///   column at the right or a white row at the bottom (padding, not
///   scaling, so every pixel stays sharp and in place).
/// - Quality: x264's CRF (lower is better and larger), 23 by default (its
///   own default); a quality q in 1...100 maps to CRF 51 - 0.37q, rounded,
///   so 75 is the default, 90 is 18 (x264's "visually lossless") and 100 is 14.
/// - ffmpeg's standard input is a socket, written with MSG_NOSIGNAL: if
///   ffmpeg dies, a write fails with an error naming ffmpeg's messages
///   (read from its standard error, kept in an unnamed file) instead of a
///   SIGPIPE ending celllua; `cancel` and deinit kill and reap it, so no
///   zombie or stray process is left.
public final class VideoEncoder {
    public let width: Int
    public let height: Int
    /// The size ffmpeg is given: rounded up to even.
    private let paddedWidth: Int
    private let paddedHeight: Int
    private var pid: pid_t = 0
    private var input: Int32 = -1
    private var errors: Int32 = -1
    private var staged: AtomicFile.Staged?
    private var frame: [UInt8]
    private var running = false

    /// The message when ffmpeg cannot be found.
    public static let missingMessage = "writing .mp4 needs ffmpeg (apt-get install ffmpeg)"

    /// The `ffmpeg` executable in the folders of `searchPath` (a PATH-style
    /// list; nil: the PATH environment variable), or nil.
    public static func findFFmpeg(searchPath: String? = nil) -> String? {
        let list = searchPath ?? (getenv("PATH").map { String(cString: $0) } ?? "/usr/bin:/bin")
        for folder in list.split(separator: ":", omittingEmptySubsequences: true) {
            let candidate = String(folder) + "/ffmpeg"
            var info = stat()
            if stat(candidate, &info) == 0, info.st_mode & S_IFMT == S_IFREG, access(candidate, X_OK) == 0 {
                return candidate
            }
        }
        return nil
    }

    /// x264's CRF for `quality` (nil: 23).
    static func crf(_ quality: Int?) -> Int {
        guard let quality else { return 23 }
        return Int((51 - 0.37 * Double(Swift.max(1, Swift.min(100, quality)))).rounded())
    }

    /// Starts ffmpeg writing `path` (through a temporary file beside it) at
    /// `fps` frames a second. `searchPath` is where ffmpeg is looked for
    /// (PATH-style; nil: the PATH environment variable).
    public init(path: String, width: Int, height: Int, fps: Double, quality: Int?, searchPath: String? = nil) throws {
        guard width >= 1, height >= 1 else {
            throw ImageError.encode("a video is at least 1x1 pixels, not \(width)x\(height)")
        }
        guard fps.isFinite, fps > 0 else { throw ImageError.encode("frames per second must be positive, got \(fps)") }
        guard let ffmpeg = Self.findFFmpeg(searchPath: searchPath) else { throw ImageError.encode(Self.missingMessage) }
        self.width = width
        self.height = height
        paddedWidth = width + width % 2
        paddedHeight = height + height % 2
        // White where the padding is; the image's pixels are rewritten per frame.
        frame = [UInt8](repeating: 255, count: paddedWidth * paddedHeight * 4)
        let staged = try AtomicFile.stage(path)
        close(staged.fd) // ffmpeg opens it by name
        self.staged = staged
        do {
            try start(ffmpeg, output: staged.temporary, fps: fps, crf: Self.crf(quality))
        } catch {
            staged.discard()
            self.staged = nil
            throw error
        }
    }

    deinit { cancel() }

    private func start(_ ffmpeg: String, output: String, fps: Double, crf: Int) throws {
        var pair: [Int32] = [-1, -1]
        guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &pair) == 0 else {
            throw ImageError.io("cannot start ffmpeg: \(String(cString: strerror(errno)))")
        }
        // ffmpeg's standard error, in a file with no name: read when it fails.
        let folder = getenv("TMPDIR").map { String(cString: $0) } ?? "/tmp"
        var template = Array("\(folder)/celllua-ffmpeg-XXXXXX".utf8CString)
        let errorFile = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        if errorFile >= 0 {
            template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) }
            _ = fcntl(errorFile, F_SETFD, FD_CLOEXEC)
        }
        let null = open("/dev/null", O_RDWR | O_CLOEXEC)
        defer {
            close(pair[1])
            if null >= 0 { close(null) }
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, pair[1], 0)
        if null >= 0 { posix_spawn_file_actions_adddup2(&actions, null, 1) }
        posix_spawn_file_actions_adddup2(&actions, errorFile >= 0 ? errorFile : (null >= 0 ? null : 2), 2)
        // Its own process group (Ctrl-C reaches celllua, which stops it),
        // no blocked signals, and SIGPIPE/SIGINT/SIGTERM at their defaults
        // whatever celllua set for itself.
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t()
        sigemptyset(&none)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signal in [SIGPIPE, SIGINT, SIGTERM] { sigaddset(&defaults, signal) }
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setpgroup(&attributes, 0)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETPGROUP))
        let rate = fps == fps.rounded() && fps < 1e9 ? String(Int(fps)) : String(fps)
        let arguments = [
            ffmpeg, "-hide_banner", "-loglevel", "error", "-nostats",
            "-f", "rawvideo", "-pix_fmt", "rgba", "-s", "\(paddedWidth)x\(paddedHeight)", "-r", rate, "-i", "pipe:0",
            "-c:v", "libx264", "-crf", String(crf), "-pix_fmt", "yuv420p", "-movflags", "+faststart",
            "-f", "mp4", "-y", "file:" + output,
        ]
        var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var child: pid_t = 0
        let status = posix_spawn(&child, ffmpeg, &actions, &attributes, &argv, environ)
        guard status == 0 else {
            close(pair[0])
            if errorFile >= 0 { close(errorFile) }
            throw ImageError.io("cannot start \(ffmpeg): \(String(cString: strerror(status)))")
        }
        pid = child
        input = pair[0]
        errors = errorFile
        running = true
    }

    /// Sends `buffer` (this video's size), over white, to ffmpeg.
    public func append(_ buffer: PixelBuffer) throws {
        guard running else { throw ImageError.encode("the video is already finished or cancelled") }
        guard buffer.width == width, buffer.height == height else {
            throw ImageError.encode("a video's frames are all \(width)x\(height); this one is \(buffer.width)x\(buffer.height)")
        }
        let w = width, pw = paddedWidth
        frame.withUnsafeMutableBufferPointer { out in
            for y in 0..<buffer.height {
                let from = buffer.data + y * w * 4
                let to = y * pw * 4
                for x in 0..<w {
                    // Premultiplied over white: C + (255 - A), exact.
                    let white = 255 - from[x * 4 + 3]
                    out[to + x * 4] = from[x * 4] &+ white
                    out[to + x * 4 + 1] = from[x * 4 + 1] &+ white
                    out[to + x * 4 + 2] = from[x * 4 + 2] &+ white
                    out[to + x * 4 + 3] = 255
                }
            }
        }
        var failure: Int32 = 0
        frame.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let n = send(input, raw.baseAddress! + offset, raw.count - offset, Int32(MSG_NOSIGNAL))
                if n < 0 {
                    if errno == EINTR { continue }
                    failure = errno
                    return
                }
                offset += n
            }
        }
        if failure != 0 {
            // ffmpeg stopped reading: most likely it exited; say why.
            let reason = stop(patient: true)
            throw ImageError.encode("ffmpeg stopped taking frames (\(String(cString: strerror(failure)))): \(reason)")
        }
    }

    /// Ends the input, waits for ffmpeg, and renames its file over the
    /// target; an error (with ffmpeg's messages) leaves no file.
    public func finish() throws {
        guard running else { throw ImageError.encode("the video is already finished or cancelled") }
        close(input)
        input = -1
        let (status, message) = wait()
        if status == 0, let staged {
            self.staged = nil
            try staged.commit()
            return
        }
        staged?.discard()
        staged = nil
        throw ImageError.encode("ffmpeg failed (\(describe(status))): \(message)")
    }

    /// Kills ffmpeg (if it runs), reaps it and removes its temporary file.
    public func cancel() {
        if running { _ = stop(patient: false) }
        staged?.discard()
        staged = nil
    }

    /// Kills ffmpeg (when `patient`, only if it has not exited within half
    /// a second: after a failed write it is usually exiting already, and
    /// its own status says more), reaps it, removes the temporary file, and
    /// returns how it ended and what it said.
    private func stop(patient: Bool) -> String {
        var status: Int32 = 0
        var message = ""
        if running {
            if input >= 0 { close(input); input = -1 }
            var reaped = false
            for _ in 0..<(patient ? 50 : 0) {
                if waitpid(pid, &status, WNOHANG) == pid { reaped = true; break }
                usleep(10_000)
            }
            if !reaped {
                kill(pid, SIGKILL)
                while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
            }
            running = false
            message = readErrors()
            closeFiles()
        }
        staged?.discard()
        staged = nil
        return "\(describe(status)): \(message)"
    }

    /// Reaps ffmpeg; its wait status and standard error.
    private func wait() -> (Int32, String) {
        guard running else { return (0, "") }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        running = false
        let message = readErrors()
        closeFiles()
        return (status, message)
    }

    private func closeFiles() {
        if input >= 0 { close(input); input = -1 }
        if errors >= 0 { close(errors); errors = -1 }
    }

    /// ffmpeg's standard error so far (its last 2000 bytes), trimmed.
    private func readErrors() -> String {
        guard errors >= 0 else { return "(its messages were not kept)" }
        let size = lseek(errors, 0, SEEK_END)
        let keep = Swift.min(Int(Swift.max(size, 0)), 2000)
        var bytes = [UInt8](repeating: 0, count: keep)
        let n = bytes.withUnsafeMutableBytes { pread(errors, $0.baseAddress, keep, off_t(Int(size) - keep)) }
        var kept = bytes.prefix(Swift.max(0, n))
        while let last = kept.last, last == 10 || last == 13 || last == 32 { kept.removeLast() }
        while let first = kept.first, first == 10 || first == 13 || first == 32 { kept.removeFirst() }
        let text = String(decoding: kept, as: UTF8.self)
        return text.isEmpty ? "no messages" : text
    }

    /// A wait status in words.
    private func describe(_ status: Int32) -> String {
        let signal = status & 0x7F
        if signal == 0 { return "exit status \((status >> 8) & 0xFF)" }
        return "killed by signal \(signal)"
    }
}
