package io.letterbox.engine;

import io.letterbox.engine.partition.PartitionCommands;
import io.letterbox.engine.read.LifecycleState;
import io.letterbox.engine.read.StateReader;
import io.letterbox.engine.apply.Scheduled;
import io.letterbox.engine.write.CancelScheduleCommand;
import io.letterbox.engine.write.CompleteErasureCommand;
import io.letterbox.engine.write.ConversationStateCommand;
import io.letterbox.keys.Spaces;
import io.letterbox.model.Message;
import io.letterbox.model.Removal;
import io.letterbox.model.UserSettings;
import io.letterbox.rows.ErasureRow;
import io.letterbox.rows.ScheduledRow;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.LongPredicate;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Works through the data of users being erased (decision 0044), one user at a time on one thread
 * of this node, for the users whose partitions it hosts. Every step is an action of its own (a
 * sent message's removal, a leave, an unfollow, a delete), so replay derives what the job did;
 * every step is idempotent, so a job resumed after a restart or at a partition's new owner starts
 * over and skips what is done (a removed message costs a read, no write). At most {@link
 * #IN_FLIGHT} removals wait at once, and the job rests between groups of them ({@link #REST}), so
 * the sends of the partitions it shares keep their pace.
 * When a job finds nothing left, it logs the erasure done and a full compaction of the store runs
 * within half of {@code erasureGrace}.
 */
final class ErasureJobs implements AutoCloseable {
  private static final Logger log = LoggerFactory.getLogger(ErasureJobs.class);
  /** Removals waiting at once: each is a batch on its message's partition and one per reached party. */
  static final int IN_FLIGHT = 16;
  /**
   * After each group of removals the job rests this many times as long as the group took, so that
   * it takes at most a third of its partitions' time and sends keep their pace (decision 0044).
   */
  static final int REST = 2;
  private static final int SCHEDULES_STEP = 256;
  private static final Duration FIRST_RETRY = Duration.ofSeconds(5);
  private static final Duration LAST_RETRY = Duration.ofMinutes(1);

  private final StateReader state;
  private final PartitionCommands commands;
  private final Moderation moderation;
  private final Groups groups;
  private final Relations relations;
  private final Conversations conversations;
  private final Reactions reactions;
  private final StoreCompaction compaction;
  private final LetterboxConfig config;
  private final ScheduledExecutorService runner = java.util.concurrent.Executors.newSingleThreadScheduledExecutor(r -> {
    Thread t = new Thread(r, "letterbox-erasure");
    t.setDaemon(true);
    return t;
  });
  /** The users whose job is queued or running here. */
  private final Set<Long> submitted = ConcurrentHashMap.newKeySet();
  private volatile boolean closed;

  ErasureJobs(StateReader state, PartitionCommands commands, Moderation moderation, Groups groups, Relations relations,
      Conversations conversations, Reactions reactions, StoreCompaction compaction, LetterboxConfig config) {
    this.state = state;
    this.commands = commands;
    this.moderation = moderation;
    this.groups = groups;
    this.relations = relations;
    this.conversations = conversations;
    this.reactions = reactions;
    this.compaction = compaction;
    this.config = config;
  }

  /** Starts the job of a running erasure unless it is queued or running here. */
  void submit(ErasureRow row) {
    if (!row.done() && !closed && submitted.add(row.uid())) {
      runner.execute(() -> run(row, FIRST_RETRY));
    }
  }

  /**
   * Starts the jobs of the running erasures of the users {@code ofUid} accepts (their partition
   * was taken here), and the compaction that erasures done within the grace may still wait for.
   */
  void resume(LongPredicate ofUid) {
    long now = config.clock().millis();
    for (ErasureRow row : state.lifecycle().erasures()) {
      if (!ofUid.test(row.uid())) {
        continue;
      }
      if (!row.done()) {
        submit(row);
      } else if (row.completedAt() + config.erasureGrace().toMillis() > now) {
        compactAfter(row.completedAt() + compactionDelay() - now);
      }
    }
  }

  private long compactionDelay() {
    return config.erasureGrace().toMillis() / 2;
  }

  private void compactAfter(long millis) {
    runner.schedule(() -> {
      if (!closed) {
        compaction.start();
      }
    }, Math.max(0, millis), TimeUnit.MILLISECONDS);
  }

  private void run(ErasureRow row, Duration retry) {
    if (closed) {
      return;
    }
    try {
      long started = System.nanoTime();
      long removed = erase(row.uid());
      commands.submit(row.uid(), new CompleteErasureCommand(row.id(), row.uid())).join();
      submitted.remove(row.uid());
      log.info("user {} erased: {} messages removed in {} ms", row.uid(), removed,
          (System.nanoTime() - started) / 1_000_000);
      compactAfter(compactionDelay());
    } catch (RuntimeException e) {
      if (notOwner(e) || closed) {
        // Its partition moved: the new owner resumes the job when it takes the partition.
        submitted.remove(row.uid());
        return;
      }
      log.warn("erasure of user {} stopped; trying again in {}", row.uid(), retry, e);
      Duration next = retry.multipliedBy(2).compareTo(LAST_RETRY) > 0 ? LAST_RETRY : retry.multipliedBy(2);
      runner.schedule(() -> run(row, next), retry.toMillis(), TimeUnit.MILLISECONDS);
    }
  }

  /** Does every step of the erasure of {@code uid}. @return the messages it removed */
  private long erase(long uid) {
    cancelSchedules(uid);
    LifecycleState lifecycle = state.lifecycle();
    long removed = 0;
    // Its reactions name it beside others' messages (decision 0049): taken back, counts and all.
    reactions.withdrawAll(uid).join();
    for (byte[] at = null;;) {
      LifecycleState.Sent step = lifecycle.sentInConversations(uid, at);
      removed += remove(step.ids());
      if ((at = step.next()) == null) {
        break;
      }
    }
    for (long gid : lifecycle.groupsOf(uid)) {
      for (byte[] at = null;;) {
        LifecycleState.Sent step = lifecycle.sentInGroup(uid, gid, at);
        removed += remove(step.ids());
        if ((at = step.next()) == null) {
          break;
        }
      }
      var membership = state.groups().membership(uid, gid);
      if (membership != null && membership.member()) {
        // Its leaving passes an owned group on to the longest-standing admin, else member; the
        // last member's leaving ends the group (decision 0023).
        groups.removeMember(gid, uid, uid).join();
      }
    }
    for (byte[] at = null;;) {
      LifecycleState.Sent step = lifecycle.broadcastsOf(uid, at);
      removed += remove(step.ids());
      if ((at = step.next()) == null) {
        break;
      }
    }
    for (long target : lifecycle.targets(Spaces.FOLLOWING, uid)) {
      relations.unfollow(uid, target).join();
    }
    for (long target : lifecycle.targets(Spaces.SUBSCRIPTIONS, uid)) {
      relations.unsubscribe(uid, target).join();
    }
    for (long peer : state.conversations().blockedPeers(uid)) {
      relations.block(uid, peer, false).join();
    }
    state.conversations().conversationRows(uid).forEach((peer, row) -> {
      if (row.pinned() || row.muted() || row.archived()) {
        commands.submit(uid, new ConversationStateCommand(uid, peer, false, false, false)).join();
      }
    });
    if (!state.conversations().conversationRows(uid).isEmpty()) {
      conversations.deleteAll(uid).join();
    }
    // Its drafts are its own words no one else saw (decision 0050).
    for (long peer : state.conversations().drafts(uid).keySet()) {
      conversations.setDraft(uid, peer, "").join();
    }
    for (long gid : state.conversations().groupDrafts(uid).keySet()) {
      conversations.setGroupDraft(uid, gid, "").join();
    }
    if (!state.userSettings(uid).equals(UserSettings.DEFAULT)) {
      relations.setUserSettings(uid, new UserSettings.Change(UserSettings.DEFAULT.groupAdds())).join();
    }
    return removed;
  }

  /**
   * Cancels the user's scheduled messages, pending and failed, first, so none is sent while its
   * sends are removed: their rows go and their log entries are redacted (decision 0052). One
   * sent meanwhile is no longer there to cancel, and its message is removed with the others. Each
   * is cancelled by the partition that keeps it (a group post's by the group's).
   */
  private void cancelSchedules(long uid) {
    List<ScheduledRow> rows;
    long after = 0;
    do {
      rows = state.schedules().rows(uid, after, SCHEDULES_STEP);
      for (ScheduledRow row : rows) {
        after = Scheduled.of(row).id();
        try {
          commands.submit(Schedules.keeper(row, uid), new CancelScheduleCommand(uid, after)).join();
        } catch (CompletionException e) {
          if (!(e.getCause() instanceof LetterboxException l && l.code() == ErrorCode.NOT_FOUND)) {
            throw e;
          }
        }
      }
    } while (rows.size() == SCHEDULES_STEP);
  }

  /** Removes the messages of {@code ids} not removed yet, at most {@link #IN_FLIGHT} at once. */
  private long remove(List<Long> ids) {
    if (ids.isEmpty()) {
      return 0;
    }
    List<Message> found = state.messages(ids);
    List<CompletableFuture<Message>> waiting = new ArrayList<>(IN_FLIGHT);
    long removed = 0;
    for (Message m : found) {
      if (m == null || m.removed()) {
        continue;
      }
      waiting.add(moderation.remove(m.id(), Removal.Reason.ERASURE, null));
      removed++;
      if (waiting.size() >= IN_FLIGHT) {
        joinAll(waiting);
      }
    }
    joinAll(waiting);
    return removed;
  }

  /** Waits for the removals of {@code waiting}, then rests {@link #REST} times as long. */
  private void joinAll(List<CompletableFuture<Message>> waiting) {
    if (waiting.isEmpty()) {
      return;
    }
    long started = System.nanoTime();
    CompletableFuture.allOf(waiting.toArray(CompletableFuture[]::new)).join();
    waiting.clear();
    long rest = REST * (System.nanoTime() - started);
    for (long until = System.nanoTime() + rest; !closed && System.nanoTime() < until;) {
      java.util.concurrent.locks.LockSupport.parkNanos(until - System.nanoTime());
    }
  }

  private static boolean notOwner(Throwable e) {
    for (Throwable t = e; t != null; t = t.getCause()) {
      if (t instanceof NotOwnerException) {
        return true;
      }
    }
    return false;
  }

  @Override
  public void close() {
    closed = true;
    runner.shutdownNow();
  }
}
