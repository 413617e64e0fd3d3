package io.letterbox.engine.derive;

import io.letterbox.engine.apply.HoldSet;
import io.letterbox.engine.apply.ErasureStarted;
import io.letterbox.engine.apply.ErasureCompleted;
import io.letterbox.engine.apply.ContentRemoved;
import io.letterbox.engine.apply.AllDeleted;
import io.letterbox.engine.apply.Derivation;
import io.letterbox.engine.apply.Kinds;
import io.letterbox.engine.apply.BlockSet;
import io.letterbox.engine.apply.BroadcastAccepted;
import io.letterbox.engine.apply.BroadcastCompleted;
import io.letterbox.engine.apply.CapSet;
import io.letterbox.engine.apply.ConversationDeleted;
import io.letterbox.engine.apply.ConversationStateSet;
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
import io.letterbox.engine.read.ConversationLister;
import io.letterbox.engine.read.GroupReader;
import io.letterbox.engine.read.StateReader;

/**
 * The upkeep of a node's caches of what lists read: the conversation lists' heads, the broadcast
 * heads of senders, the group heads, the caps and revisions the state reader keeps. Runs as each
 * action becomes visible to readers, on the writer's thread: it must not read the store.
 */
public final class ListCaches implements Derivation<ListCaches.Caches> {
  public static final ListCaches DERIVATION = new ListCaches();

  /** A node's caches that follow its writes. */
  public record Caches(ConversationLister conversations, StateReader state, GroupReader groups) {}

  private static final Kinds<Caches> KINDS = Kinds.<Caches>builder()
      .on(Sent.class, (c, s) -> {
        c.conversations().rowChanged(s.from(), s.to());
        c.conversations().rowChanged(s.to(), s.from());
      })
      .on(Imported.class, (c, imported) -> {
        for (Imported.Entry i : imported.messages()) {
          c.conversations().rowChanged(i.from(), i.to());
          c.conversations().rowChanged(i.to(), i.from());
        }
      })
      .on(Followed.class, (c, f) -> c.conversations().rowChanged(f.uid(), f.target()))
      // A read moves the reader's positions and the peer's read receipt, rows the broadcast heads may hold.
      .on(ReadMarked.class, (c, r) -> {
        c.conversations().rowChanged(r.owner(), r.peer());
        c.conversations().rowChanged(r.peer(), r.owner());
      })
      .on(MessageDeleted.class, (c, d) -> c.conversations().forget(d.owner()))
      .on(ConversationDeleted.class, (c, d) -> c.conversations().forget(d.owner()))
      .on(AllDeleted.class, (c, d) -> c.conversations().forget(d.owner()))
      .on(ConversationStateSet.class, (c, s) -> c.conversations().forget(s.owner()))
      .on(io.letterbox.engine.apply.DisappearSet.class, (c, s) -> {
        c.conversations().forget(s.owner());
        c.state().itemJoins().changed(s.owner());
        if (s.peer() != 0) {
          c.conversations().forget(s.peer());
          c.state().itemJoins().changed(s.peer());
        }
      })
      // The drafts the state reader caches for lists (decision 0050).
      .on(io.letterbox.engine.apply.DraftSet.class, (c, d) -> c.state().itemJoins().changed(d.owner()))
      .on(BlockSet.class, (c, b) -> c.conversations().forget(b.owner()))
      .on(CapSet.class, (c, s) -> c.state().senders().capSet(s.sender(), s.cap()))
      .on(BroadcastAccepted.class, (c, b) -> c.state().broadcasts().published(b.from(), b.id()))
      .on(BroadcastCompleted.class, (c, b) -> c.state().broadcasts().fannedOut(b.from(), b.id()))
      .on(GroupPosted.class, (c, p) -> c.groups().heads().posted(p.gid(), p.seq(), p.id()))
      .on(GroupMessageRecalled.class, (c, r) -> c.state().revised(r.messageId()))
      // The broadcast heads hold rows for their folder, pin, block and last id: a revision changes none.
      .on(MessageRevised.class, (c, r) -> c.state().revised(r.messageId()))
      // Whatever was cached of the message, settled or as logged, is read again, redacted.
      .on(ContentRemoved.class, (c, r) -> {
        c.state().removed(r.messageId());
        if (r.kind() == io.letterbox.model.Message.Kind.GROUP && r.reason().vanishes()) {
          c.groups().heads().vanished(r.to());
        }
        if (r.peer() != 0) {
          c.conversations().rowChanged(r.sender(), r.peer());
          c.conversations().rowChanged(r.peer(), r.sender());
        }
      })
      // The reactions the state reader caches (decision 0049).
      .on(io.letterbox.engine.apply.ReactionSet.class, (c, r) -> c.state().reactions().changed(r.messageId()))
      // The caches hold nothing these change.
      .ignore(FollowersAdded.class, Unfollowed.class, Subscribed.class, Unsubscribed.class,
          SegmentReplaced.class, SegmentExtended.class, GroupCreated.class, GroupMembersChanged.class,
          GroupRenamed.class, GroupReadMarked.class, GroupMessageDeleted.class, GroupSettingsSet.class,
          UserSettingsSet.class, GroupLeft.class, Reported.class)
      // A hold and an erasure's own records change no list; its steps are actions of their own.
      .ignore(HoldSet.class, ErasureStarted.class, ErasureCompleted.class)
      // Pins are read per conversation (decision 0050).
      .ignore(io.letterbox.engine.apply.PinSet.class, io.letterbox.engine.apply.GroupPinSet.class)
      // A delivery receipt is in the sender's row (decision 0051), which the sender's broadcast heads may hold.
      .on(io.letterbox.engine.apply.DeliveryMarked.class, (c, d) -> c.conversations().rowChanged(d.sender(), d.receiver()))
      // Schedules are the sender's own rows; a schedule's send is its own Sent (decision 0052).
      .ignore(io.letterbox.engine.apply.Scheduled.class, io.letterbox.engine.apply.ScheduleCancelled.class,
          io.letterbox.engine.apply.ScheduleDone.class)
      .build();

  private ListCaches() {}

  @Override
  public Kinds<Caches> kinds() {
    return KINDS;
  }
}
