package io.letterbox.keys;

import io.letterbox.store.Space;
import java.util.List;

/**
 * The key spaces of the engine. Each is written through the one codec named beside it.
 */
public final class Spaces {
  private Spaces() {}

  /** The action log, the truth: {@link LogKey} → an encoded action. Holds message contents. */
  public static final Space LOG = Space.plain("log", 0);
  /** Each partition's journal: its order and its fence (decision 0007): {@link JournalKey} → {@code JournalEntry}. */
  public static final Space JOURNAL = Space.plain("journal", JournalKey.PARTITION_PREFIX);
  /** Actions of other partitions whose effects a partition applied: {@link DeliveryKey} → empty. */
  public static final Space DELIVERIES = Space.plain("deliveries", 0);
  /** Contents of imported messages, which have no log entry of their own: {@link LogKey} → content. */
  public static final Space IMPORTED = Space.plain("imported", 0);
  /** Each party's copy of a one-to-one message: {@link TimelineKey} → flags. Rows never change. */
  public static final Space CONVERSATION = Space.plain("conversation", TimelineKey.PAIR_PREFIX);
  /** Messages an owner deleted one by one: {@link TimelineKey} → empty. */
  public static final Space HIDDEN = Space.plain("hidden", TimelineKey.PAIR_PREFIX);
  /**
   * Incoming live messages per conversation ({@link PairKey} → count) in stores from before the
   * counts moved into the conversation rows: read only by the pass that moves them, then empty.
   */
  public static final Space INCOMING = Space.counters("incoming", PairKey.OWNER_PREFIX);
  /** Each conversation's row of its owner's list (decision 0008): {@link PairKey} → {@code ConversationRow}. */
  public static final Space CONVERSATIONS = Space.plain("conversations", PairKey.OWNER_PREFIX);
  /**
   * Each owner's one-to-one conversations in list order: {@link ActivityKey} → a copy of the
   * conversation's row. Put once: every message moves an entry, and a list scans from the newest,
   * so deletes that stayed as tombstones would make a chatty owner's page cost its moves.
   */
  public static final Space ACTIVITY = Space.putOnce("activity", ActivityKey.OWNER_PREFIX);
  /** Unread counters of each owner's requests folder: {@link RequestsKey} → count. */
  public static final Space REQUESTS = Space.counters("requests", RequestsKey.OWNER_PREFIX);
  /** Peers each owner blocked: {@link PairKey} (owner, peer) → empty. */
  public static final Space BLOCKED = Space.plain("blocked", PairKey.OWNER_PREFIX);
  /**
   * Each owner's pinned conversations: {@link PairKey} (owner, peer) → empty, written with the
   * row. The one flag that lists a conversation before its place by time: read whole when an
   * owner's broadcast senders are derived, so that their rows need not be (decision 0008).
   */
  public static final Space PINNED = Space.plain("pinned", PairKey.OWNER_PREFIX);
  /** Per-owner state (read positions, watermarks, caps): {@link StateKey}. */
  public static final Space STATE = Space.plain("state", StateKey.OWNER_PREFIX);
  /** Idempotency keys of sends: {@link IdempotencyKey} → message id and request hash. */
  public static final Space IDEMPOTENCY = Space.plain("idempotency", IdempotencyKey.SENDER_PREFIX);

