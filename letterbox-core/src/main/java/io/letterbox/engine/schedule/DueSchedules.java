package io.letterbox.engine.schedule;

import io.letterbox.engine.LetterboxException;
import io.letterbox.engine.apply.Scheduled;
import io.letterbox.engine.expiry.SweepThread;
import io.letterbox.engine.partition.PartitionCommands;
import io.letterbox.engine.read.StateReader;
import io.letterbox.engine.write.SendScheduledCommand;
import io.letterbox.keys.ScheduleKey;
import io.letterbox.keys.Spaces;
import io.letterbox.model.GroupPost;
import io.letterbox.model.SendRequest;
import io.letterbox.model.SendResult;
import io.letterbox.model.Vetted;
import io.letterbox.rows.ScheduledRow;
import io.letterbox.store.KeyRange;
import io.letterbox.store.KeyValue;
import io.letterbox.store.KeyValueStore;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.function.BiFunction;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Sends the scheduled messages whose time came (decision 0052): reads the due timers, oldest
 * first, and sends those whose partition (the sender's, or the group's for a post) this node
 * hosts, each through the platform's hook and then that partition ({@link SendScheduledCommand}),
 * which logs the send or post and the schedule's done marker in one batch. The timers are their
 * own durable position: a node that takes a partition over sends what its last owner left due.
 */
public final class DueSchedules {
  private static final Logger log = LoggerFactory.getLogger(DueSchedules.class);
  /** API.md: a scheduled message is sent within a second of its time; the timers are read this often. */
  public static final Duration EVERY = Duration.ofMillis(200);
  static final int PAGE = 128;

  /** What the platform's before-send hook makes of a send, decided when it is sent. */
  @FunctionalInterface
  public interface Vetting {
    /** @return the send to store, or a future failed with the refusal (a {@link LetterboxException}) */
    CompletableFuture<Vetted<SendRequest>> vet(SendRequest asked);

    /** @return the post to store, or a future failed with the refusal (a {@link LetterboxException}) */
    default CompletableFuture<Vetted<GroupPost>> vetPost(GroupPost asked) {
      return CompletableFuture.completedFuture(Vetted.asAsked(asked));
    }
  }

  /** Told that a due post was stored: message {@code id} in group {@code gid}. */
  @FunctionalInterface
  public interface Posted {
    void posted(long gid, long id);
  }

  private final KeyValueStore store;
  private final StateReader state;
  private final PartitionCommands commands;
  private final Supplier<Set<Integer>> hosted;
  private final Clock clock;
  private final boolean requestsFolder;
  private final Posted posted;
  private volatile Vetting vetting = r -> CompletableFuture.completedFuture(Vetted.asAsked(r));
  private SweepThread thread;

  /**
   * @param hosted the partitions this node hosts now
   * @param posted told of each post stored, so that members connected to other nodes get it
   */
  public DueSchedules(KeyValueStore store, StateReader state, PartitionCommands commands,
      Supplier<Set<Integer>> hosted, Clock clock, boolean requestsFolder, Posted posted) {
    this.posted = posted;
    this.store = store;
    this.state = state;
    this.commands = commands;
    this.hosted = hosted;
    this.clock = clock;
    this.requestsFolder = requestsFolder;
  }

  /** Sends every scheduled message through {@code vetting} from now on (by default: as asked). */
  public void vetWith(Vetting vetting) {
    this.vetting = vetting;
  }

  public synchronized void start() {
    if (thread == null) {
      thread = new SweepThread("scheduled", EVERY, this::sweep, "scheduled messages due");
    }
  }

  public synchronized void close() {
    if (thread != null) {
      thread.close();
    }
  }

  /**
   * Sends every hosted scheduled message whose time came, and returns once each is decided (one
   * that could not be is logged, and tried again at the next sweep).
   *
   * @return how many it tried
   */
  public synchronized int sweep() {
    Set<Integer> mine = hosted.get();
    KeyRange due = ScheduleKey.due(clock.millis());
    byte[] from = due.from();
    int tried = 0;
    while (true) {
      List<KeyValue> page = store.scan(Spaces.SCHEDULED, new KeyRange(from, due.to()), false, PAGE);
      List<CompletableFuture<?>> sends = new ArrayList<>();
      for (KeyValue kv : page) {
        if (mine.contains(commands.partitioning().of(ScheduleKey.owner(kv.value())))) {
          sends.add(send(ScheduleKey.sender(kv.value()), ScheduleKey.id(kv.key())));
        }
      }
      CompletableFuture.allOf(sends.toArray(CompletableFuture[]::new)).join();
      tried += sends.size();
      if (page.size() < PAGE) {
        return tried;
      }
      byte[] last = page.get(page.size() - 1).key();
      from = Arrays.copyOf(last, last.length + 1);
    }
  }

  private CompletableFuture<?> send(long sender, long id) {
    CompletableFuture<?> f;
    try {
      ScheduledRow row = state.schedules().row(sender, id);
      if (row == null || !row.pending()) {
        return CompletableFuture.completedFuture(null);
      }
      Scheduled schedule = Scheduled.of(row);
      f = schedule.group() != 0
          ? decided(schedule, vetting.vetPost(schedule.post()), schedule.post(),
              (post, code) -> new SendScheduledCommand(schedule, post, code))
          : decided(schedule, vetting.vet(schedule.request()), schedule.request(),
              (req, code) -> new SendScheduledCommand(schedule, req, code, requestsFolder));
    } catch (RuntimeException e) {
      f = CompletableFuture.failedFuture(e);
    }
    return f.exceptionally(e -> {
      log.warn("scheduled message {} of {} not sent; tried again at the next sweep", id, sender, e);
      return null;
    });
  }

  /**
   * Submits the schedule's send to its partition: what the hook made of it, or, refused by the
   * hook, as asked with the refusal's code (a failure that is no refusal is tried again).
   */
  private <T> CompletableFuture<?> decided(Scheduled schedule, CompletableFuture<Vetted<T>> vetted, T asked,
      BiFunction<T, String, SendScheduledCommand> command) {
    return vetted.handle((v, e) -> {
      Throwable refusal = e == null ? null : refusal(e);
      if (refusal != null && !(refusal instanceof LetterboxException)) {
        return CompletableFuture.<SendResult>failedFuture(refusal);
      }
      int home = commands.partitioning().of(schedule.owner());
      return commands.afterDelivery(home,
          commands.submitTo(home, command.apply(refusal == null ? v.stored() : asked, code(refusal))),
          r -> r != null && r.created() ? r.message().id() : 0L);
    }).thenCompose(x -> x).thenAccept(r -> {
      if (schedule.group() != 0 && r != null && r.created()) {
        posted.posted(schedule.group(), r.message().id());
      }
    });
  }

  private static String code(Throwable refusal) {
    return refusal == null ? null : ((LetterboxException) refusal).code().name();
  }

  private static Throwable refusal(Throwable e) {
    return e instanceof CompletionException && e.getCause() != null ? e.getCause() : e;
  }
}
