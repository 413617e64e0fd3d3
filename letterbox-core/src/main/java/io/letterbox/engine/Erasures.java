package io.letterbox.engine;

import io.letterbox.engine.apply.ErasureStarted;
import io.letterbox.engine.partition.PartitionCommands;
import io.letterbox.engine.read.StateReader;
import io.letterbox.engine.write.HoldCommand;
import io.letterbox.engine.write.StartErasureCommand;
import io.letterbox.model.Erasure;
import io.letterbox.rows.ErasureRow;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;

/**
 * Erasure of users and legal hold (API.md, Lifecycle; decision 0044). An erasure removes the
 * content of every message the user sent (for every party, as a takedown does), ends its
 * memberships (an owned group passes on), relations, blocks, settings and conversations, and is
 * done once its job found nothing left; the store is compacted within {@code erasureGrace} after.
 * A user on legal hold is not erased.
 */
public final class Erasures {
  private final PartitionCommands commands;
  private final StateReader state;
  private final ErasureJobs jobs;

  Erasures(PartitionCommands commands, StateReader state, ErasureJobs jobs) {
    this.commands = commands;
    this.state = state;
    this.jobs = jobs;
  }

  /**
   * Starts erasing user {@code uid}, or answers the erasure running. A user Letterbox does not
   * know (no conversation, membership, broadcast, follow, subscription, block or settings) is
   * NOT_FOUND, unless an erasure emptied it: then that one answers, done. ON_HOLD for a user on
   * legal hold.
   *
   * @return the erasure, once its start is durable
   */
  public CompletableFuture<Erasure> erase(long uid) {
    Validate.uid("uid", uid);
    return commands.submit(uid, new StartErasureCommand(uid)).thenApply(row -> {
      jobs.submit(row);
      return view(row);
    });
  }

  /** @return erasure {@code id} as it is now, if there is one */
  public Optional<Erasure> find(long id) {
    if (id <= 0) {
      return Optional.empty();
    }
    ErasureStarted started = ErasureStarted.of(state.logEntry(id));
    if (started == null) {
      return Optional.empty();
    }
    ErasureRow row = state.lifecycle().erasure(started.uid());
    if (row == null || row.id() < id) {
      return Optional.empty();
    }
    // A later erasure of the same user starts only once this one is done.
    return Optional.of(row.id() == id ? view(row) : new Erasure(id, started.uid(), true, started.at(), 0));
  }

  /** Puts user {@code uid} on legal hold ({@code on}) or releases it; setting it again changes nothing. */
  public CompletableFuture<Void> hold(long uid, boolean on) {
    Validate.uid("uid", uid);
    return commands.submit(uid, new HoldCommand(uid, on));
  }

  /** Whether user {@code uid} is on legal hold: see {@link StateReader#onHold}. */
  public boolean onHold(long uid) {
    return state.onHold(uid);
  }

  private static Erasure view(ErasureRow row) {
    return new Erasure(row.id(), row.uid(), row.done(), row.startedAt(), row.completedAt());
  }
}
