package io.letterbox.engine.follow;

import io.letterbox.engine.apply.ContentRemoved;
import io.letterbox.engine.apply.AllDeleted;
import io.letterbox.engine.apply.BlockSet;
import io.letterbox.engine.apply.BroadcastAccepted;
import io.letterbox.engine.apply.BroadcastCompleted;
import io.letterbox.engine.apply.CapSet;
import io.letterbox.engine.apply.ConversationDeleted;
import io.letterbox.engine.apply.ConversationStateSet;
import io.letterbox.engine.apply.Derivation;
import io.letterbox.engine.apply.Followed;
import io.letterbox.engine.apply.FollowersAdded;
import io.letterbox.engine.apply.GroupCreated;
import io.letterbox.engine.apply.GroupLeft;
import io.letterbox.engine.apply.GroupMembersChanged;
import io.letterbox.engine.apply.GroupMessageDeleted;
import io.letterbox.engine.apply.GroupMessageRecalled;
import io.letterbox.engine.apply.GroupPosted;
import io.letterbox.engine.apply.GroupReadMarked;
import io.letterbox.engine.apply.GroupRenamed;
import io.letterbox.engine.apply.GroupSettingsSet;
import io.letterbox.engine.apply.Imported;
import io.letterbox.engine.apply.Kinds;
import io.letterbox.engine.apply.MessageDeleted;
import io.letterbox.engine.apply.MessageRevised;
import io.letterbox.engine.apply.ReadMarked;
import io.letterbox.engine.apply.SegmentExtended;
import io.letterbox.engine.apply.SegmentReplaced;
import io.letterbox.engine.apply.Sent;
import io.letterbox.engine.apply.Subscribed;
import io.letterbox.engine.apply.Unfollowed;
import io.letterbox.engine.apply.Unsubscribed;
import io.letterbox.engine.apply.Reported;
import io.letterbox.engine.apply.UserSettingsSet;
import io.letterbox.engine.apply.HoldSet;
import io.letterbox.engine.apply.ErasureStarted;
import io.letterbox.engine.apply.ErasureCompleted;

/**
 * What an action of a journal entry gives the feed's consumers (decision 0040): the owners whose
 * feed its apply may have written rows to (each then looked up at the entry's seq), and what it
 * carries once, from the partition that logged it, because it reaches its receivers by read
 * diffusion with no feed row per receiver: a broadcast, its completion, a group's post.
 */
public final class FeedOwners implements Derivation<FeedOwners.Into> {
  public static final FeedOwners DERIVATION = new FeedOwners();

  /** What is carried once. */
  public enum Once { BROADCAST, BROADCAST_COMPLETED, GROUP_POST }

  /** Where an entry's action puts what it gives. */
  public interface Into {
    /** {@code uid}'s feed may have rows at this entry. */
    void owner(long uid);

    /** The entry logged {@code id}, carried once as {@code owner}'s (ignored for a delivered action). */
    void once(Once kind, long owner, long id);
  }

  private static final Kinds<Into> KINDS = Kinds.<Into>builder()
      .on(Sent.class, (into, s) -> {
        into.owner(s.from());
        into.owner(s.to());
      })
      .on(ReadMarked.class, (into, r) -> {
        into.owner(r.owner());
        into.owner(r.peer());
      })
      .on(MessageDeleted.class, (into, d) -> into.owner(d.owner()))
      .on(ConversationDeleted.class, (into, d) -> into.owner(d.owner()))
      .on(AllDeleted.class, (into, d) -> into.owner(d.owner()))
      .on(ConversationStateSet.class, (into, c) -> into.owner(c.owner()))
      .on(io.letterbox.engine.apply.DisappearSet.class, (into, d) -> {
        if (d.peer() != 0) {
          into.owner(d.owner());
          into.owner(d.peer());
        }
      })
      .on(MessageRevised.class, (into, r) -> {
        into.owner(r.sender());
        if (r.peer() != 0) {
          into.owner(r.peer());
        }
      })
      .on(ContentRemoved.class, (into, r) -> {
        into.owner(r.sender());
        if (r.peer() != 0) {
          into.owner(r.peer());
        }
      })
      .on(GroupCreated.class, (into, g) -> {
        for (long uid : g.members()) {
          into.owner(uid);
        }
      })
      .on(GroupMembersChanged.class, (into, g) -> {
        for (long uid : g.uids()) {
          into.owner(uid);
        }
      })
      .on(GroupLeft.class, (into, g) -> into.owner(g.uid()))
      .on(io.letterbox.engine.apply.ReactionSet.class, (into, r) -> {
        if (r.tell() != 0) {
          into.owner(r.tell());
        }
      })
      .on(BroadcastAccepted.class, (into, b) -> into.once(Once.BROADCAST, b.from(), b.id()))
      .on(BroadcastCompleted.class, (into, b) -> into.once(Once.BROADCAST_COMPLETED, b.from(), b.id()))
      .on(GroupPosted.class, (into, g) -> into.once(Once.GROUP_POST, g.gid(), g.id()))
      // No feed rows: imports are history, not news (decision 0010); relations, caps, settings
      // and a group's own records change no owner's devices; a group message's delete, recall and
      // read marks reach members through history and lists (decision 0011).
      .ignore(Imported.class, CapSet.class, Followed.class, FollowersAdded.class, Unfollowed.class,
          Subscribed.class, Unsubscribed.class, SegmentReplaced.class, SegmentExtended.class, BlockSet.class,
          GroupRenamed.class, GroupReadMarked.class, GroupMessageDeleted.class, GroupMessageRecalled.class,
          GroupSettingsSet.class, UserSettingsSet.class, Reported.class)
      // A hold and an erasure's own records write no feed rows; its steps are actions of their own.
      .ignore(HoldSet.class, ErasureStarted.class, ErasureCompleted.class)
      // A one-to-one pin tells both parties, a draft its owner (decision 0050); a group's pins
      // are told to its connected members live and read from the group.
      .on(io.letterbox.engine.apply.PinSet.class, (into, p) -> {
        into.owner(p.by());
        into.owner(p.peer());
      })
      .on(io.letterbox.engine.apply.DraftSet.class, (into, d) -> into.owner(d.owner()))
      .ignore(io.letterbox.engine.apply.GroupPinSet.class)
      // A delivery receipt writes no feed row (decision 0051).
      .ignore(io.letterbox.engine.apply.DeliveryMarked.class)
      // Schedules are the sender's own rows; a schedule's send is its own Sent (decision 0052).
      .ignore(io.letterbox.engine.apply.Scheduled.class, io.letterbox.engine.apply.ScheduleCancelled.class,
          io.letterbox.engine.apply.ScheduleDone.class)
      .build();

  private FeedOwners() {}

  @Override
  public Kinds<Into> kinds() {
    return KINDS;
  }
}
