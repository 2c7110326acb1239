import Foundation
import Testing

/// The `animation` global: frames drawn on every core in order, written as
/// GIF, animated WebP, APNG and MP4 (read back by Pillow, webpinfo and
/// ffprobe) or a file per frame; mistakes named, failures leaving nothing.
@Suite struct AnimationTests {
    /// A red square moving right 4 pt a frame over white.
    static let moving = """
        animation = { frames = cell.param("frames", 12), fps = 12, sequential = cell.param("sequential", false),
          draw = function(i, t)
            local c = cell.canvas(60, 40, { background = "#FFFFFF" })
            c:set_fill("#FF0000") c:fill_rect((i - 1) * 4, 10, 10, 10)
            return c
          end }
        """

    @Test func aFilePerFrameInOrder() throws {
        let dir = scratchDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        write(Self.moving, to: dir + "/m.lua")
        let r = try Celllua.run(["m.lua", "-o", "f.ppm"], in: dir)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout == (1...12).map { "f-\($0).ppm\n" }.joined())
        // Frame i has its square at x = 4(i - 1) pt: pixel 8(i - 1) + 2 red.
        #expect(try Reader.python("""
            from PIL import Image
            print(all(Image.open(f'f-{i}.ppm').getpixel((8 * (i - 1) + 2, 24)) == (255, 0, 0) and
                      Image.open(f'f-{i}.ppm').getpixel((8 * (i - 1) - 2, 24)) == (255, 255, 255) for i in range(2, 13)))
            """, in: dir) == "True")
        // In one state, in order: the same frames.
        let one = try Celllua.run(["m.lua", "-o", "g.ppm", "-D", "sequential=true"], in: dir)
        #expect(one.status == 0, "\(one.stderr)")
        for i in 1...12 { #expect(bytes(dir + "/f-\(i).ppm") == bytes(dir + "/g-\(i).ppm")) }
    }

    /// One run, four animations, read back by Pillow and ffprobe: 12 frames
    /// of 120 x 80 at 12 fps, frame 6's square where it was drawn (exact in
    /// the lossless WebP and the APNG; the GIF's palette keeps pure red
    /// and white, its dither only touches edges).
    @Test func gifWebPAPNGAndMP4FromOneRun() throws {
        let dir = scratchDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        write(Self.moving, to: dir + "/m.lua")
        let r = try Celllua.run(["m.lua", "-o", "m.gif", "-o", "m.webp", "-o", "m.png", "-o", "m.mp4"], in: dir)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout == "m.gif\nm.webp\nm.png\nm.mp4\n")
        #expect(try Reader.python("""
            from PIL import Image
            for f in ('m.gif', 'm.webp', 'm.png'):
                im = Image.open(f)
                im.seek(5)
                rgb = im.convert('RGB')
                print(f, im.size, im.n_frames, rgb.getpixel((8 * 5 + 10, 30)), rgb.getpixel((8 * 5 - 4, 30)))
            """, in: dir) == """
            m.gif (120, 80) 12 (255, 0, 0) (255, 255, 255)
            m.webp (120, 80) 12 (255, 0, 0) (255, 255, 255)
            m.png (120, 80) 12 (255, 0, 0) (255, 255, 255)
            """)
        let probe = try Reader.run("ffprobe", ["-v", "error", "-count_frames", "-show_entries",
                                                "stream=codec_name,width,height,r_frame_rate,nb_read_frames",
                                                "-of", "csv=p=0", "m.mp4"], in: dir, package: "ffmpeg")
        #expect(probe.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "h264,120,80,12/1,12", "\(probe.stdout) \(probe.stderr)")
    }

    @Test func aFailingFrameLeavesNothing() throws {
        let dir = scratchDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        write("""
            animation = { frames = 8, draw = function(i, t)
              if i == 6 then error("no frame " .. i) end
              return cell.canvas(10, 10)
            end }
            """, to: dir + "/bad.lua")
        let r = try Celllua.run(["bad.lua", "-o", "b.png", "-o", "b.ppm"], in: dir)
        #expect(r.status == 1)
        #expect(r.stderr.contains("frame 6 of 8: bad.lua:2: no frame 6"), "\(r.stderr)")
        #expect(r.stdout.isEmpty)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir) == ["bad.lua"])
        // --timeout bounds the whole animation.
        write("animation = { frames = 4, draw = function(i, t) while true do end end }", to: dir + "/loop.lua")
        let loop = try Celllua.run(["loop.lua", "-o", "l.ppm", "--timeout", "0.5"], in: dir, timeout: 10)
        #expect(loop.status == 1 && loop.stderr.contains("loop.lua:1: script timed out after 0.5 seconds"), "\(loop.stderr)")
    }

    @Test(arguments: [
        ("animation = 3", "animation must be a table"),
        ("animation = { frames = 0, draw = function() end }", "animation.frames must be a whole number from 1 to 100000, got 0"),
        ("animation = { frames = 2.5, draw = function() end }", "animation.frames must be a whole number from 1 to 100000, got 2.5"),
        ("animation = { frames = 2, fps = 0/0, draw = function() end }", "animation.fps must be a number of frames per second in (0, 240]"),
        ("animation = { frames = 2, fps = 1000, draw = function() end }", "animation.fps must be a number of frames per second in (0, 240], got 1000"),
        ("animation = { frames = 2 }", "animation.draw must be a function(i, t) returning the frame's canvas, got a nil"),
        ("animation = { frames = 2, sequential = 1, draw = function() end }", "animation.sequential must be a boolean"),
        ("animation = { frames = 2, draw = function() return 5 end }", "animation.draw returned no canvas for frame 1"),
    ])
    func mistakesAreNamed(_ script: String, _ message: String) throws {
        let dir = scratchDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        write(script, to: dir + "/a.lua")
        let r = try Celllua.run(["a.lua", "-o", "a.gif"], in: dir)
        // The table's mistakes at the line that sets it; a frame's at its frame.
        let place = message.contains("returned no canvas") ? "frame 1 of 2: " : "a.lua:1: "
        #expect(r.status == 1 && r.stderr.contains(place + message), "\(r.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir) == ["a.lua"])
    }
}