  /** Followers, subscribers and subscribers by attribute, as uid blocks: {@link RelationBlockKey} → bitmap. */
  public static final Space RELATION_BLOCKS = Space.plain("relation_blocks", RelationBlockKey.TARGET_KIND_PREFIX);
  /** Whom each user follows: {@link PairKey} (uid, target) → empty. */
  public static final Space FOLLOWING = Space.plain("following", PairKey.OWNER_PREFIX);
  /** What each user subscribes to: {@link PairKey} (uid, target) → attributes. */
  public static final Space SUBSCRIPTIONS = Space.plain("subscriptions", PairKey.OWNER_PREFIX);
  /** Senders that reached a receiver it is not related to: {@link PairKey} (receiver, sender) → empty. */
  public static final Space REACHED = Space.plain("reached", PairKey.OWNER_PREFIX);
  /** Per sender, the receivers that have a {@link #REACHED} record: {@link BlockKey} → bitmap. */
  public static final Space PAIRED_BLOCKS = Space.plain("paired_blocks", BlockKey.OWNER_PREFIX);
  /** Named segments: {@link SegmentKey} → size (header) or bitmap (block). */
  public static final Space SEGMENTS = Space.plain("segments", 0);
  /** Frozen broadcast audiences: {@link AudienceKey} → bitmap. */
  public static final Space AUDIENCE = Space.plain("audience", AudienceKey.SENDER_BLOCK_PREFIX);
  /** Broadcast records: {@link BroadcastKey} → {@code BroadcastRecord}. */
  public static final Space BROADCASTS = Space.plain("broadcasts", BroadcastKey.SENDER_PREFIX);
  /** Senders' own frequency caps: sender(8) → cap. Few and small: all held in memory. */
  public static final Space CAPS = Space.plain("caps", 0);
  /** Frequency cap counters: {@link CapLevelKey} → level bitmaps. */
  public static final Space CAP_LEVELS = Space.plain("cap_levels", CapLevelKey.SENDER_WINDOW_PREFIX);

  /** Recalls and edits of messages (decision 0009): {@link LogKey} of the message → {@code RevisionRow}. */
  public static final Space REVISIONS = Space.plain("revisions", 0);
  /** Blobs (attachments), content-addressed, in chunks: {@link BlobKey} → {@code BlobRow} or a chunk's bytes. */
  public static final Space BLOBS = Space.large("blobs", BlobKey.HASH_PREFIX);
  /**
   * Uploads of blobs (decision 0022): {@link BlobUploadKey} → an opaque id's {@code BlobUploadRow},
   * or the id an uploader got for given bytes. Written by uploads, not by the log: primary.
   */
  public static final Space BLOB_UPLOADS = Space.plain("blob_uploads", 0);
  /** The messages that attach each blob, for who may read it (decision 0022): {@link BlobRefKey} → empty. */
  public static final Space BLOB_REFS = Space.plain("blob_refs", 0);

  /** Owners' change feeds (decision 0010): {@link FeedKey} → {@code FeedRow}, kept for the sync retention. */
  public static final Space FEED = Space.plain("feed", FeedKey.DAY_OWNER_PREFIX);

  /**
   * Groups (decision 0011), decided by each group's partition: {@link GroupKey} → a header
   * ({@code GroupRow}), members ({@code MemberRow}), posts' idempotency keys.
   */
  public static final Space GROUPS = Space.plain("groups", GroupKey.GROUP_PREFIX);
  /** Each group's messages, once for all members: {@link GroupTimelineKey} → {@code GroupTimelineRow}. */
  public static final Space GROUP_TIMELINE = Space.plain("group_timeline", GroupTimelineKey.GROUP_PREFIX);
  /** Each member's state of a group, decided by the member's partition: {@link MembershipKey} → {@code MembershipRow}. */
  public static final Space MEMBERSHIPS = Space.plain("memberships", MembershipKey.UID_PREFIX);
  /** Group messages each member deleted from its own view: {@link MembershipKey#hidden} → empty. */
  public static final Space GROUP_HIDDEN = Space.plain("group_hidden", MembershipKey.UID_PREFIX);

  /**
   * The timers of disappearing messages (decision 0045), derived at each message's home:
   * {@link ExpiryKey#timer} → the owner whose partition logged it (8); {@link ExpiryKey#byMessage} → expireAt (8).
   */
  public static final Space EXPIRY = Space.plain("expiry", 0);
  /**
   * Disappearing settings (decision 0045), applied by each party's partition: {@link PairKey} of
   * owner and peer → milliseconds; a group's own under {@code gid 0}. Read ahead with every send
   * and post.
   */
  public static final Space DISAPPEAR_AFTER = Space.plain("disappear_after", PairKey.OWNER_PREFIX);

