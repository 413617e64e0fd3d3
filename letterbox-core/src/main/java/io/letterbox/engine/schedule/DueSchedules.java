package io.letterbox.engine.schedule;

import io.letterbox.engine.LetterboxException;
import io.letterbox.engine.apply.Scheduled;
import io.letterbox.engine.expiry.SweepThread;
import io.letterbox.engine.partition.PartitionCommands;
import io.letterbox.engine.read.StateReader;
import io.letterbox.engine.write.SendScheduledCommand;
import io.letterbox.keys.ScheduleKey;
import io.letterbox.keys.Spaces;
import io.letterbox.model.SendRequest;
import io.letterbox.model.Vetted;
import io.letterbox.rows.ScheduledRow;
import io.letterbox.store.Bytes;
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
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Sends the scheduled messages whose time came (decision 0052): reads the due timers, oldest
 * first, and sends those of senders whose partition this node hosts, each through the platform's
 * hook and then the sender's partition ({@link SendScheduledCommand}), which logs the send and the
 * schedule's done marker in one batch. The timers are their own durable position: a node that
 * takes a partition over sends what its last owner left due.
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
  }

  private final KeyValueStore store;
  private final StateReader state;
  private final PartitionCommands commands;
  private final Supplier<Set<Integer>> hosted;
  private final Clock clock;
  private final boolean requestsFolder;
  private volatile Vetting vetting = r -> CompletableFuture.completedFuture(Vetted.asAsked(r));
  private SweepThread thread;

  /** @param hosted the partitions this node hosts now */
  public DueSchedules(KeyValueStore store, StateReader state, PartitionCommands commands,
      Supplier<Set<Integer>> hosted, Clock clock, boolean requestsFolder) {
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
        long sender = Bytes.getLong(kv.value(), 0);
        if (mine.contains(commands.partitioning().of(sender))) {
          sends.add(send(sender, ScheduleKey.id(kv.key())));
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
      f = vetting.vet(schedule.request())
          .handle((vetted, e) -> e == null ? submit(schedule, vetted.stored(), null)
              : submit(schedule, schedule.request(), refusal(e)))
          .thenCompose(x -> x);
    } catch (RuntimeException e) {
      f = CompletableFuture.failedFuture(e);
    }
    return f.exceptionally(e -> {
      log.warn("scheduled message {} of {} not sent; tried again at the next sweep", id, sender, e);
      return null;
    });
  }

  private CompletableFuture<?> submit(Scheduled schedule, SendRequest stored, Throwable refusal) {
    if (refusal != null && !(refusal instanceof LetterboxException)) {
      return CompletableFuture.failedFuture(refusal);
    }
    String code = refusal == null ? null : ((LetterboxException) refusal).code().name();
    int home = commands.partitioning().of(schedule.from());
    return commands.afterDelivery(home,
        commands.submitTo(home, new SendScheduledCommand(schedule, stored, code, requestsFolder)),
        r -> r != null && r.created() ? r.message().id() : 0L);
  }

  private static Throwable refusal(Throwable e) {
    return e instanceof CompletionException && e.getCause() != null ? e.getCause() : e;
  }
}
