package io.letterbox.bench.workload;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.function.Consumer;

/**
 * Generated conversation history: {@code conversations} pairs of the population and
 * {@code messages} messages among them. Conversation lengths follow a power law (a few are very
 * long, most are short), directions are random, and times are spread evenly, one message every
 * few milliseconds, over the year before {@code endMillis}, so no two share a millisecond.
 */
public final class History implements OldHistory {
  private final long seed;
  private final long[][] pairs;
  private final long messages;
  private final long startMillis;
  private final double stepMillis;

  public History(Population population, long seed, int conversations, long messages, long endMillis, long spanMillis) {
    if (conversations < 1 || messages < 1) {
      throw new IllegalArgumentException("conversations and messages must be positive");
    }
    if (spanMillis < messages) {
      throw new IllegalArgumentException("the span must give each message its own millisecond");
    }
    this.seed = seed;
    this.messages = messages;
    this.startMillis = endMillis - spanMillis;
    this.stepMillis = spanMillis / (double) messages;
    SplittableRandom random = new SplittableRandom(seed);
    this.pairs = new long[conversations][];
    for (int c = 0; c < conversations; c++) {
      pairs[c] = population.pair(random);
    }
  }

  @Override
  public long messages() {
    return messages;
  }

  public int conversations() {
    return pairs.length;
  }

  /** Conversation {@code c}'s two parties. */
  public long[] pair(int c) {
    return pairs[c];
  }

  /** A conversation drawn the way messages were: long ones more often. */
  public int pickConversation(SplittableRandom random) {
    return PowerLaw.rank(random, pairs.length);
  }

  @Override
  public void forEach(int chunk, Consumer<List<HistoryMessage>> sink) {
    SplittableRandom random = new SplittableRandom(seed + 1);
    List<HistoryMessage> batch = new ArrayList<>(chunk);
    for (long i = 0; i < messages; i++) {
      long[] pair = pairs[pickConversation(random)];
      boolean flip = random.nextBoolean();
      long millis = startMillis + (long) (i * stepMillis);
      batch.add(new HistoryMessage(flip ? pair[1] : pair[0], flip ? pair[0] : pair[1], Texts.pick(random), millis));
      if (batch.size() == chunk) {
        sink.accept(batch);
        batch = new ArrayList<>(chunk);
      }
    }
    if (!batch.isEmpty()) {
      sink.accept(batch);
    }
  }
}
