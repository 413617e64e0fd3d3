package io.letterbox.bench.baseline.hbase;

import static java.nio.charset.StandardCharsets.UTF_8;

import io.letterbox.bench.baseline.BatchingWriter;
import io.letterbox.bench.targets.Broadcaster;
import io.letterbox.bench.targets.DmTarget;
import io.letterbox.bench.targets.HBaseCluster;
import io.letterbox.bench.targets.HistoryPage;
import io.letterbox.bench.targets.ListPage;
import io.letterbox.bench.targets.Unavailable;
import io.letterbox.bench.targets.Unsupported;
import io.letterbox.bench.workload.HistoryMessage;
import io.letterbox.hbase.HBaseStore;
import io.letterbox.hbase.HBaseStoreOptions;
import io.letterbox.id.IdGenerator;
import io.letterbox.keys.ActivityKey;
import io.letterbox.keys.JournalKey;
import io.letterbox.keys.LogKey;
import io.letterbox.keys.PairKey;
import io.letterbox.keys.Spaces;
import io.letterbox.keys.StateKey;
import io.letterbox.keys.TimelineKey;
import io.letterbox.rows.ConversationRow;
import io.letterbox.rows.JournalEntry;
import io.letterbox.rows.TimelineFlags;
import io.letterbox.store.Bytes;
import io.letterbox.store.Space;
import java.nio.ByteBuffer;
import java.time.Clock;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.hadoop.hbase.client.AsyncBufferedMutator;
import org.apache.hadoop.hbase.client.AsyncConnection;
import org.apache.hadoop.hbase.client.Delete;
import org.apache.hadoop.hbase.client.Durability;
import org.apache.hadoop.hbase.client.Mutation;
import org.apache.hadoop.hbase.client.Put;

/**
 * The ceiling for Letterbox's sends on HBase: the cells Letterbox writes for a one-to-one message,
 * in the same tables and rows (created and salted by {@link HBaseStore}), written blindly with
 * HBase's own buffered mutator. Per message: the log entry (ids and text), a timeline row in each
 * party's history, each party's conversation row (with the receiver's incoming count) and its
 * activity entry (a copy of the row with the text), and the delete of each party's previous
 * activity entry; per group, a journal entry and a progress marker. What a row was before is kept
 * in memory, not read; a group's mutations of one cell are collapsed to the last, as Letterbox's
 * store collapses a batch. Every mutation is SYNC_WAL; a group is flushed and waited for as a
 * whole, as Letterbox's group commit is ({@link BatchingWriter}, as for every baseline). Nothing is
 * read, ordered or fenced: that is what Letterbox adds, and what the ratio prices. Sends only.
 */
public final class HBaseMutatorTarget implements DmTarget {
  public static final String NAME = "hbase-buffered-mutator";
  private static final int WRITERS = 4;
  private static final int GROUP = 1024;
  private static final List<Space> SPACES =
      List.of(Spaces.LOG, Spaces.JOURNAL, Spaces.CONVERSATION, Spaces.CONVERSATIONS, Spaces.ACTIVITY, Spaces.STATE);
  /** The store's column family and qualifier (decision 0004). */
  private static final byte[] FAMILY = {'d'};
  private static final byte[] QUALIFIER = {};
  private static final byte[] MARKER = StateKey.meta("applied");
  private static final int PARTITION = 0;
  private static final String SENDS_ONLY = "writes only: the ceiling for Letterbox's sends on HBase";

  private record Message(long id, long from, long to, String text) {}

  private record Pair(long owner, long peer) {}

  /** A cell of a group: what the group writes last to it (null value: a delete). */
  private record Cell(Space space, ByteBuffer key) {}

  private final HBaseCluster cluster;
  private final AsyncConnection connection;
  private final String namespace;
  /** Creates the tables as Letterbox does and names their rows; writes nothing. */
  private final HBaseStore layout;
  private final IdGenerator ids = new IdGenerator(Clock.systemUTC(), 1, 0);
  private final BatchingWriter<Message> writer;
  /** Each conversation's row as last written: what a blind writer must know to move its activity entry. */
  private final Map<Pair, ConversationRow> rows = new ConcurrentHashMap<>();
  private final AtomicLong journalSeq = new AtomicLong();

  public HBaseMutatorTarget(HBaseCluster cluster) throws Unavailable {
    this.cluster = cluster;
    this.connection = cluster.connect();
    this.namespace = cluster.newNamespace(NAME);
    try {
      this.layout = HBaseStore.open(connection, HBaseStoreOptions.builder().quorum(cluster.quorum()).namespace(namespace)
          .build(), SPACES);
    } catch (RuntimeException e) {
      cluster.dropAndClose(connection, namespace);
      throw new Unavailable("cannot create its tables: " + e.getMessage(), e);
    }
    this.writer = new BatchingWriter<>(NAME, WRITERS, GROUP, Sink::new);
  }

  /** One writer thread's mutators, one per table. */
  private final class Sink implements BatchingWriter.Sink<Message> {
    private final Map<Space, AsyncBufferedMutator> mutators = new HashMap<>();

    Sink() {
      for (Space space : SPACES) {
        mutators.put(space, connection.getBufferedMutator(layout.tableOf(space)));
      }
    }

