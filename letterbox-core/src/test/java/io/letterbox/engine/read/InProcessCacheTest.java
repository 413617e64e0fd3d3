package io.letterbox.engine.read;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class InProcessCacheTest {
  private final InProcessCache<Long, String> cache = new InProcessCache<>();
  private final AtomicInteger reads = new AtomicInteger();

  private String read(long key) {
    reads.incrementAndGet();
    return "v" + key;
  }

  @Test
  void offItReadsEveryTime() {
    cache.get(1L, this::read);
    cache.get(1L, this::read);
    cache.getAll(List.of(1L, 2L), at -> List.of(read(1), read(2)));

    assertThat(reads).hasValue(4);
  }

  @Test
  void onItReadsOnceUntilAChangeIsTold() {
    cache.enable(100);
    assertThat(cache.get(1L, this::read)).isEqualTo("v1");
    assertThat(cache.get(1L, this::read)).isEqualTo("v1");
    assertThat(reads).hasValue(1);

    cache.changed(1L);
    cache.get(1L, this::read);
    assertThat(reads).hasValue(2);
  }

  @Test
  void aValueReadWhileAChangeIsToldIsNotKept() {
    cache.enable(100);
    cache.get(1L, key -> {
      cache.changed(key);
      return read(key);
    });
    cache.get(1L, this::read);

    assertThat(reads).as("read again after the change").hasValue(2);
  }

  @Test
  void manyAtOnceReadOnlyTheMissedInOneCallAndKeepThemUnlessAChangeWasTold() {
    cache.enable(100);
    cache.get(2L, this::read);
    List<int[]> calls = new ArrayList<>();
    List<String> all = cache.getAll(List.of(1L, 2L, 3L), at -> {
      calls.add(at);
      List<String> out = new ArrayList<>();
      for (int i : at) {
        out.add(read(i + 1));
      }
      return out;
    });

    assertThat(all).containsExactly("v1", "v2", "v3");
    assertThat(calls).singleElement().isEqualTo(new int[] {0, 2});
    cache.getAll(List.of(1L, 3L), at -> {
      throw new AssertionError("cached");
    });

    cache.getAll(List.of(4L, 5L), at -> {
      cache.changed(9L);
      return List.of(read(4), read(5));
    });
    int before = reads.get();
    cache.getAll(List.of(4L, 5L), at -> List.of(read(4), read(5)));
    assertThat(reads.get() - before).as("read again after a change told while they were read").isEqualTo(2);
  }

  @Test
  void aValueReplacesOnlyTheOneStillCached() {
    cache.enable(100);
    String first = cache.get(1L, this::read);
    cache.replace(1L, first, "more");
    assertThat(cache.get(1L, this::read)).isEqualTo("more");

    cache.changed(1L);
    cache.replace(1L, "more", "stale");
    assertThat(cache.get(1L, this::read)).as("a change dropped it: read again").isEqualTo("v1");
  }
}
