/**
 * Backups: online backups of the embedded store while the server serves
 * ({@code POST /v1/admin/backups}, {@link io.letterbox.server.backup.OnlineBackups}), and the
 * snapshots of an HBase namespace that {@code letterbox backup} and {@code letterbox restore} take
 * and clone (decision 0047).
 */
package io.letterbox.server.backup;
