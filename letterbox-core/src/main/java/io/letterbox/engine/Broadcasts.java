package io.letterbox.engine;

import io.letterbox.blob.Blobs;
import io.letterbox.engine.fanout.BroadcastJobs;
import io.letterbox.engine.partition.PartitionCommands;
import io.letterbox.engine.read.Cursors;
import io.letterbox.engine.read.StateReader;
import io.letterbox.engine.write.BroadcastCommand;
import io.letterbox.engine.write.SetCapCommand;
import io.letterbox.model.Audience;
import io.letterbox.model.Broadcast;
import io.letterbox.model.BroadcastRequest;
import io.letterbox.model.Extras;
import io.letterbox.model.FrequencyCap;
import io.letterbox.model.Message;
import io.letterbox.model.Page;
import io.letterbox.model.Vetted;
import io.letterbox.rows.BroadcastRecord;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.concurrent.TimeUnit;

/**
 * Broadcasts: one message to an audience frozen at send time and stored once, fanned out in the
 * background; their status, resuming a failed fan-out, the sender's list of them, recalling one,
 * and the sender's frequency cap.
 */
public final class Broadcasts {
  private final LetterboxConfig config;
  private final PartitionCommands commands;
  private final StateReader state;
  private final Cursors cursors;
  private final BroadcastJobs jobs;
  private final Blobs blobs;
  private final Messages messages;
  private final Peers peers;
  private final Executor replies;

  Broadcasts(LetterboxConfig config, PartitionCommands commands, StateReader state, Cursors cursors, BroadcastJobs jobs,
      Blobs blobs, Messages messages, Peers peers, Executor replies) {
    this.config = config;
    this.commands = commands;
    this.state = state;
    this.cursors = cursors;
    this.jobs = jobs;
    this.blobs = blobs;
    this.messages = messages;
    this.peers = peers;
    this.replies = replies;
  }

  /**
   * Accepts a broadcast: its audience is frozen now, stored once, and readable by its receivers
   * when the future completes. Receivers unrelated to the sender find it in their conversation
   * list once the fan-out is done.
   */
  public CompletableFuture<Broadcast> send(BroadcastRequest request) {
    return send(Vetted.asAsked(request));
  }

  /**
   * Accepts a broadcast whose content the platform's before-send hook may have replaced:
   * {@code request.stored()} is stored, its idempotency key stands for {@code request.asked()}.
   */
  public CompletableFuture<Broadcast> send(Vetted<BroadcastRequest> request) {
    BroadcastRequest asked = checked(request.asked());
    BroadcastRequest checked = request.unchanged() ? asked : checked(request.stored());
    long wait = config.deliveryWait().toMillis();
    // Its receivers connected here were told as it became durable; those connected elsewhere are told now.
    return commands.submit(checked.from(), new BroadcastCommand(checked, asked))
        .thenCompose(id -> peers.published(checked.from(), id)
            .completeOnTimeout(null, wait, TimeUnit.MILLISECONDS)
            .handle((ok, error) -> id))
        .thenApplyAsync(id -> {
          jobs.submit(id);
          return find(id).orElseThrow();
        }, replies);
  }

  private BroadcastRequest checked(BroadcastRequest request) {
    Validate.uid("from", request.from());
    // Broadcasts are sent by services, which may attach any blob.
    Extras extras = Validate.extras(request.extras(), blobs::find);
    String text = Validate.text(request.text(), extras.type(), config.maxTextLength());
    Validate.idempotencyKey(request.idempotencyKey());
    Audience audience = request.audience();
    if (audience == null) {
      throw LetterboxException.invalid("audience must not be null");
    } else if (audience instanceof Audience.Subscribers s) {
      audience = new Audience.Subscribers(Validate.attributes("where", s.where()));
    } else if (audience instanceof Audience.Uids u) {
      audience = new Audience.Uids(Validate.uids("audience.uids", u.uids(), config.maxAudienceUids(), false));
    } else if (audience instanceof Audience.Segment seg) {
      Validate.segmentName(seg.name());
    }
    BroadcastRequest.Priority priority =
        request.priority() == null ? BroadcastRequest.Priority.NORMAL : request.priority();
    return new BroadcastRequest(request.from(), text, audience, priority, request.idempotencyKey(), extras,
        request.push());
  }

