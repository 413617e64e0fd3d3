package io.letterbox.engine.fanout;

import io.letterbox.bitmap.Blocks;
import io.letterbox.keys.AudienceKey;
import io.letterbox.keys.BlockKey;
import io.letterbox.keys.PairKey;
import io.letterbox.keys.Spaces;
import io.letterbox.store.KeyValueStore;
import io.letterbox.store.SortedLoad;
import io.letterbox.store.WriteBatch;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import org.roaringbitmap.RoaringBitmap;

/**
 * A broadcast's fan-out to the receivers of a uid list or a segment: one reached record per new
 * (receiver, sender) pair, so the receiver finds the sender. Receivers paired by an earlier
 * broadcast need none again. Followers and subscribers among them get one too: what a fan-out
 * writes then depends only on frozen audiences, never on when the job ran, so a replay of the log
 * writes exactly what the live job wrote.
 *
 * <p>The records are made in receiver order, so they go in as sorted loads (on RocksDB, table
 * files ingested past the memtable) of up to {@value #LOAD_RECORDS} records each. The sender's
 * {@code paired_blocks} bitmaps, which say who has a record, are written only once a load is
 * committed and durable: a crash in between leaves records that a second run writes again, never
 * a pairing without its record. Idempotent: running it twice writes the same records.
 */
public final class PairRecords {
  private static final byte[] EMPTY = new byte[0];
  /** Records per sorted load: a table file of ~20 MB. */
  static final int LOAD_RECORDS = 2_000_000;
  /** Fewer blocks than this are not worth a part of their own. */
  private static final int MIN_PART_BLOCKS = 4096;
  /** Blocks whose rows are read with one multi-get per space. */
  private static final int READ_BLOCKS = 1024;

  private PairRecords() {}

  /** As {@link #write(KeyValueStore, long, long, List, Executor, int)}, all on the calling thread. */
  public static long write(KeyValueStore store, long sender, long broadcastId, List<Long> blocks) {
    return writeRange(store, sender, broadcastId, blocks, LOAD_RECORDS);
  }

  /**
   * Splits the blocks into up to {@code parts} ranges of receivers, each with its own loads, and
   * writes them at once: the calling thread takes the first, {@code helpers} the others.
   *
   * @return how many new pairs were recorded
   */
  static long write(KeyValueStore store, long sender, long broadcastId, List<Long> blocks, Executor helpers, int parts) {
    return write(store, sender, broadcastId, blocks, helpers, parts, LOAD_RECORDS);
  }

  /** As above, with loads of {@code loadRecords} records (tests make them small). */
  static long write(KeyValueStore store, long sender, long broadcastId, List<Long> blocks, Executor helpers, int parts,
      int loadRecords) {
    int n = Math.max(1, Math.min(parts, blocks.size() / MIN_PART_BLOCKS));
    int step = (blocks.size() + n - 1) / n;
    List<CompletableFuture<Long>> others = new ArrayList<>();
    for (int from = step; from < blocks.size(); from += step) {
      List<Long> range = blocks.subList(from, Math.min(blocks.size(), from + step));
      others.add(CompletableFuture.supplyAsync(() -> writeRange(store, sender, broadcastId, range, loadRecords), helpers));
    }
    long written = 0;
    RuntimeException failure = null;
    try {
      written = writeRange(store, sender, broadcastId, blocks.subList(0, Math.min(step, blocks.size())), loadRecords);
    } catch (RuntimeException e) {
      failure = e;
    }
    for (CompletableFuture<Long> other : others) {
      try {
        written += other.join();
      } catch (RuntimeException e) {
        failure = failure == null ? e : failure;
      }
    }
    if (failure != null) {
      throw failure;
    }
    return written;
  }

  private static long writeRange(KeyValueStore store, long sender, long broadcastId, List<Long> blocks, int loadRecords) {
    List<CompletableFuture<Void>> durable = new ArrayList<>();
    SortedLoad load = store.newSortedLoad(Spaces.REACHED);
    WriteBatch paired = store.newBatch();
    long written = 0;
    try {
      for (int from = 0; from < blocks.size(); from += READ_BLOCKS) {
        List<Long> chunk = blocks.subList(from, Math.min(blocks.size(), from + READ_BLOCKS));
        List<byte[]> audience = store.multiGet(Spaces.AUDIENCE, keys(chunk, b -> AudienceKey.of(sender, b, broadcastId)));
        List<byte[]> pairedKeys = keys(chunk, b -> BlockKey.of(sender, b));
        List<byte[]> pairedRows = store.multiGet(Spaces.PAIRED_BLOCKS, pairedKeys);
        for (int i = 0; i < chunk.size(); i++) {
          RoaringBitmap fresh = Blocks.deserialize(audience.get(i));
          RoaringBitmap pairedBlock = Blocks.deserialize(pairedRows.get(i));
          fresh.andNot(pairedBlock);
          if (fresh.isEmpty()) {
            continue;
          }
          long block = chunk.get(i);
          for (int low : fresh) {
            load.put(PairKey.of(Blocks.uid(block, low), sender), EMPTY);
          }
          pairedBlock.or(fresh);
          paired.put(Spaces.PAIRED_BLOCKS, pairedKeys.get(i), Blocks.serialize(pairedBlock));
          written += fresh.getLongCardinality();
        }
        if (load.size() >= loadRecords) {
          durable.add(commit(store, load, paired));
          load = store.newSortedLoad(Spaces.REACHED);
          paired = store.newBatch();
        }
      }
      durable.add(commit(store, load, paired));
    } finally {
      load.close();
    }
    CompletableFuture.allOf(durable.toArray(new CompletableFuture[0])).join();
    return written;
  }

  /** The records first, durably; then the bitmaps that say they exist. */
  private static CompletableFuture<Void> commit(KeyValueStore store, SortedLoad load, WriteBatch paired) {
    load.commit().join();
    return store.write(paired);
  }

  private static List<byte[]> keys(List<Long> blocks, java.util.function.LongFunction<byte[]> key) {
    List<byte[]> out = new ArrayList<>(blocks.size());
    for (long block : blocks) {
      out.add(key.apply(block));
    }
    return out;
  }
}
