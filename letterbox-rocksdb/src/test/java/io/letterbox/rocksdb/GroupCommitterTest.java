package io.letterbox.rocksdb;

import static org.assertj.core.api.Assertions.assertThat;

import io.letterbox.store.StoreException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class GroupCommitterTest {
  private static final Duration WAIT = Duration.ofSeconds(5);

  /** A sync that runs only when the test releases it, and reports when it has started. */
  private static final class GatedSync implements GroupCommitter.WalSync {
    final Semaphore started = new Semaphore(0);
    final Semaphore release = new Semaphore(0);
    final AtomicInteger calls = new AtomicInteger();
    volatile boolean failNext;

    @Override
    public void sync() throws Exception {
      calls.incrementAndGet();
      started.release();
      release.acquire();
      if (failNext) {
        failNext = false;
        throw new java.io.IOException("disk on fire");
      }
    }

    void awaitStarted() throws InterruptedException {
      assertThat(started.tryAcquire(60, TimeUnit.SECONDS)).as("a sync started").isTrue();
    }
  }

  @Test
  void aWriteIsNotDurableBeforeItsSyncFinishes() throws Exception {
    GatedSync sync = new GatedSync();
    try (GroupCommitter committer = new GroupCommitter("test", sync)) {
      CompletableFuture<Void> future = committer.durable();
      sync.awaitStarted();

      assertThat(future).isNotDone();

      sync.release.release();
      assertThat(future).succeedsWithin(WAIT);
    }
  }

  @Test
  void writesArrivingDuringASyncShareTheNextOne() throws Exception {
    GatedSync sync = new GatedSync();
    try (GroupCommitter committer = new GroupCommitter("test", sync)) {
      CompletableFuture<Void> first = committer.durable();
      sync.awaitStarted();
      List<CompletableFuture<Void>> during = new ArrayList<>();
      for (int i = 0; i < 50; i++) {
        during.add(committer.durable());
      }

      sync.release.release(2);

      assertThat(first).succeedsWithin(WAIT);
      during.forEach(f -> assertThat(f).succeedsWithin(WAIT));
      assertThat(sync.calls).hasValue(2);
      assertThat(committer.syncCount()).isEqualTo(2);
    }
  }

  @Test
  void aFailedSyncFailsItsGroupAndTheNextSyncMayStillSucceed() throws Exception {
    GatedSync sync = new GatedSync();
    sync.failNext = true;
    try (GroupCommitter committer = new GroupCommitter("test", sync)) {
      CompletableFuture<Void> lost = committer.durable();
      sync.release.release();
      assertThat(lost).failsWithin(WAIT).withThrowableThat().havingCause().isInstanceOf(StoreException.class);

      CompletableFuture<Void> next = committer.durable();
      sync.release.release();
      assertThat(next).succeedsWithin(WAIT);
    }
  }

  @Test
  void closeSyncsAndCompletesWhatIsPending() throws Exception {
    GatedSync sync = new GatedSync();
    GroupCommitter committer = new GroupCommitter("test", sync);
    CompletableFuture<Void> first = committer.durable();
    sync.awaitStarted();
    CompletableFuture<Void> second = committer.durable();
    CountDownLatch closed = new CountDownLatch(1);
    Thread closer = new Thread(() -> {
      committer.close();
      closed.countDown();
    });
    closer.start();

    assertThat(closed.await(100, TimeUnit.MILLISECONDS)).as("close waits for the pending sync").isFalse();
    sync.release.release(2);

    assertThat(closed.await(60, TimeUnit.SECONDS)).isTrue();
    assertThat(first).isCompleted();
    assertThat(second).isCompleted();
  }
}
