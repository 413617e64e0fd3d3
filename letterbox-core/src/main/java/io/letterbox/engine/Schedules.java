package io.letterbox.engine;

import io.letterbox.engine.apply.Scheduled;
import io.letterbox.engine.partition.PartitionCommands;
import io.letterbox.engine.read.Cursors;
import io.letterbox.engine.read.StateReader;
import io.letterbox.engine.schedule.DueSchedules;
import io.letterbox.engine.write.CancelScheduleCommand;
import io.letterbox.engine.write.ScheduleCommand;
import io.letterbox.model.Extras;
import io.letterbox.model.GroupPost;
import io.letterbox.model.Page;
import io.letterbox.model.ScheduledMessage;
import io.letterbox.model.SendRequest;
import io.letterbox.rows.ScheduledRow;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * Scheduled messages and group posts (decision 0052): scheduling one, listing and cancelling a
 * sender's, and the sweep that sends them when they come due ({@link #due()}).
 */
public final class Schedules {
  private final LetterboxConfig config;
  private final PartitionCommands commands;
  private final StateReader state;
  private final Messages messages;
  private final Groups groups;
  private final DueSchedules due;
  private final Cursors cursors;
  private static final char KIND = 'q';

  Schedules(LetterboxConfig config, PartitionCommands commands, StateReader state, Messages messages, Groups groups,
      DueSchedules due, Cursors cursors) {
    this.groups = groups;
    this.cursors = cursors;
    this.config = config;
    this.commands = commands;
    this.state = state;
    this.messages = messages;
    this.due = due;
  }

  /**
   * Schedules {@code request} to be sent at {@code sendAt}: validated now as a send is (its shape,
   * text and attachments, which {@code attacher} must be able to read); blocks, caps and the
   * platform's hook are decided when it is sent. INVALID_ARGUMENT for a time not in the future or
   * beyond max-schedule-ahead.
   */
  public CompletableFuture<ScheduledMessage> schedule(SendRequest request, Instant sendAt, long attacher) {
    refusesReferences(request.extras(), request.forwardOf());
    SendRequest checked = messages.checked(request, attacher);
    long at = time(sendAt);
    return submit(new Scheduled(0, checked.from(), checked.to(), at, checked.text(), checked.idempotencyKey(),
        checked.extras()));
  }

  /**
   * Schedules {@code post} to be posted at {@code sendAt}, as {@link #schedule(SendRequest, Instant,
   * long)} does a send: validated now as a post is, refused NOT_MEMBER now if its sender is no
   * member; membership, caps and the platform's hook are decided again when it is posted.
   */
  public CompletableFuture<ScheduledMessage> schedule(GroupPost post, Instant sendAt, long attacher) {
    refusesReferences(post.extras(), post.forwardOf());
    GroupPost checked = groups.checked(post, attacher);
    long at = time(sendAt);
    return submit(new Scheduled(0, checked.from(), 0, at, checked.text(), checked.idempotencyKey(), checked.extras(),
        checked.group(), checked.mentions()));
  }

  private static void refusesReferences(Extras extras, long forwardOf) {
    if (extras.refers() || forwardOf != 0) {
      // What a reply or forward may name is decided when it is sent, against what the sender sees
      // then; a schedule keeps no reference to decide it with (decision 0052).
      throw LetterboxException.invalid("a scheduled message cannot reply to or forward a message");
    }
  }

  /**
   * @return {@code sendAt} in epoch milliseconds; INVALID_ARGUMENT if not in the future or beyond
   *     max-schedule-ahead
   */
  private long time(Instant sendAt) {
    Instant now = config.clock().instant();
    if (sendAt == null || !sendAt.isAfter(now)) {
      throw LetterboxException.invalid("sendAt must be in the future: %s", sendAt);
    }
    if (sendAt.isAfter(now.plus(config.maxScheduleAhead()))) {
      throw LetterboxException.invalid("sendAt must be within %s: %s", config.maxScheduleAhead(), sendAt);
    }
    return sendAt.toEpochMilli();
  }

  private CompletableFuture<ScheduledMessage> submit(Scheduled asked) {
    return commands.submit(asked.owner(), new ScheduleCommand(asked)).thenApply(id -> item(asked.withId(id), null));
  }

  private static ScheduledMessage item(Scheduled s, String failed) {
    return new ScheduledMessage(s.id(), s.from(), s.to(), Instant.ofEpochMilli(s.sendAt()), s.text(),
        s.idempotencyKey(), s.extras(), failed, s.group(), s.mentions());
  }

  /**
   * A page of sender {@code uid}'s scheduled messages, pending and failed, in the order they were
   * scheduled; {@code cursor} null for the first.
   */
  public Page<ScheduledMessage> list(long uid, String cursor, int limit) {
    Validate.uid("uid", uid);
    Validate.limit(limit);
    commands.requireHosted(uid);
    long after = cursor == null ? 0 : cursors.decode(cursor, KIND, uid, 0, 1)[0];
    List<ScheduledRow> rows = state.schedules().rows(uid, after, limit + 1);
    boolean more = rows.size() > limit;
    List<ScheduledMessage> items = new ArrayList<>(Math.min(rows.size(), limit));
    for (ScheduledRow row : more ? rows.subList(0, limit) : rows) {
      items.add(item(Scheduled.of(row), row.failed()));
    }
    return new Page<>(items, more ? cursors.encode(KIND, uid, 0, items.get(items.size() - 1).id()) : null);
  }

  /**
   * Cancels a pending one, or dismisses a failed one; NOT_FOUND once it was sent or for none.
   * Decided by the partition that keeps it: the group's for a post (NOT_OWNER where another node
   * hosts it, which the server forwards).
   */
  public CompletableFuture<Void> cancel(long uid, long id) {
    Validate.uid("uid", uid);
    return commands.submit(keeper(state.schedules().row(uid, id), uid), new CancelScheduleCommand(uid, id));
  }

  /**
   * The owner whose partition keeps schedule {@code row} of {@code uid}: its group's for a post;
   * {@code uid}'s for none.
   */
  static long keeper(ScheduledRow row, long uid) {
    return row == null ? uid : Scheduled.of(row).owner();
  }

  /** The sweep that sends the due ones this node hosts; the platform's hook is set on it. */
  public DueSchedules due() {
    return due;
  }
}
