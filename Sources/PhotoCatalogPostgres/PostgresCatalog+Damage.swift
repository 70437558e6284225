import PhotoCatalog

extension PostgresCatalog {
    public func recordDamage(_ findings: [DamageFinding]) throws {
        try reconnecting { try runner.recordDamage(findings) }
    }
}
