package io.letterbox.server.config;

/**
 * What one user (a user token) may do on one node (API.md, "Safety (v3)", per-user limits; decision
 * 0021). Service keys are not limited. Each value 0 means no limit.
 *
 * @param sendsPerSecond    user-sends-per-second: one-to-one sends and group posts together, with
 *                          bursts of twice the rate
 * @param streams           user-streams: event streams and sockets open at once
 * @param uploads           user-uploads: blob uploads in progress at once
 * @param blobBytesPerDay   user-blob-bytes-per-day: bytes of blobs uploaded
 * @param groupsPerDay      user-groups-per-day: groups created
 * @param memberAddsPerDay  user-member-adds-per-day: members added to groups (at creation, one by one,
 *                          or many at once)
 * @param searchesPerSecond user-searches-per-second: searches
 */
public record UserLimitSettings(long sendsPerSecond, int streams, int uploads, long blobBytesPerDay,
    long groupsPerDay, long memberAddsPerDay, long searchesPerSecond) {
  public UserLimitSettings {
    if (sendsPerSecond < 0 || streams < 0 || uploads < 0 || blobBytesPerDay < 0 || groupsPerDay < 0
        || memberAddsPerDay < 0 || searchesPerSecond < 0) {
      throw new IllegalArgumentException("per-user limits are 0 (no limit) or more");
    }
  }
}
