package io.letterbox.bench.scenario;

import io.letterbox.bench.measure.OpenLoop;
import io.letterbox.bench.measure.OpenLoop.Planned;
import io.letterbox.bench.targets.DmTarget;
import io.letterbox.bench.workload.History;
import io.letterbox.bench.workload.Texts;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReferenceArray;

/**
 * Chooses each operation of the mixed scenario: a newest-page read, a send into an existing
 * conversation, or a delete of a message sent earlier in the run (it remembers the last 4,096),
 * in the proportions asked for.
 */
final class MixedPlan implements OpenLoop.Planner {
  static final List<String> KINDS = List.of("mixed: send", "mixed: newest page", "mixed: delete");
  private static final int SEND = 0;
  private static final int READ = 1;
  private static final int DELETE = 2;

  private final DmTarget target;
  private final History history;
  private final ExecutorService pool;
  private final double deleteShare;
  private final double sendShare;
  private final AtomicReferenceArray<long[]> sent = new AtomicReferenceArray<>(4096);
  private final AtomicLong sends = new AtomicLong();

  MixedPlan(DmTarget target, History history, ExecutorService pool, double readsPerWrite, double deleteShare) {
    this.target = target;
    this.history = history;
    this.pool = pool;
    this.deleteShare = deleteShare;
    this.sendShare = (1 - deleteShare) / (1 + readsPerWrite);
  }

  @Override
  public Planned next(SplittableRandom random) {
    long[] pair = history.pair(history.pickConversation(random));
    boolean flip = random.nextBoolean();
    long owner = flip ? pair[1] : pair[0];
    long peer = flip ? pair[0] : pair[1];
    double u = random.nextDouble();
    if (u < deleteShare) {
      int filled = (int) Math.min(sent.length(), sends.get());
      long[] victim = filled == 0 ? null : sent.getAndSet(random.nextInt(filled), null);
      if (victim != null) {
        return new Planned(DELETE, () -> target.delete(victim[0], victim[1], victim[2]));
      }
    } else if (u < deleteShare + sendShare) {
      String text = Texts.pick(random);
      return new Planned(SEND, () -> target.send(owner, peer, text).thenAccept(id ->
          sent.set((int) (sends.getAndIncrement() % sent.length()), new long[] {owner, peer, id})));
    }
    return new Planned(READ, () -> target.historyAsync(owner, peer, null, ReadPageScenario.PAGE, pool));
  }
}
