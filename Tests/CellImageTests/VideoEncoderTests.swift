import CellImage
import CellRaster
import Foundation
import Testing

/// MP4 through ffmpeg (libx264), read back by ffprobe: codec, size, rate,
/// frame count; ffmpeg missing, failing or dying named in the error, and no
/// file left at the target or beside it.
@Suite struct VideoEncoderTests {
    /// ffprobe's codec, width, height, frame rate and counted frames.
    func probe(_ file: String, in dir: String) throws -> String {
        let r = try ExternalReader.run("/usr/bin/ffprobe", [
            "-v", "error", "-count_frames", "-select_streams", "v:0",
            "-show_entries", "stream=codec_name,width,height,r_frame_rate,pix_fmt,nb_read_frames",
            "-of", "csv=p=0", file,
        ], in: dir, package: "ffmpeg")
        #expect(r.status == 0, "ffprobe: \(r.stderr)")
        return r.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Files in `dir`, hidden ones too (a temporary file left would show).
    func listing(_ dir: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: dir)) ?? []).sorted()
    }

    @Test func writesH264() throws {
        let dir = scratchFolder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let encoder = try AnimationEncoder(format: .mp4, path: dir + "/v.mp4", width: 120, height: 60, fps: 30, quality: nil)
        for i in 0..<24 { try encoder.append(movingFrame(i % 16)) }
        #expect(!FileManager.default.fileExists(atPath: dir + "/v.mp4"))
        try encoder.finish()
        #expect(listing(dir) == ["v.mp4"])
        #expect(try probe("v.mp4", in: dir) == "h264,120,60,yuv420p,30/1,24")
        // Frame 1's square, over white and back through H.264: still blue.
        let rgb = try ExternalReader.python("""
            from PIL import Image
            import subprocess
            raw = subprocess.run(['/usr/bin/ffmpeg', '-v', 'error', '-i', 'v.mp4', '-frames:v', '1', '-f', 'rawvideo',
                                  '-pix_fmt', 'rgb24', '-'], capture_output=True, check=True).stdout
            print(*raw[(20 * 120 + 10) * 3:(20 * 120 + 10) * 3 + 3])
            """, in: dir).split(separator: " ").compactMap { Int($0) }
        #expect(rgb.count == 3 && abs(rgb[0] - 20) < 24 && abs(rgb[1] - 40) < 24 && abs(rgb[2] - 230) < 24, "\(rgb)")
    }

    /// Odd sizes get a white column and row (H.264's 4:2:0 needs even ones);
    /// a quality sets the CRF (smaller at a lower quality).
    @Test func oddSizeAndQuality() throws {
        let dir = scratchFolder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        var sizes: [Int] = []
        for (name, quality) in [("hi.mp4", 95), ("lo.mp4", 10)] {
            let encoder = try AnimationEncoder(format: .mp4, path: dir + "/" + name, width: 121, height: 61, fps: 12.5, quality: quality)
            for i in 0..<10 { try encoder.append(makeBuffer(121, 61) { x, y in (UInt8((x * 2 + i * 9) & 255), UInt8(y * 4), 128, 255) }) }
            try encoder.finish()
            sizes.append(try FileManager.default.attributesOfItem(atPath: dir + "/" + name)[.size] as! Int)
        }
        #expect(try probe("hi.mp4", in: dir) == "h264,122,62,yuv420p,25/2,10")
        #expect(sizes[1] < sizes[0], "\(sizes)")
    }

    @Test func missingFFmpegIsNamed() throws {
        let dir = scratchFolder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        #expect(VideoEncoder.findFFmpeg(searchPath: dir + ":/nonexistent") == nil)
        #expect(VideoEncoder.findFFmpeg(searchPath: "/usr/bin") == "/usr/bin/ffmpeg")
        #expect(throws: ImageError.encode("writing .mp4 needs ffmpeg (apt-get install ffmpeg)")) {
            try AnimationEncoder(format: .mp4, path: dir + "/v.mp4", width: 10, height: 10, fps: 10, quality: nil,
                                 searchPath: dir + ":/nonexistent")
        }
        #expect(listing(dir).isEmpty)
    }

    /// A stand-in ffmpeg at the front of the search path. It is put in
    /// place by `install`, another process: a file this process wrote could
    /// still be open for writing in a child another test thread forked
    /// meanwhile, and running it would then fail with ETXTBSY ("Text file
    /// busy"), as it once did in CI.
    func fakeFFmpeg(_ script: String, in dir: String) throws -> String {
        let bin = dir + "/bin"
        try FileManager.default.createDirectory(atPath: bin, withIntermediateDirectories: true)
        try ("#!/bin/sh\n" + script).write(toFile: dir + "/ffmpeg.sh", atomically: true, encoding: .utf8)
        let install = Process()
        install.executableURL = URL(fileURLWithPath: "/usr/bin/install")
        install.arguments = ["-m", "755", dir + "/ffmpeg.sh", bin + "/ffmpeg"]
        try install.run()
        install.waitUntilExit()
        #expect(install.terminationStatus == 0)
        return bin
    }

    /// ffmpeg that reads everything and fails: its message in the error.
    @Test func failingFFmpegIsReported() throws {
        let dir = scratchFolder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let bin = try fakeFFmpeg("cat > /dev/null; echo 'Unknown encoder libx264' >&2; exit 1\n", in: dir)
        let out = dir + "/out"
        try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
        let encoder = try AnimationEncoder(format: .mp4, path: out + "/v.mp4", width: 10, height: 10, fps: 10, quality: nil, searchPath: bin)
        try encoder.append(PixelBuffer(width: 10, height: 10))
        #expect(throws: ImageError.encode("ffmpeg failed (exit status 1): Unknown encoder libx264")) { try encoder.finish() }
        #expect(listing(out).isEmpty)
    }

    /// ffmpeg that dies without reading: the write fails with an error (no
    /// SIGPIPE ends the test process), naming how it ended.
    @Test func dyingFFmpegIsAnErrorNotASignal() throws {
        let dir = scratchFolder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let bin = try fakeFFmpeg("echo 'out of cheese' >&2; exit 3\n", in: dir)
        let out = dir + "/out"
        try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
        let encoder = try AnimationEncoder(format: .mp4, path: out + "/v.mp4", width: 400, height: 400, fps: 10, quality: nil, searchPath: bin)
        var failure: Error?
        do {
            // 640 KB a frame: more than a socket buffers.
            for _ in 0..<20 { try encoder.append(PixelBuffer(width: 400, height: 400)) }
        } catch { failure = error }
        let message = "\(failure.map { "\($0)" } ?? "no error")"
        #expect(message.hasPrefix("ffmpeg stopped taking frames (") && message.hasSuffix("exit status 3: out of cheese"), "\(message)")
        #expect(listing(out).isEmpty)
        #expect(throws: ImageError.self) { try encoder.finish() }
    }

    /// Cancelling kills ffmpeg and leaves nothing; so does dropping an
    /// unfinished encoder.
    @Test func cancelLeavesNothing() throws {
        let dir = scratchFolder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let pidFile = dir + "/pid"
        let bin = try fakeFFmpeg("echo $$ > '\(pidFile)'; exec cat > /dev/null\n", in: dir)
        let out = dir + "/out"
        try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
        let encoder = try AnimationEncoder(format: .mp4, path: out + "/v.mp4", width: 10, height: 10, fps: 10, quality: nil, searchPath: bin)
        try encoder.append(PixelBuffer(width: 10, height: 10))
        #expect(listing(out).count == 1) // ffmpeg's temporary file, hidden
        // Running: it has written its process id.
        for _ in 0..<500 where !FileManager.default.fileExists(atPath: pidFile) { usleep(10_000) }
        usleep(20_000)
        encoder.cancel()
        #expect(listing(out).isEmpty)
        // The child is gone (reaped: not even a zombie to signal).
        let pid = Int32((try String(contentsOfFile: pidFile, encoding: .utf8)).trimmingCharacters(in: .whitespacesAndNewlines))!
        #expect(kill(pid, 0) == -1 && errno == ESRCH)
        #expect(throws: ImageError.self) { try encoder.append(PixelBuffer(width: 10, height: 10)) }
        do {
            let dropped = try AnimationEncoder(format: .mp4, path: out + "/w.mp4", width: 10, height: 10, fps: 10, quality: nil, searchPath: bin)
            try dropped.append(PixelBuffer(width: 10, height: 10))
        }
        #expect(listing(out).isEmpty)
    }

    @Test func aStillMP4IsRefused() throws {
        #expect(throws: ImageError.encode(".mp4 is for animations: a script that sets the `animation` global writes one; a single image can be .png, .jpg, .webp or .gif")) {
            try ImageFormat.mp4.encode(PixelBuffer(width: 2, height: 2))
        }
    }
}
