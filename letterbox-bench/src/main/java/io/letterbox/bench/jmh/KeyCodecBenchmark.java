package io.letterbox.bench.jmh;

import io.letterbox.keys.LogKey;
import io.letterbox.keys.PairKey;
import io.letterbox.keys.TimelineKey;
import io.letterbox.engine.apply.Action;
import io.letterbox.engine.apply.Sent;
import io.letterbox.engine.apply.ActionCodec;
import io.letterbox.store.KeyRange;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;

/**
 * The key and action codecs every send and every page read goes through: a send encodes a log
 * key, its action and two timeline keys; a page decodes up to 21 timeline keys and 20 actions.
 *
 * <p>Run: {@code java -jar letterbox-bench/target/letterbox-bench.jar jmh KeyCodecBenchmark}
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class KeyCodecBenchmark {
  long owner = 1_234_567_890L;
  long peer = 6_543_210_987L;
  long id = 7_403_170_127_155_200_001L;
  byte[] timelineKey = TimelineKey.of(owner, peer, id);
  Sent sent = new Sent(id, owner, peer, "今天的新闻 hello 私信会话消息内容", null, 0);
  byte[] encodedSent = ActionCodec.encode(sent);

  @Benchmark
  public byte[] timelineKeyEncode() {
    return TimelineKey.of(owner, peer, id++);
  }

  @Benchmark
  public long timelineKeyDecode() {
    return TimelineKey.owner(timelineKey) ^ TimelineKey.peer(timelineKey) ^ TimelineKey.id(timelineKey);
  }

  @Benchmark
  public KeyRange timelineRange() {
    return TimelineKey.range(owner, peer, 0, id);
  }

  @Benchmark
  public byte[] logKeyEncode() {
    return LogKey.of(id++);
  }

  @Benchmark
  public byte[] pairKeyEncode() {
    return PairKey.of(owner, peer);
  }

  @Benchmark
  public byte[] sentActionEncode() {
    return ActionCodec.encode(sent);
  }

  @Benchmark
  public Action sentActionDecode() {
    return ActionCodec.decode(encodedSent);
  }
}
