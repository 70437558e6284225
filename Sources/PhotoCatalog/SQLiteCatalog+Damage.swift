extension SQLiteCatalog {
    public func recordDamage(_ findings: [DamageFinding]) throws {
        try runner.recordDamage(findings)
    }
}
