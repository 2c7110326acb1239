import Foundation
import Testing
import CellGeometry

@Suite struct DasherTests {
    static let line10 = [Polyline(points: [Point(0, 0), Point(10, 0)], closed: false)]
    static let square10 = [Polyline(points: [Point(0, 0), Point(10, 0), Point(10, 10), Point(0, 10)], closed: true)]

    /// The pieces as arrays of (x, y), for readable comparisons.
    static func coords(_ pieces: [Polyline]) -> [[[Double]]] {
        pieces.map { $0.points.map { [$0.x, $0.y] } }
    }

    static func close(_ a: [Polyline], _ b: [[(Double, Double)]], eps: Double = 1e-9) -> Bool {
        guard a.count == b.count else { return false }
        for (piece, expected) in zip(a, b) {
            guard piece.points.count == expected.count else { return false }
            for (p, q) in zip(piece.points, expected) where abs(p.x - q.0) > eps || abs(p.y - q.1) > eps {
                return false
            }
        }
        return true
    }

    @Test func patternOnAStraightLine() throws {
        let d = try Dasher.dash(Self.line10, pattern: [2, 1], phase: 0, maxPieces: 100)
        #expect(Self.close(d, [[(0, 0), (2, 0)], [(3, 0), (5, 0)], [(6, 0), (8, 0)], [(9, 0), (10, 0)]]),
                "\(Self.coords(d))")
        #expect(d.allSatisfy { !$0.closed })
    }

    @Test func phaseShiftsThePattern() throws {
        let d = try Dasher.dash(Self.line10, pattern: [2, 1], phase: 1, maxPieces: 100)
        #expect(Self.close(d, [[(0, 0), (1, 0)], [(2, 0), (4, 0)], [(5, 0), (7, 0)], [(8, 0), (10, 0)]]),
                "\(Self.coords(d))")
        // Phase wraps modulo the pattern, negative phases count backwards.
        #expect(try Dasher.dash(Self.line10, pattern: [2, 1], phase: 4, maxPieces: 100) == d)
        #expect(try Dasher.dash(Self.line10, pattern: [2, 1], phase: -2, maxPieces: 100) == d)
        // A phase landing exactly on the end of a dash starts in the gap.
        let g = try Dasher.dash(Self.line10, pattern: [2, 1], phase: 2, maxPieces: 100)
        #expect(Self.close(g, [[(1, 0), (3, 0)], [(4, 0), (6, 0)], [(7, 0), (9, 0)]]), "\(Self.coords(g))")
    }

    @Test func oddPatternRepeatsTwice() throws {
        let d = try Dasher.dash(Self.line10, pattern: [2], phase: 0, maxPieces: 100)
        #expect(Self.close(d, [[(0, 0), (2, 0)], [(4, 0), (6, 0)], [(8, 0), (10, 0)]]), "\(Self.coords(d))")
        let e = try Dasher.dash(Self.line10, pattern: [3, 1, 1], phase: 0, maxPieces: 100)
        // [3, 1, 1, 3, 1, 1]: on 0-3, off 3-4, on 4-5, off 5-8, on 8-9, off 9-10.
        #expect(Self.close(e, [[(0, 0), (3, 0)], [(4, 0), (5, 0)], [(8, 0), (9, 0)]]), "\(Self.coords(e))")
    }

    @Test func solidPatternsReturnTheInput() throws {
        let input = Self.square10 + Self.line10
        #expect(try Dasher.dash(input, pattern: [], phase: 3, maxPieces: 0) == input)
        #expect(try Dasher.dash(input, pattern: [0, 0], phase: 3, maxPieces: 0) == input)
        #expect(try Dasher.dash(input, pattern: [0], phase: 0, maxPieces: 0) == input)
        // Invalid entries are the caller's to reject; here they change nothing.
        #expect(try Dasher.dash(input, pattern: [2, -1], phase: 0, maxPieces: 0) == input)
        #expect(try Dasher.dash(input, pattern: [2, .nan], phase: 0, maxPieces: 0) == input)
        #expect(try Dasher.dash(input, pattern: [2, .infinity], phase: 0, maxPieces: 0) == input)
    }

    @Test func dashesRunThroughVertices() throws {
        let l = [Polyline(points: [Point(0, 0), Point(4, 0), Point(4, 4)], closed: false)]
        let d = try Dasher.dash(l, pattern: [6, 1], phase: 0, maxPieces: 100)
        // On 0-6 (through the corner), off 6-7, on 7-8 (the end).
        #expect(Self.close(d, [[(0, 0), (4, 0), (4, 2)], [(4, 3), (4, 4)]]), "\(Self.coords(d))")
    }

    @Test func dashEndingExactlyAtTheEndLeavesNoDot() throws {
        // Length 9 with [2, 1]: the dash that would start at 9 is not drawn.
        let l = [Polyline(points: [Point(0, 0), Point(9, 0)], closed: false)]
        let d = try Dasher.dash(l, pattern: [2, 1], phase: 0, maxPieces: 100)
        #expect(Self.close(d, [[(0, 0), (2, 0)], [(3, 0), (5, 0)], [(6, 0), (8, 0)]]), "\(Self.coords(d))")
    }

    @Test func closedSquareIncludesItsClosingSegment() throws {
        let d = try Dasher.dash(Self.square10, pattern: [6, 4], phase: 0, maxPieces: 100)
        #expect(Self.close(d, [[(0, 0), (6, 0)], [(10, 0), (10, 6)], [(10, 10), (4, 10)], [(0, 10), (0, 4)]]),
                "\(Self.coords(d))")
        #expect(d.allSatisfy { !$0.closed })
    }

    @Test func dashAcrossTheStartOfAClosedPolylineIsOnePiece() throws {
        // Phase 2: on 0-4, ..., on 38-40 continuing into 0-4: one piece through (0, 0).
        let d = try Dasher.dash(Self.square10, pattern: [6, 4], phase: 2, maxPieces: 100)
        #expect(Self.close(d, [[(0, 2), (0, 0), (4, 0)], [(8, 0), (10, 0), (10, 4)], [(10, 8), (10, 10), (6, 10)],
                               [(2, 10), (0, 10), (0, 6)]]),
                "\(Self.coords(d))")
        // Same with an explicit closing point equal to the start.
        let repeated = [Polyline(points: Self.square10[0].points + [Point(0, 0)], closed: true)]
        let e = try Dasher.dash(repeated, pattern: [6, 4], phase: 2, maxPieces: 100)
        #expect(e == d, "\(Self.coords(e))")
    }

    @Test func dashLongerThanAClosedLoopKeepsItWhole() throws {
        let d = try Dasher.dash(Self.square10, pattern: [100, 1], phase: 0, maxPieces: 100)
        #expect(d == Self.square10)
        // But an open line is cut where the dash ends.
        let l = [Polyline(points: [Point(0, 0), Point(200, 0)], closed: false)]
        let e = try Dasher.dash(l, pattern: [100, 1], phase: 0, maxPieces: 100)
        #expect(Self.close(e, [[(0, 0), (100, 0)], [(101, 0), (200, 0)]]), "\(Self.coords(e))")
    }

    @Test func zeroLengthDashesBecomeOnePointPieces() throws {
        let d = try Dasher.dash(Self.line10, pattern: [0, 2], phase: 0, maxPieces: 100)
        #expect(Self.close(d, [[(0, 0)], [(2, 0)], [(4, 0)], [(6, 0)], [(8, 0)]]), "\(Self.coords(d))")
        // On a closed loop the dot at the start is not repeated at the end.
        let s = try Dasher.dash(Self.square10, pattern: [0, 5], phase: 0, maxPieces: 100)
        #expect(s.count == 8, "\(Self.coords(s))")
        #expect(s.allSatisfy { $0.points.count == 1 })
    }

    @Test func onePointPolylineIsKeptWhenThePatternStartsOn() throws {
        let dot = [Polyline(points: [Point(3, 3)], closed: false)]
        #expect(try Dasher.dash(dot, pattern: [2, 1], phase: 0, maxPieces: 10) == dot)
        #expect(try Dasher.dash(dot, pattern: [2, 1], phase: 2.5, maxPieces: 10).isEmpty)
        // Two coincident points are a point too.
        let twice = [Polyline(points: [Point(3, 3), Point(3, 3)], closed: false)]
        #expect(try Dasher.dash(twice, pattern: [2, 1], phase: 0, maxPieces: 10) == dot)
    }

    @Test func patternRestartsAtEverySubpath() throws {
        let two = Self.line10 + [Polyline(points: [Point(0, 5), Point(10, 5)], closed: false)]
        let d = try Dasher.dash(two, pattern: [4, 4], phase: 0, maxPieces: 100)
        #expect(Self.close(d, [[(0, 0), (4, 0)], [(8, 0), (10, 0)], [(0, 5), (4, 5)], [(8, 5), (10, 5)]]),
                "\(Self.coords(d))")
    }

    /// The budget bounds the work: the dasher counts each piece as it makes
    /// it and throws at the first one past `maxPieces`, so a pattern that
    /// would make a billion pieces costs what 10,000 do (no timing needed:
    /// the error names the budget, and the exact-limit cases below show
    /// where it bites).
    @Test func tooManyPiecesThrowsQuickly() throws {
        let long = [Polyline(points: [Point(0, 0), Point(1e6, 0)], closed: false)]
        #expect(throws: StrokeError.tooComplex("dash pattern too fine: more than 10000 dashes")) {
            _ = try Dasher.dash(long, pattern: [0.001], phase: 0, maxPieces: 10_000)
        }
        // Exactly at the limit is fine: [1] on length 10 gives 5 pieces.
        #expect(try Dasher.dash(Self.line10, pattern: [1], phase: 0, maxPieces: 5).count == 5)
        #expect(throws: StrokeError.self) {
            _ = try Dasher.dash(Self.line10, pattern: [1], phase: 0, maxPieces: 4)
        }
        // A dash too short to move along coordinates this large cannot loop
        // forever: pieces that do not move still count against the budget.
        let far = [Polyline(points: [Point(1e20, 0), Point(1e20 + 1e6, 0)], closed: false)]
        #expect(throws: StrokeError.tooComplex("dash pattern too fine: more than 1000 dashes")) {
            _ = try Dasher.dash(far, pattern: [1e-10, 1e-10], phase: 0, maxPieces: 1000)
        }
    }

    /// Non-finite input ends (returning here is the test) within the
    /// budget: whatever comes back has at most `maxPieces` pieces.
    @Test func nonFiniteInputDoesNotHang() throws {
        let bad = [Polyline(points: [Point(0, 0), Point(.nan, 1), Point(5, .infinity), Point(1e308, 0),
                                     Point(-1e308, 0)], closed: true)]
        for phase in [Double.nan, .infinity] {
            if let pieces = try? Dasher.dash(bad, pattern: [1, 2], phase: phase, maxPieces: 1000) {
                #expect(pieces.count <= 1000, "phase \(phase)")
            }
        }
    }
}
