package io.letterbox.engine;

import io.letterbox.model.FrequencyCap;
import java.time.Clock;
import java.util.List;
import java.util.Optional;

/**
 * The engine's settings, each with its default. Built with {@link #builder()}; immutable.
 *
 * @param maxTextLength     longest message text in characters (code points)
 * @param devices           device names that keep their own read position
 * @param defaultCap        the frequency cap of senders that set none
 * @param node              this node's number in the id layout (0..1023)
 * @param maxImportBatch    most messages one import call may carry
 * @param cachedHeadBytes   approximate heap the cache of each owner's broadcast senders and their
 *                          newest broadcasts (conversation lists) may use
 * @param cachedMessageBytes approximate heap the cache of message contents may use
 * @param cachedAudienceBytes approximate heap the cache of broadcast audience heads may use
 * @param cachedBroadcastIdBytes approximate heap of the caches of senders' newest broadcast ids
 *                          and of which broadcasts are published (~96 bytes an entry)
 * @param maxAudienceUids   most uids one broadcast's or segment edit's list may carry
 * @param normalLaneThreads concurrent fan-outs of normal-priority broadcasts
 * @param highLaneThreads   concurrent fan-outs of high-priority broadcasts
 * @param prewarmMinReceivers senders whose newest broadcast reached at least this many have their
 *                          audience heads loaded at start
 * @param fanoutAttempts    tries of a broadcast's fan-out before it is {@code failed}
 * @param fanoutRetryDelay  wait before the second try; doubled for each later one (at most a minute)
 * @param partitions        the store's partition count when it is created (0: what the store
 *                          records, else {@code newStorePartitions}); fixed afterwards (decision 0007)
 * @param sequencers        the node's sequencer threads, among which its partitions are divided
 *                          (0: one per core, at most one per partition; decision 0030)
 * @param newStorePartitions the partition count of a store created with {@code partitions} 0; a
 *                          server gives a new embedded store one per core (decision 0030)
 * @param deliveryWait      how long a send's reply waits for the receiver's partition to apply it
 * @param requestsFolder    whether conversations started by peers the owner neither follows nor
 *                          ever wrote to wait in the requests folder instead of the default list
 * @param maxBlobBytes      largest blob (attachment) a client may store, in bytes
 * @param recallWindow      how long after sending it a sender may recall a message
 * @param editWindow        how long after sending it a sender may edit a text message
 * @param syncRetention     how long each owner's change feed keeps its events for {@code sync}
 *                          and resumed event streams (whole days, decision 0010)
 * @param maxGroupMembers   most members a group may have (decision 0011)
 * @param cachedGroupHeadBytes approximate heap of the cache of groups' newest message (sequence
 *                          number and id) that conversation lists and unread counts read (~80
 *                          bytes a group); used only by an engine hosting every partition
 * @param search            whether messages are indexed for search (decision 0012); turned off,
 *                          searches are refused, and turned on again the index catches up from
 *                          where it stopped
 * @param searchWait        how long a search waits for the index to cover what its owner's
 *                          partition wrote before the search arrived (decision 0012)
 * @param erasureGrace      how soon after an erasure is done the store is compacted, so that no file holds the erased content (decision 0044)
 * @param clock             the time source of ids and cap windows
 * @param messageRetention  how long messages are kept: older ones are removed for everyone
 *                          (decision 0045); empty: kept forever
 * @param maxScheduleAhead  how far ahead a message may be scheduled (decision 0052)
 */
