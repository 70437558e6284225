import PhotoCatalog

extension PostgresCatalog {
    /// As the SQLite catalog does: each reason added to the asset's damage unless it is there.
    public func recordDamage(_ findings: [DamageFinding]) throws {
        guard !findings.isEmpty else { return }
        try reconnecting {
            try connection.inRetriedTransaction {
                for finding in findings {
                    try connection.execute(
                        """
                        UPDATE assets SET undecodable = undecodable OR $3, damage = CASE
                                WHEN damage IS NULL OR damage = '' THEN $2
                                WHEN strpos(damage, $2) > 0 THEN damage
                                ELSE damage || '; ' || $2
                            END
                        WHERE id = $1
                        """, [.text(finding.id.hex), .text(finding.reason), .bool(finding.undecodable)])
                }
            }
        }
    }
}
