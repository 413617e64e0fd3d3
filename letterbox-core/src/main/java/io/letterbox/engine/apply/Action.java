package io.letterbox.engine.apply;

/**
 * One entry of the action log: a mutation as a fact, from which every index is derived. Each
 * kind is defined in one file: its record, its stable tag and fields in the log, and how it is
 * applied. A send's entry is stored at the message id and is also where the message's content
 * lives.
 *
 * <p>Applying reads the state through the pending batch ({@link Applying#state()}), so it sees
 * every earlier action whether or not that one was written yet, and writes only into that batch.
 * The live writer and a replay of the log apply an action by the same call.
 */
public sealed interface Action permits Sent, Imported, ReadMarked, MessageDeleted, ConversationDeleted,
    AllDeleted, CapSet, Followed, FollowersAdded, Unfollowed, Subscribed, Unsubscribed, SegmentReplaced,
    SegmentExtended, BroadcastAccepted, BroadcastCompleted, ConversationStateSet, BlockSet, MessageRevised,
    GroupCreated, GroupMembersChanged, GroupRenamed, GroupPosted, GroupReadMarked, GroupMessageDeleted,
    GroupMessageRecalled, GroupSettingsSet, UserSettingsSet, GroupLeft, Reported, ContentRemoved, Redacted,
    HoldSet, ErasureStarted, ErasureCompleted, DisappearSet,
    ReactionSet,
    PinSet, GroupPinSet, DraftSet, DeliveryMarked,
    Scheduled, ScheduleCancelled, ScheduleDone {

  /** The kind's tag in the log: never reused, never renumbered. */
  byte tag();

  /** Writes the fields after the tag, as the kind's {@code read} reads them. */
  void write(ActionCodec.Writer w);

  /** Derives the action's index writes into the pending batch. */
  void apply(Applying to);

  /**
   * Whether applying it may write state of owners other than its home's (a one-to-one message's
   * receiver): only such actions are delivered to other partitions (decision 0007).
   */
  default boolean reachesOtherOwners() {
    return false;
  }

  /**
   * Names the keys its {@code apply} reads from the store, so that a group of actions reads them
   * together (one multi-get per space) before they are applied.
   */
  default void readAhead(java.util.function.BiConsumer<io.letterbox.store.Space, byte[]> want) {}
}
