package io.letterbox.bitmap;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.Map;
import java.util.TreeMap;
import org.roaringbitmap.RoaringBitmap;
import org.roaringbitmap.RoaringBitmapWriter;
import org.roaringbitmap.buffer.ImmutableRoaringBitmap;

/**
 * Uids as blocks of 2^16 consecutive uids: a uid is (block = uid >>> 16, low = uid & 0xFFFF), and
 * a set of uids is one small RoaringBitmap of lows per block. A reader checks membership in the
 * one block that holds its uid.
 */
public final class Blocks {
  public static final int BITS = 16;

  private Blocks() {}

  public static long block(long uid) {
    return uid >>> BITS;
  }

  public static int low(long uid) {
    return (int) (uid & 0xFFFF);
  }

  public static long uid(long block, int low) {
    return (block << BITS) | low;
  }

  /** Groups uids by block, in block order. Built from sorted input, which Roaring likes best. */
  public static TreeMap<Long, RoaringBitmap> group(long[] uids) {
    long[] sorted = uids;
    if (!ascending(uids)) {
      sorted = uids.clone();
      Arrays.sort(sorted);
    }
    TreeMap<Long, RoaringBitmap> out = new TreeMap<>();
    int i = 0;
    while (i < sorted.length) {
      long block = block(sorted[i]);
      int j = i;
      while (j < sorted.length && block(sorted[j]) == block) {
        j++;
      }
      // One container per block, filled in order: the writer appends instead of inserting. Its
      // size hint is for an array container (at most 4,096 values; past that Roaring turns it into
      // a bitmap anyway), and Roaring refuses a hint of a whole block.
      RoaringBitmapWriter<RoaringBitmap> writer = RoaringBitmapWriter.writer().optimiseForArrays()
          .expectedValuesPerContainer(Math.min(j - i, 4096)).get();
      for (int k = i; k < j; k++) {
        writer.add(low(sorted[k]));
      }
      out.put(block, writer.get());
      i = j;
    }
    return out;
  }

  private static boolean ascending(long[] uids) {
    for (int i = 1; i < uids.length; i++) {
      if (uids[i] < uids[i - 1]) {
        return false;
      }
    }
    return true;
  }

  public static long cardinality(Map<Long, RoaringBitmap> blocks) {
    long n = 0;
    for (RoaringBitmap b : blocks.values()) {
      n += b.getLongCardinality();
    }
    return n;
  }

  public static byte[] serialize(RoaringBitmap bitmap) {
    bitmap.runOptimize();
    ByteBuffer buffer = ByteBuffer.allocate(bitmap.serializedSizeInBytes());
    bitmap.serialize(buffer);
    return buffer.array();
  }

  public static RoaringBitmap deserialize(byte[] bytes) {
    RoaringBitmap bitmap = new RoaringBitmap();
    if (bytes == null || bytes.length == 0) {
      return bitmap;
    }
    try {
      bitmap.deserialize(ByteBuffer.wrap(bytes));
    } catch (IOException e) {
      throw new UncheckedIOException("corrupt bitmap", e);
    } catch (RuntimeException e) {
      throw new IllegalStateException("corrupt bitmap", e);
    }
    return bitmap;
  }

  /** Membership read straight from the serialized form, without building the bitmap. */
  public static boolean contains(byte[] serialized, long uid) {
    return serialized != null && serialized.length > 0
        && new ImmutableRoaringBitmap(ByteBuffer.wrap(serialized)).contains(low(uid));
  }

  /** Cardinality read from the serialized form's container headers. */
  public static long cardinality(byte[] serialized) {
    return serialized == null || serialized.length == 0
        ? 0 : new ImmutableRoaringBitmap(ByteBuffer.wrap(serialized)).getLongCardinality();
  }

}
