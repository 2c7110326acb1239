import CellGeometry
@testable import CellRaster
import Testing

/// A canvas' recording (what SVG and PDF are written from) keeps its
/// operations in chunks that never move once written (`Recording.append`):
/// these check that they come back complete and in drawing order however
/// many chunks they span, and that a snapshot taken midway (a canvas drawn
/// onto another, `recordedCanvas`) keeps what it saw while drawing goes on.
@Suite struct RecordingTests {
    /// The x of each recorded fill's first point, in recording order.
    static func fillXs(_ recording: Recording) -> [Double] {
        recording.operations.compactMap { op -> Double? in
            guard case .fill(let path, _, _, _) = op, case .move(let p)? = path.elements.first else { return nil }
            return p.x
        }
    }

    @Test func operationsComeBackInOrderAcrossChunks() throws {
        let canvas = try Canvas(width: 4000, height: 2, scale: 1, parallelism: 1, recording: true)
        // 1 to 3000 fills: within the first chunk, at its edges, and across
        // many of the largest.
        let counts = [1, Recording.firstChunk - 1, Recording.firstChunk, Recording.firstChunk + 1,
                      Recording.largestChunk * 3 + 5, 3000]
        var drawn = 0
        for count in counts {
            while drawn < count {
                canvas.fillRect(Rect(x: Double(drawn), y: 0, width: 1, height: 1))
                drawn += 1
            }
            let xs = Self.fillXs(try #require(canvas.recording))
            #expect(xs == (0..<count).map(Double.init), "after \(count) fills")
        }
        let chunks = try #require(canvas.recording).chunks
        #expect(chunks.count > 3, "3000 operations span several chunks")
        #expect(chunks.allSatisfy { $0.count <= Recording.largestChunk })
    }

    @Test func aSnapshotKeepsWhatItSawWhileDrawingGoesOn() throws {
        let canvas = try Canvas(width: 1000, height: 2, scale: 1, parallelism: 1, recording: true)
        for x in 0..<300 { canvas.fillRect(Rect(x: Double(x), y: 0, width: 1, height: 1)) }
        let snapshot = try #require(canvas.recordedCanvas())
        for x in 300..<700 { canvas.fillRect(Rect(x: Double(x), y: 0, width: 1, height: 1)) }
        #expect(Self.fillXs(snapshot.recording) == (0..<300).map(Double.init))
        #expect(Self.fillXs(try #require(canvas.recording)) == (0..<700).map(Double.init))
    }
}
