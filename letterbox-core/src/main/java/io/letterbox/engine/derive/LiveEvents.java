package io.letterbox.engine.derive;

import io.letterbox.engine.apply.HoldSet;
import io.letterbox.engine.apply.ErasureStarted;
import io.letterbox.engine.apply.ErasureCompleted;
import io.letterbox.engine.apply.ContentRemoved;
import io.letterbox.engine.apply.Action;
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
import io.letterbox.engine.feed.EventStreams;
import io.letterbox.engine.feed.FeedEntry;
import io.letterbox.engine.partition.Partitioning;
import io.letterbox.engine.write.Decision;
import java.util.List;
import java.util.function.BiConsumer;

/**
 * The live event streams of the owners connected to this node (decision 0010): what each durable
 * batch tells them. Runs once a batch is durable, never sooner (an event announces only what a
 * crash cannot take back), on the store's completion thread: it hands the streams what to give
 * and returns; the streams read what they need on their own thread.
 *
 * <p>An owner's own events are the change-feed rows the batch's actions wrote for it (their
 * {@code apply} writes them): the streams get those with the batch. What no owner's feed holds
 * is told per action, by the partition that wrote what it announces (an action's delivered
 * parts are seen too, by the partitions they reach): a group's post and recall to its connected
 * members, a broadcast to its connected receivers. Notices from other nodes of their posts,
 * recalls and broadcasts reach the streams by the node's upkeep, not here: the action was
 * applied there.
 */
public final class LiveEvents implements Derivation<LiveEvents.Batch> {
  public static final LiveEvents DERIVATION = new LiveEvents();

  /** A durable batch of partition {@code partition}, for the node's {@code streams}. */
  public record Batch(EventStreams streams, Partitioning partitioning, int partition) {
    /** Whether the batch's partition holds {@code owner}'s rows. */
    boolean owns(long owner) {
      return partitioning.of(owner) == partition;
    }
  }

  /** The kind's events are the feed rows its apply wrote, which the streams get with the batch. */
  private static final BiConsumer<Batch, Action> IN_THE_FEED = (batch, action) -> {};

  private static final Kinds<Batch> KINDS = Kinds.<Batch>builder()
      // Told by the group's partition, which logs it; the members' partitions get their parts.
      .on(GroupPosted.class, (b, p) -> {
        if (b.owns(p.gid())) {
          b.streams().posted(p.message());
        }
      })
      // Told by the sender's partition, which writes the revision row (decision 0009).
      .on(GroupMessageRecalled.class, (b, r) -> {
        if (b.owns(r.sender())) {
          b.streams().recalledInGroup(r.gid(), r.messageId(), r.at());
        }
      })
      .on(BroadcastAccepted.class, (b, a) -> {
        if (b.owns(a.from())) {
          b.streams().published(a.from(), a.id());
        }
      })
      .on(MessageRevised.class, (b, r) -> {
        // A recall with no peer is of a group's message or of a broadcast: a group's members are
        // told here; the sender's feed row tells a broadcast's receivers.
        if (r.recall() && r.peer() == 0 && b.owns(r.sender())) {
          b.streams().recalledBySender(r.messageId(), r.at());
        }
      })
      // A group's connected members are told by the sender's partition, as of a recall; the
      // parties of a one-to-one message and a broadcast's sender by their feed rows.
      .on(ContentRemoved.class, (b, r) -> {
        if (r.kind() == io.letterbox.model.Message.Kind.GROUP && b.owns(r.sender())) {
          b.streams().removedInGroup(r.to(), r.messageId(), r.at());
        }
      })
      .on(Sent.class, IN_THE_FEED)
      .on(ReadMarked.class, IN_THE_FEED)
      .on(MessageDeleted.class, IN_THE_FEED)
      .on(ConversationDeleted.class, IN_THE_FEED)
      .on(AllDeleted.class, IN_THE_FEED)
      .on(ConversationStateSet.class, IN_THE_FEED)
      .on(io.letterbox.engine.apply.DisappearSet.class, IN_THE_FEED)
      .on(GroupCreated.class, IN_THE_FEED)
      .on(GroupMembersChanged.class, IN_THE_FEED)
      .on(GroupLeft.class, IN_THE_FEED)
      // A one-to-one message's party and a broadcast's sender are told by their feed rows; a
      // group's connected members by the partition of the message's sender, which keeps its counts.
      .on(io.letterbox.engine.apply.ReactionSet.class, (b, r) -> {
        if (r.inGroup() && b.owns(r.sender())) {
          b.streams().reactedInGroup(r.messageId(), r.uid());
        }
      })
      // No event tells of these (decision 0010): an import is history, the rest change nothing a
      // client shows live.
      .ignore(Imported.class, Followed.class, FollowersAdded.class, Unfollowed.class, Subscribed.class,
          Unsubscribed.class, BlockSet.class, CapSet.class, BroadcastCompleted.class, SegmentReplaced.class,
          SegmentExtended.class, GroupRenamed.class, GroupReadMarked.class, GroupMessageDeleted.class,
          GroupSettingsSet.class, UserSettingsSet.class, Reported.class)
      // A hold and an erasure's own records tell no device anything; its steps are actions of their own.
      .ignore(HoldSet.class, ErasureStarted.class, ErasureCompleted.class)
      // A one-to-one pin and a draft are conversation events in the feed (decision 0050); a
      // group's connected members are told of its pins by the group's partition, live only.
      .on(io.letterbox.engine.apply.PinSet.class, IN_THE_FEED)
      .on(io.letterbox.engine.apply.DraftSet.class, IN_THE_FEED)
      .on(io.letterbox.engine.apply.GroupPinSet.class, (b, p) -> {
        if (b.owns(p.gid())) {
          b.streams().pinsChangedInGroup(p.gid());
        }
      })
      // A delivery receipt is shown on the sender's conversation item, told by no event (decision 0051).
      .ignore(io.letterbox.engine.apply.DeliveryMarked.class)
      // Schedules are the sender's own rows; a schedule's send is its own Sent (decision 0052).
      .ignore(io.letterbox.engine.apply.Scheduled.class, io.letterbox.engine.apply.ScheduleCancelled.class,
          io.letterbox.engine.apply.ScheduleDone.class)
      .build();

  private LiveEvents() {}

  @Override
  public Kinds<Batch> kinds() {
    return KINDS;
  }

  /** {@code batch} is durable: its owners' feed rows ({@code feed}), then each of its actions. */
  void durable(Batch batch, List<Decision.Logged> logged, List<FeedEntry> feed) {
    if (!feed.isEmpty()) {
      batch.streams().feed(feed);
    }
    for (Decision.Logged l : logged) {
      derive(batch, l.action());
    }
  }
}
