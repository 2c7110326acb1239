/// Where a cell sits in its grouped section, which decides its rounded
/// corners (UACellBackgroundViewPosition).
public enum CellPosition: String, CaseIterable, Sendable {
    case single, top, middle, bottom

    /// The position of row `row` of `count` rows.
    public static func of(row: Int, count: Int) -> CellPosition {
        if count <= 1 { return .single }
        if row == 0 { return .top }
        return row == count - 1 ? .bottom : .middle
    }
}