  /** @return the broadcast with this id, with its fan-out status and counts. */
  public Optional<Broadcast> find(long id) {
    Validate.messageId(id);
    Message m = state.message(id);
    if (m == null || m.kind() != Message.Kind.BROADCAST) {
      return Optional.empty();
    }
    commands.requireHosted(m.from());
    return Optional.ofNullable(state.broadcastRows().broadcastRecord(m.from(), id))
        .map(r -> toBroadcast(m, r).withReactions(state.reactions().ofSender(m.from(), id)));
  }

  /**
   * Starts the fan-out of a broadcast again, e.g. one that {@linkplain Broadcast.Status#FAILED
   * failed} after its retries. Does nothing to one that is done or running.
   *
   * @return the broadcast as it is now
   */
  public Broadcast resume(long id) {
    Broadcast b = find(id).orElseThrow(() -> LetterboxException.notFound("no broadcast %d", id));
    if (b.status() != Broadcast.Status.DONE) {
      jobs.submit(id);
    }
    return find(id).orElseThrow();
  }

  /** The broadcasts {@code sender} sent, newest first. */
  public Page<Broadcast> sent(long sender, String cursor, int limit) {
    Validate.uid("uid", sender);
    Validate.limit(limit);
    commands.requireHosted(sender);
    long before = cursor == null ? Long.MAX_VALUE : cursors.decode(cursor, 'b', sender, 0, 1)[0];
    List<Map.Entry<Long, BroadcastRecord>> rows = state.broadcastRows().sentBroadcasts(sender, before, limit + 1);
    boolean more = rows.size() > limit;
    List<Map.Entry<Long, BroadcastRecord>> shown = more ? rows.subList(0, limit) : rows;
    List<Message> found = state.messages(shown.stream().map(Map.Entry::getKey).toList());
    List<Broadcast> items = new ArrayList<>(shown.size());
    for (int i = 0; i < shown.size(); i++) {
      items.add(toBroadcast(found.get(i), shown.get(i).getValue()));
    }
    String next = more ? cursors.encode('b', sender, 0, items.get(items.size() - 1).id()) : null;
    return new Page<>(items, next);
  }

  /**
   * Recalls broadcast {@code id} for every receiver, by its sender {@code by}: one record, as for
   * any message (decision 0009).
   *
   * @return the broadcast's message as recalled; fails with NOT_FOUND if no broadcast has this id,
   *     NOT_SENDER if {@code by} did not send it, RECALL_WINDOW_PASSED if it is older than recall-window
   */
  public CompletableFuture<Message> recall(long by, long id) {
    Validate.uid("by", by);
    Validate.messageId(id);
    Message m = state.message(id);
    if (m == null || m.kind() != Message.Kind.BROADCAST) {
      throw LetterboxException.notFound("no broadcast %d", id);
    }
    return messages.recall(by, id);
  }

  /** Sets the sender's frequency cap. */
  public CompletableFuture<Void> setCap(long sender, FrequencyCap cap) {
    Validate.uid("sender", sender);
    if (cap == null) {
      throw LetterboxException.invalid("cap must not be null");
    }
    return commands.submit(sender, new SetCapCommand(sender, cap));
  }

  /** @return the cap in force for {@code sender}: its own, else the configured default. */
  public Optional<FrequencyCap> cap(long sender) {
    Validate.uid("sender", sender);
    commands.requireHosted(sender);
    return state.senders().cap(sender);
  }

  private Broadcast toBroadcast(Message m, BroadcastRecord r) {
    Broadcast.Status status = r.done() ? Broadcast.Status.DONE : jobs.status(m.id());
    return new Broadcast(m.id(), m.from(), m.text(), m.extras(), status, r.receivers(), r.capped(),
        r.done() ? Optional.of(Instant.ofEpochMilli(r.completedAt())) : Optional.empty());
  }
}