  /**
   * Reactions to messages (decision 0049): {@link ReactionKey#counts} → a message's counts per
   * emoji ({@code ReactionsRow}), written by its sender's partition. No row for a message without
   * reactions; each user's own are in {@link #OWN_REACTIONS}.
   */
  public static final Space REACTIONS = Space.plain("reactions", ReactionKey.MESSAGE_PREFIX);

  /**
   * Users' own reactions (decision 0049), written by each user's partition: {@link ReactionKey#own}
   * (the user, then the message) → its emojis ({@code ReactionsRow}). No row for a user who never reacted.
   */
  public static final Space OWN_REACTIONS = Space.plain("own_reactions", ReactionKey.USER_PREFIX);

  /**
   * Delivery receipts as store format 9 kept them (decision 0051): {@link PairKey} of the sender
   * and the receiver → the highest message id any of the receiver's devices received (8). Read
   * only by the store upgrade to format 10, which folds them into the senders' conversation rows.
   */
  public static final Space DELIVERED = Space.plain("delivered", PairKey.OWNER_PREFIX);

  /**
   * Scheduled messages (decision 0052), applied by each sender's partition: {@link ScheduleKey#timer}
   * → the sender (8); {@link ScheduleKey#ofSender} → the schedule as {@code ScheduleRows} encodes it.
   */
  public static final Space SCHEDULED = Space.plain("scheduled", 0);

  /** Users' reports of messages, for the platform's moderators: {@link LogKey} of the report → {@code ReportRow}. */
  public static final Space REPORTS = Space.plain("reports", 0);

  /**
   * The search index (decision 0012), derived behind the journals: {@link PostingKey} → the word.
   * Written for every message and read only by searches, each message's postings spread over every
   * owner's lists: write-mostly.
   */
  public static final Space POSTINGS = Space.writeMostly("postings", PostingKey.LIST_PREFIX);

  /**
   * When each user's tokens were last revoked (decision 0024): uid(8) → epoch second(8). Not
   * derived from the log: written by any node at once, read by every node's token checks.
   */
  public static final Space REVOCATIONS = Space.plain("revocations", 0);

  /**
   * Pinned messages of one-to-one conversations (decision 0050), one set for both parties,
   * applied by the partition of the lower uid: {@link PinKey#pair} → {@code PinRow} (whether it is
   * pinned, the version of that state and the log id of the action that set it).
   */
  public static final Space PINS = Space.plain("pins", PinKey.PAIR_PREFIX);
  /** Pinned messages of groups (decision 0050), applied by the group's partition: {@link PinKey#group} → {@code PinRow}. */
  public static final Space GROUP_PINS = Space.plain("group_pins", PinKey.GROUP_PREFIX);
  /** Each owner's drafts of its one-to-one conversations (decision 0050): {@link PairKey} → the text (UTF-8). */
  public static final Space DRAFTS = Space.plain("drafts", PairKey.OWNER_PREFIX);

  public static final List<Space> ALL = List.of(LOG, JOURNAL, DELIVERIES, IMPORTED, CONVERSATION, HIDDEN, INCOMING, CONVERSATIONS,
      ACTIVITY, REQUESTS, BLOCKED, PINNED, STATE,
      IDEMPOTENCY, RELATION_BLOCKS, FOLLOWING, SUBSCRIPTIONS, REACHED, PAIRED_BLOCKS, SEGMENTS, AUDIENCE, BROADCASTS,
      CAPS, CAP_LEVELS, REVISIONS, BLOBS, BLOB_UPLOADS, BLOB_REFS, FEED, GROUPS, GROUP_TIMELINE, MEMBERSHIPS, GROUP_HIDDEN,
      POSTINGS, REVOCATIONS, REPORTS, EXPIRY, DISAPPEAR_AFTER, REACTIONS,
      PINS, GROUP_PINS, DRAFTS, DELIVERED, SCHEDULED, OWN_REACTIONS);

  /**
   * The spaces nothing derives: the log, the journals, the blobs and their uploads, and the
   * revocations. {@code migrate} copies them, {@code rebuild} keeps them; every other space is
   * derived from the log by the appliers.
   */
  public static final List<Space> PRIMARY = List.of(LOG, JOURNAL, BLOBS, BLOB_UPLOADS, REVOCATIONS);
}
