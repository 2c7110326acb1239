import Testing
@testable import CellText

/// Fonts of one face share one fallback chain, so what ShapingCache keeps
/// for a text (keyed by face and chain) serves a font made again: a script
/// that calls `cell.font` on every frame shapes each text once, not once a
/// frame.
@Suite struct FallbackChainTests {
    @Test func fontsOfOneFaceShareTheirChain() throws {
        let one = try Font(named: Fonts.nimbusSans, size: 12)
        let again = try Font(named: Fonts.nimbusSans, size: 30)
        let other = try Font(named: Fonts.nimbusSansBold, size: 12)
        #expect(one.fallbackChain === again.fallbackChain)
        #expect(one.fallbackChain === (try one.withSize(9)).fallbackChain)
        #expect(one.fallbackChain !== other.fallbackChain)
    }
}