    @Override
    public void write(List<Message> group) throws Exception {
      Map<Cell, byte[]> cells = new LinkedHashMap<>();
      long[] applied = new long[group.size()];
      for (int i = 0; i < group.size(); i++) {
        Message m = group.get(i);
        applied[i] = m.id;
        cells.put(cell(Spaces.LOG, LogKey.of(m.id)), logEntry(m));
        cells.put(cell(Spaces.CONVERSATION, TimelineKey.of(m.from, m.to, m.id)), TimelineFlags.of(true, false));
        cells.put(cell(Spaces.CONVERSATION, TimelineKey.of(m.to, m.from, m.id)), TimelineFlags.of(false, false));
        arrived(cells, m.from, m.to, m, false);
        arrived(cells, m.to, m.from, m, true);
      }
      long seq = journalSeq.incrementAndGet();
      cells.put(cell(Spaces.JOURNAL, JournalKey.of(PARTITION, seq)), new JournalEntry(1, applied).encode());
      cells.put(cell(Spaces.STATE, MARKER), Bytes.ofLong(seq));
      List<CompletableFuture<Void>> acks = new ArrayList<>(cells.size());
      cells.forEach((cell, value) -> acks.add(mutate(cell, value)));
      mutators.values().forEach(AsyncBufferedMutator::flush);
      CompletableFuture.allOf(acks.toArray(CompletableFuture[]::new)).get();
    }

    /** The owner's conversation row with the message, and its activity entry moved to it. */
    private void arrived(Map<Cell, byte[]> cells, long owner, long peer, Message m, boolean incoming) {
      ConversationRow old = rows.getOrDefault(new Pair(owner, peer), ConversationRow.NONE);
      ConversationRow row = old.withLast(m.id, m.from, m.text);
      if (incoming) {
        row = row.withIncoming(old.incoming() + 1);
      }
      rows.put(new Pair(owner, peer), row);
      if (old.lastId() > 0) {
        cells.put(cell(Spaces.ACTIVITY, ActivityKey.of(owner, old.folder(), old.pinned(), old.lastId(), peer)), null);
      }
      cells.put(cell(Spaces.ACTIVITY, ActivityKey.of(owner, row.folder(), row.pinned(), row.lastId(), peer)),
          row.encodeWithText());
      cells.put(cell(Spaces.CONVERSATIONS, PairKey.of(owner, peer)), row.encode());
    }

    private Cell cell(Space space, byte[] key) {
      return new Cell(space, ByteBuffer.wrap(key));
    }

    private CompletableFuture<Void> mutate(Cell cell, byte[] value) {
      byte[] row = layout.rowOf(cell.space, cell.key.array());
      Mutation mutation = value == null ? new Delete(row).addColumns(FAMILY, QUALIFIER)
          : new Put(row).addColumn(FAMILY, QUALIFIER, value);
      mutation.setDurability(Durability.SYNC_WAL);
      return mutators.get(cell.space).mutate(mutation);
    }

    @Override
    public void close() {
      mutators.values().forEach(AsyncBufferedMutator::close);
    }
  }

  /** As large as Letterbox's log entry of a send: a tag, three ids, the text, no key, a hash. */
  private static byte[] logEntry(Message m) {
    byte[] text = m.text.getBytes(UTF_8);
    return ByteBuffer.allocate(1 + 24 + 4 + text.length + 1 + 8).put((byte) 1).putLong(m.id).putLong(m.from)
        .putLong(m.to).putInt(text.length).put(text).put((byte) 0).putLong(0).array();
  }

  @Override
  public String name() {
    return NAME;
  }

  @Override
  public String note() {
    return "Letterbox's cells of a send, blind SYNC_WAL puts through AsyncBufferedMutator, a flush per group ("
        + WRITERS + " writers), namespace " + namespace + ": no reads, no order, no fence";
  }

  @Override
  public CompletableFuture<Long> send(long from, long to, String text) {
    long id = ids.next();
    return writer.submit(new Message(id, from, to, text)).thenApply(v -> id);
  }

  @Override
  public void load(List<HistoryMessage> messages) {
    throw new Unsupported(SENDS_ONLY);
  }

  @Override
  public HistoryPage history(long owner, long peer, Object cursor, int limit) {
    throw new Unsupported(SENDS_ONLY);
  }

  @Override
  public ListPage conversationsPage(long owner, Object cursor, int limit) {
    throw new Unsupported(SENDS_ONLY);
  }

  @Override
  public long unread(long owner) {
    throw new Unsupported(SENDS_ONLY);
  }

  @Override
  public CompletableFuture<Void> delete(long owner, long peer, long id) {
    throw new Unsupported(SENDS_ONLY);
  }

  @Override
  public Broadcaster broadcaster() {
    throw new Unsupported(SENDS_ONLY);
  }

  /** Nothing: a major compaction would run in the background, into the next measurement. */
  @Override
  public void compact() {}

  @Override
  public long diskBytes() {
    throw new Unsupported("HBase's region servers report store sizes every few seconds and compact in the background:"
        + " see the cluster's own metrics");
  }

  /** Nothing to drop: it keeps no cache. */
  @Override
  public void restart() {}

  @Override
  public void coldRestart(Runnable whileStopped) {
    throw new Unsupported(SENDS_ONLY);
  }

  @Override
  public void close() {
    writer.close();
    layout.close();
    cluster.dropAndClose(connection, namespace);
  }
}
