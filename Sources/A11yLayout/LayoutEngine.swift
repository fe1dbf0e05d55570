import A11yModel
public final class LayoutEngine: Sendable { public init() {} }