public record LetterboxConfig(
    int maxTextLength,
    List<String> devices,
    Optional<FrequencyCap> defaultCap,
    int node,
    int maxImportBatch,
    long cachedHeadBytes,
    long cachedMessageBytes,
    long cachedAudienceBytes,
    long cachedBroadcastIdBytes,
    int maxAudienceUids,
    int normalLaneThreads,
    int highLaneThreads,
    long prewarmMinReceivers,
    int fanoutAttempts,
    java.time.Duration fanoutRetryDelay,
    int partitions,
    int newStorePartitions,
    int sequencers,
    java.time.Duration deliveryWait,
    boolean requestsFolder,
    long maxBlobBytes,
    java.time.Duration recallWindow,
    java.time.Duration editWindow,
    java.time.Duration syncRetention,
    int maxGroupMembers,
    long cachedGroupHeadBytes,
    boolean search,
    java.time.Duration searchWait,
    java.time.Duration erasureGrace,
    Clock clock,
    Optional<java.time.Duration> messageRetention,
    java.time.Duration maxScheduleAhead) {

  public LetterboxConfig {
    devices = List.copyOf(devices);
    if (maxTextLength < 1) {
      throw new IllegalArgumentException("maxTextLength must be positive: " + maxTextLength);
    }
    if (devices.isEmpty()) {
      throw new IllegalArgumentException("at least one device is needed");
    }
    for (String d : devices) {
      if (!d.matches("[a-z][a-z0-9_-]{0,31}")) {
        throw new IllegalArgumentException("device names are lower-case words: " + d);
      }
    }
    if (node < 0 || node > io.letterbox.id.Ids.MAX_NODE) {
      throw new IllegalArgumentException("node must be 0.." + io.letterbox.id.Ids.MAX_NODE + ": " + node);
    }
    if (maxImportBatch < 1) {
      throw new IllegalArgumentException("maxImportBatch must be positive: " + maxImportBatch);
    }
    if (maxAudienceUids < 1 || normalLaneThreads < 1 || highLaneThreads < 1) {
      throw new IllegalArgumentException("maxAudienceUids and lane threads must be positive");
    }
    if (fanoutAttempts < 1 || fanoutRetryDelay.isNegative()) {
      throw new IllegalArgumentException("fanoutAttempts must be positive and fanoutRetryDelay not negative");
    }
    if (partitions < 0 || partitions > io.letterbox.engine.partition.Partitioning.MAX) {
      throw new IllegalArgumentException("partitions must be 0.." + io.letterbox.engine.partition.Partitioning.MAX + ": " + partitions);
    }
    if (newStorePartitions < 1 || newStorePartitions > io.letterbox.engine.partition.Partitioning.MAX) {
      throw new IllegalArgumentException("newStorePartitions must be 1.." + io.letterbox.engine.partition.Partitioning.MAX
          + ": " + newStorePartitions);
    }
    if (sequencers < 0 || sequencers > io.letterbox.engine.partition.Partitioning.MAX) {
      throw new IllegalArgumentException("sequencers must be 0.." + io.letterbox.engine.partition.Partitioning.MAX + ": " + sequencers);
    }
    if (deliveryWait.isNegative()) {
      throw new IllegalArgumentException("deliveryWait must not be negative");
    }
    if (maxBlobBytes < 1 || maxBlobBytes > io.letterbox.blob.Blobs.MAX_BYTES) {
      throw new IllegalArgumentException("maxBlobBytes must be 1.." + io.letterbox.blob.Blobs.MAX_BYTES + ": " + maxBlobBytes);
    }
    if (recallWindow.isNegative() || editWindow.isNegative()
        || recallWindow.compareTo(MAX_REVISION_WINDOW) > 0 || editWindow.compareTo(MAX_REVISION_WINDOW) > 0) {
      throw new IllegalArgumentException("recallWindow and editWindow must be from 0 to " + MAX_REVISION_WINDOW);
    }
    if (syncRetention.compareTo(java.time.Duration.ofDays(1)) < 0 || syncRetention.compareTo(MAX_SYNC_RETENTION) > 0
        || syncRetention.toSeconds() % 86_400 != 0) {
      throw new IllegalArgumentException("syncRetention must be whole days from P1D to " + MAX_SYNC_RETENTION + ": " + syncRetention);
    }
    if (maxGroupMembers < 2) {
      throw new IllegalArgumentException("maxGroupMembers must be at least 2: " + maxGroupMembers);
    }
    if (erasureGrace.isNegative() || erasureGrace.isZero()) {
      throw new IllegalArgumentException("erasureGrace must be positive");
    }
    if (searchWait.isNegative()) {
      throw new IllegalArgumentException("searchWait must not be negative");
    }
    if (messageRetention.isPresent() && messageRetention.get().compareTo(MIN_MESSAGE_RETENTION) < 0) {
      throw new IllegalArgumentException("messageRetention must be at least " + MIN_MESSAGE_RETENTION + ": "
          + messageRetention.get());
    }
    if (maxScheduleAhead.isNegative() || maxScheduleAhead.isZero()) {
      throw new IllegalArgumentException("maxScheduleAhead must be positive: " + maxScheduleAhead);
    }
    if (devices.size() > 16) {
      throw new IllegalArgumentException("at most 16 devices: " + devices.size());
    }
  }

  /** The longest recall or edit window: readers consult revisions of messages younger than it (decision 0009). */
  public static final java.time.Duration MAX_REVISION_WINDOW = java.time.Duration.ofDays(1);
  /** The longest feed retention: a sync scans one bucket per day since its position. */
  public static final java.time.Duration MAX_SYNC_RETENTION = java.time.Duration.ofDays(366);
  /** The shortest retention: the sweep removes within a day of the horizon (decision 0045). */
  public static final java.time.Duration MIN_MESSAGE_RETENTION = java.time.Duration.ofDays(1);
  /** Time for a revision decided at its window's end to be written (decision 0009). */
  private static final java.time.Duration REVISION_GRACE = java.time.Duration.ofMinutes(10);

  /**
   * @return how long after it was sent a message may still change (be recalled or edited, and the
   *     revision written): readers of younger messages consult their revisions
   */
  public java.time.Duration revisionHorizon() {
    return (recallWindow.compareTo(editWindow) > 0 ? recallWindow : editWindow).plus(REVISION_GRACE);
  }

  public static Builder builder() {
    return new Builder();
  }

  public Builder toBuilder() {
    Builder b = new Builder();
    b.maxTextLength = maxTextLength;
    b.devices = devices;
    b.defaultCap = defaultCap.orElse(null);
    b.node = node;
    b.maxImportBatch = maxImportBatch;
    b.cachedHeadBytes = cachedHeadBytes;
    b.cachedMessageBytes = cachedMessageBytes;
    b.cachedAudienceBytes = cachedAudienceBytes;
    b.cachedBroadcastIdBytes = cachedBroadcastIdBytes;
    b.maxAudienceUids = maxAudienceUids;
    b.normalLaneThreads = normalLaneThreads;
    b.highLaneThreads = highLaneThreads;
    b.prewarmMinReceivers = prewarmMinReceivers;
    b.fanoutAttempts = fanoutAttempts;
    b.fanoutRetryDelay = fanoutRetryDelay;
    b.partitions = partitions;
    b.newStorePartitions = newStorePartitions;
    b.sequencers = sequencers;
    b.deliveryWait = deliveryWait;
    b.requestsFolder = requestsFolder;
    b.maxBlobBytes = maxBlobBytes;
    b.recallWindow = recallWindow;
    b.editWindow = editWindow;
    b.syncRetention = syncRetention;
    b.maxGroupMembers = maxGroupMembers;
    b.cachedGroupHeadBytes = cachedGroupHeadBytes;
    b.search = search;
    b.searchWait = searchWait;
    b.erasureGrace = erasureGrace;
    b.clock = clock;
    b.messageRetention = messageRetention.orElse(null);
    b.maxScheduleAhead = maxScheduleAhead;
    return b;
  }

  public static final class Builder {
    private int maxTextLength = 4000;
    private List<String> devices = List.of("pc", "mobile");
    // None: a sender is uncapped unless it sets its own cap (PUT /v1/senders/{uid}/cap).
    private FrequencyCap defaultCap;
    // Ids are unique across nodes only if every node has its own number.
    private int node = 0;
    private int maxImportBatch = 1000;
    // 32 MiB: ~100 bytes per broadcast sender an owner follows, for the owners listing lately.
    private long cachedHeadBytes = 32L << 20;
    // 64 MiB of hot message texts: recent broadcasts are read by many receivers.
    private long cachedMessageBytes = 64L << 20;
    // 256 MiB: the newest audience rows of hot senders' blocks, shared by all their readers.
    private long cachedAudienceBytes = 256L << 20;
    // 64 MiB: ~700k senders' newest ids and broadcasts' published marks.
    private long cachedBroadcastIdBytes = 64L << 20;
    // 10M: the largest audience the seeds describe; HTTP bodies are bounded by max-body-bytes too.
    private int maxAudienceUids = 10_000_000;
    // One fan-out at a time per lane (each uses a thread per core for its parts); the high lane
    // never waits for the normal one.
    private int normalLaneThreads = 1;
    private int highLaneThreads = 1;
    private long prewarmMinReceivers = 100_000;
    // Five tries over ~15 s ride out a region move or a short store outage.
    private int fanoutAttempts = 5;
    private java.time.Duration fanoutRetryDelay = java.time.Duration.ofSeconds(1);
    private int partitions = 0;
    private int newStorePartitions = 1;
    private int sequencers = 0;
    private java.time.Duration deliveryWait = java.time.Duration.ofSeconds(2);
    private boolean requestsFolder = false;
    private long maxBlobBytes = 20L << 20;
    private java.time.Duration recallWindow = java.time.Duration.ofMinutes(2);
    private java.time.Duration editWindow = java.time.Duration.ofMinutes(15);
    private java.time.Duration syncRetention = java.time.Duration.ofDays(30);
    // API.md: 100,000, the largest group it names; a post costs the same whatever the size.
    private int maxGroupMembers = 100_000;
    // 16 MiB: the heads of ~200k groups, those of the members listing lately.
    private long cachedGroupHeadBytes = 16L << 20;
    private boolean search = true;
    // The index is usually milliseconds behind; past this a search answers from what is indexed.
    private java.time.Duration searchWait = java.time.Duration.ofSeconds(2);
    // A day: one full compaction a day at most for the erasures done in it (API.md).
    private java.time.Duration erasureGrace = java.time.Duration.ofDays(1);
    private Clock clock = Clock.systemUTC();
    // None: messages are kept forever.
    private java.time.Duration messageRetention;
    // API.md: a year.
    private java.time.Duration maxScheduleAhead = java.time.Duration.ofDays(365);

    public Builder maxTextLength(int v) { maxTextLength = v; return this; }
    public Builder devices(List<String> v) { devices = v; return this; }
    public Builder defaultCap(FrequencyCap v) { defaultCap = v; return this; }
    public Builder node(int v) { node = v; return this; }
    public Builder maxImportBatch(int v) { maxImportBatch = v; return this; }
    public Builder cachedHeadBytes(long v) { cachedHeadBytes = v; return this; }
    public Builder cachedMessageBytes(long v) { cachedMessageBytes = v; return this; }
    public Builder cachedAudienceBytes(long v) { cachedAudienceBytes = v; return this; }
    public Builder cachedBroadcastIdBytes(long v) { cachedBroadcastIdBytes = v; return this; }
    public Builder maxAudienceUids(int v) { maxAudienceUids = v; return this; }
    public Builder normalLaneThreads(int v) { normalLaneThreads = v; return this; }
    public Builder highLaneThreads(int v) { highLaneThreads = v; return this; }
    public Builder prewarmMinReceivers(long v) { prewarmMinReceivers = v; return this; }
    public Builder fanoutAttempts(int v) { fanoutAttempts = v; return this; }
    public Builder fanoutRetryDelay(java.time.Duration v) { fanoutRetryDelay = v; return this; }
    public Builder partitions(int v) { partitions = v; return this; }
    public Builder newStorePartitions(int v) { newStorePartitions = v; return this; }
    public Builder sequencers(int v) { sequencers = v; return this; }
    public Builder deliveryWait(java.time.Duration v) { deliveryWait = v; return this; }
    public Builder requestsFolder(boolean v) { requestsFolder = v; return this; }
    public Builder maxBlobBytes(long v) { maxBlobBytes = v; return this; }
    public Builder recallWindow(java.time.Duration v) { recallWindow = v; return this; }
    public Builder editWindow(java.time.Duration v) { editWindow = v; return this; }
    public Builder syncRetention(java.time.Duration v) { syncRetention = v; return this; }
    public Builder maxGroupMembers(int v) { maxGroupMembers = v; return this; }
    public Builder cachedGroupHeadBytes(long v) { cachedGroupHeadBytes = v; return this; }
    public Builder search(boolean v) { search = v; return this; }
    public Builder searchWait(java.time.Duration v) { searchWait = v; return this; }
    public Builder erasureGrace(java.time.Duration v) { erasureGrace = v; return this; }
    public Builder clock(Clock v) { clock = v; return this; }
    public Builder messageRetention(java.time.Duration v) { messageRetention = v; return this; }
    public Builder maxScheduleAhead(java.time.Duration v) { maxScheduleAhead = v; return this; }

    public LetterboxConfig build() {
      return new LetterboxConfig(maxTextLength, devices, Optional.ofNullable(defaultCap), node,
          maxImportBatch, cachedHeadBytes, cachedMessageBytes, cachedAudienceBytes, cachedBroadcastIdBytes, maxAudienceUids,
          normalLaneThreads, highLaneThreads, prewarmMinReceivers, fanoutAttempts, fanoutRetryDelay, partitions, newStorePartitions, sequencers, deliveryWait,
          requestsFolder, maxBlobBytes, recallWindow, editWindow, syncRetention, maxGroupMembers, cachedGroupHeadBytes, search, searchWait, erasureGrace,
          clock, Optional.ofNullable(messageRetention), maxScheduleAhead);
    }
  }
}
