// TEMPORARY STUB until the stroker branch merges. Not committed.
public enum StrokeError: Error, Equatable, CustomStringConvertible {
    case tooComplex(String)
    public var description: String { switch self { case .tooComplex(let s): return s } }
}
public enum Stroker {
    public static func stroke(_ path: Path, style: StrokeStyle, tolerance: Double, maxPoints: Int = 4_000_000) throws -> Path { Path() }
}
