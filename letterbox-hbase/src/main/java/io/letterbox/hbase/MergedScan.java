package io.letterbox.hbase;

import io.letterbox.store.Bytes;
import io.letterbox.store.KeyRange;
import io.letterbox.store.ScanVisitor;
import io.letterbox.store.StoreException;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.PriorityQueue;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.CellUtil;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.ResultScanner;
import org.apache.hadoop.hbase.client.Scan;

/**
 * A scan of a key range over the salts that hold it, in key order. The clock observes the version
 * of every row it yields ({@link CellClock}).
 *
 * <p>Within one salt, rows are in key order, since the salt is one leading byte. A range within
 * one prefix lives in one salt and is one HBase scan. Any other range has a part in every salt: one
 * HBase scan per salt, all started at once (the client's scanners fetch in the background), merged
 * by a heap on the unsalted key. A key lives in exactly one salt, so the parts never overlap.
 *
 * <p>With a limit, each salt's scan fetches at most that many rows in one RPC: the merge may need
 * them all from one salt. Without one, they fetch {@code caching} rows per RPC.
 */
final class MergedScan {
  /** Unsalted key order: compare rows after their salt byte. */
  private static final Comparator<Result> ASCENDING = (a, b) -> Arrays.compareUnsigned(
      a.getRow(), 1, a.getRow().length, b.getRow(), 1, b.getRow().length);

  private MergedScan() {}

  /** @param limit the most entries the visitor will take, or 0 when it decides alone */
  static void run(SpaceTable table, KeyRange range, boolean reverse, int limit, int caching, ScanVisitor visitor) {
    int[] salts = table.salts(range);
    List<ResultScanner> scanners = new ArrayList<>(salts.length);
    try {
      for (int salt : salts) {
        scanners.add(table.table().getScanner(scanOf(salt, range, reverse, limit, caching)));
      }
      if (scanners.size() == 1) {
        visitAll(table, scanners.get(0), visitor);
      } else {
        merge(table, scanners, reverse, visitor);
      }
    } catch (IOException e) {
      throw new StoreException("scan failed in table " + table.name() + ": " + e.getMessage(), e);
    } finally {
      scanners.forEach(ResultScanner::close);
    }
  }

  /** The HBase scan of the part of {@code range} in {@code salt}. */
  static Scan scanOf(int salt, KeyRange range, boolean reverse, int limit, int caching) {
    byte[] low = Salt.row(salt, range.from());
    byte[] high = range.to() == null ? Bytes.prefixEnd(new byte[] {(byte) salt}) : Salt.row(salt, range.to());
    Scan scan = new Scan().addColumn(SpaceTable.FAMILY, SpaceTable.QUALIFIER).setReversed(reverse);
    if (limit > 0) {
      scan.setLimit(limit).setCaching(limit);
    } else {
      scan.setCaching(caching);
    }
    if (reverse) {
      // A reverse scan starts at its upper end; without a start row, at the table's last row.
      if (high != null) {
        scan.withStartRow(high, false);
      }
      return scan.withStopRow(low, true);
    }
    scan.withStartRow(low, true);
    return high == null ? scan : scan.withStopRow(high, false);
  }

  private static void visitAll(SpaceTable table, ResultScanner scanner, ScanVisitor visitor) throws IOException {
    for (Result result = scanner.next(); result != null; result = scanner.next()) {
      if (!visit(table, result, visitor)) {
        return;
      }
    }
  }

  private static void merge(SpaceTable table, List<ResultScanner> scanners, boolean reverse, ScanVisitor visitor)
      throws IOException {
    Comparator<Result> order = reverse ? ASCENDING.reversed() : ASCENDING;
    PriorityQueue<Head> heads = new PriorityQueue<>(scanners.size(), (a, b) -> order.compare(a.result, b.result));
    for (ResultScanner scanner : scanners) {
      Result first = scanner.next();
      if (first != null) {
        heads.add(new Head(first, scanner));
      }
    }
    while (!heads.isEmpty()) {
      Head head = heads.poll();
      if (!visit(table, head.result, visitor)) {
        return;
      }
      Result next = head.scanner.next();
      if (next != null) {
        heads.add(new Head(next, head.scanner));
      }
    }
  }

  private static boolean visit(SpaceTable table, Result result, ScanVisitor visitor) {
    Cell cell = result.getColumnLatestCell(SpaceTable.FAMILY, SpaceTable.QUALIFIER);
    if (cell == null) {
      throw new StoreException("row without a value in table " + table.name() + ": not a Letterbox row");
    }
    CellClock.observe(cell.getTimestamp());
    return visitor.visit(Salt.key(result.getRow()), CellUtil.cloneValue(cell));
  }

  private record Head(Result result, ResultScanner scanner) {}
}
