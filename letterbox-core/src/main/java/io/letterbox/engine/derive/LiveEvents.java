package io.letterbox.engine.derive;

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
import io.letterbox.engine.apply.UserSettingsSet;
import io.letterbox.engine.feed.EventStreams;
import io.letterbox.engine.feed.FeedEntry;
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
 * is told per action: a group's post and recall to its connected members, a broadcast to its
 * connected receivers. Notices from other nodes of their posts, recalls and broadcasts reach the
 * streams by the node's upkeep, not here: the action was applied there.
 */
public final class LiveEvents implements Derivation<EventStreams> {
  public static final LiveEvents DERIVATION = new LiveEvents();

  /** The kind's events are the feed rows its apply wrote, which the streams get with the batch. */
  private static final BiConsumer<EventStreams, Action> IN_THE_FEED = (streams, action) -> {};

  private static final Kinds<EventStreams> KINDS = Kinds.<EventStreams>builder()
      .on(GroupPosted.class, (streams, p) -> streams.posted(p.message()))
      .on(GroupMessageRecalled.class, (streams, r) -> streams.recalledInGroup(r.gid(), r.messageId()))
      .on(BroadcastAccepted.class, (streams, b) -> streams.published(b.from(), b.id()))
      .on(MessageRevised.class, (streams, r) -> {
        // A recall with no peer is of a group's message or of a broadcast: a group's members are
        // told here; the sender's feed row tells a broadcast's receivers.
        if (r.recall() && r.peer() == 0) {
          streams.recalledBySender(r.messageId());
        }
      })
      .on(Sent.class, IN_THE_FEED)
      .on(ReadMarked.class, IN_THE_FEED)
      .on(MessageDeleted.class, IN_THE_FEED)
      .on(ConversationDeleted.class, IN_THE_FEED)
      .on(AllDeleted.class, IN_THE_FEED)
      .on(ConversationStateSet.class, IN_THE_FEED)
      .on(GroupCreated.class, IN_THE_FEED)
      .on(GroupMembersChanged.class, IN_THE_FEED)
      .on(GroupLeft.class, IN_THE_FEED)
      // No event tells of these (decision 0010): an import is history, the rest change no
      // conversation a client shows live.
      .ignore(Imported.class, Followed.class, FollowersAdded.class, Unfollowed.class, Subscribed.class,
          Unsubscribed.class, BlockSet.class, CapSet.class, BroadcastCompleted.class, SegmentReplaced.class,
          SegmentExtended.class, GroupRenamed.class, GroupReadMarked.class, GroupMessageDeleted.class,
          GroupSettingsSet.class, UserSettingsSet.class)
      .build();

  private LiveEvents() {}

  @Override
  public Kinds<EventStreams> kinds() {
    return KINDS;
  }

  /**
   * A batch is durable: its owners' feed rows ({@code feed}), then each action logged here. A
   * delivered part is an action another partition logged, told of where it was logged.
   */
  void durable(EventStreams streams, List<Decision.Logged> logged, List<FeedEntry> feed) {
    if (!feed.isEmpty()) {
      streams.feed(feed);
    }
    for (Decision.Logged l : logged) {
      if (!l.delivered()) {
        derive(streams, l.action());
      }
    }
  }
}
