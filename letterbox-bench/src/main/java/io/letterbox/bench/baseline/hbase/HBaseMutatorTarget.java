package io.letterbox.bench.baseline.hbase;

import static java.nio.charset.StandardCharsets.UTF_8;

import io.letterbox.bench.baseline.BaselineUnavailable;
import io.letterbox.bench.baseline.BatchingWriter;
import io.letterbox.bench.targets.Broadcaster;
import io.letterbox.bench.targets.DmTarget;
import io.letterbox.bench.targets.HBaseCluster;
import io.letterbox.bench.targets.HistoryPage;
import io.letterbox.bench.targets.ListPage;
import io.letterbox.bench.targets.Unsupported;
import io.letterbox.bench.workload.HistoryMessage;
import io.letterbox.hbase.HBaseStore;
import io.letterbox.hbase.HBaseStoreOptions;
import io.letterbox.id.IdGenerator;
import io.letterbox.keys.LogKey;
import io.letterbox.keys.PairKey;
import io.letterbox.keys.Spaces;
import io.letterbox.keys.StateKey;
import io.letterbox.keys.TimelineKey;
import io.letterbox.rows.TimelineFlags;
import io.letterbox.store.Bytes;
import io.letterbox.store.Space;
import java.nio.ByteBuffer;
import java.time.Clock;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import org.apache.hadoop.hbase.client.AsyncBufferedMutator;
import org.apache.hadoop.hbase.client.AsyncConnection;
import org.apache.hadoop.hbase.client.Durability;
import org.apache.hadoop.hbase.client.Put;

/**
 * The ceiling for Letterbox's sends on HBase: the cells Letterbox writes for a one-to-one message,
 * in the same tables and rows (created and salted by {@link HBaseStore}), written blindly with
 * HBase's own buffered mutator. Per message: the log entry (ids and text), the conversation row of
 * each party, the receiver's unread counter (an 8-byte put, not read); per group, a progress
 * marker. Every put is SYNC_WAL; a group is flushed and waited for as a whole, as Letterbox's group
 * commit is ({@link BatchingWriter}, as for every baseline). Nothing is read, ordered or fenced:
 * that is what Letterbox adds, and what the ratio prices. Sends only.
 */
public final class HBaseMutatorTarget implements DmTarget {
  public static final String NAME = "hbase-buffered-mutator";
  private static final int WRITERS = 4;
  private static final int GROUP = 1024;
  private static final List<Space> SPACES = List.of(Spaces.LOG, Spaces.CONVERSATION, Spaces.INCOMING, Spaces.STATE);
  /** The store's column family and qualifier (decision 0004). */
  private static final byte[] FAMILY = {'d'};
  private static final byte[] QUALIFIER = {};
  private static final byte[] MARKER = StateKey.meta("applied");
  private static final String SENDS_ONLY = "writes only: the ceiling for Letterbox's sends on HBase";

  private record Message(long id, long from, long to, String text) {}

  private final HBaseCluster cluster;
  private final AsyncConnection connection;
  private final String namespace;
  /** Creates the tables as Letterbox does and names their rows; writes nothing. */
  private final HBaseStore layout;
  private final IdGenerator ids = new IdGenerator(Clock.systemUTC(), 1, 0);
  private final BatchingWriter<Message> writer;

  public HBaseMutatorTarget(HBaseCluster cluster) throws BaselineUnavailable {
    this.cluster = cluster;
    this.connection = cluster.connect();
    this.namespace = cluster.newNamespace(NAME);
    try {
      this.layout = HBaseStore.open(connection, HBaseStoreOptions.builder().quorum(cluster.quorum()).namespace(namespace)
          .build(), SPACES);
    } catch (RuntimeException e) {
      cluster.dropAndClose(connection, namespace);
      throw new BaselineUnavailable("cannot create its tables: " + e.getMessage(), e);
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
      List<CompletableFuture<Void>> acks = new ArrayList<>(group.size() * 4 + 1);
      for (Message m : group) {
        acks.add(put(Spaces.LOG, LogKey.of(m.id), logEntry(m)));
        acks.add(put(Spaces.CONVERSATION, TimelineKey.of(m.from, m.to, m.id), TimelineFlags.of(true, false)));
        acks.add(put(Spaces.CONVERSATION, TimelineKey.of(m.to, m.from, m.id), TimelineFlags.of(false, false)));
        acks.add(put(Spaces.INCOMING, PairKey.of(m.to, m.from), Bytes.ofLong(1)));
      }
      acks.add(put(Spaces.STATE, MARKER, Bytes.ofLong(group.get(group.size() - 1).id)));
      mutators.values().forEach(AsyncBufferedMutator::flush);
      CompletableFuture.allOf(acks.toArray(CompletableFuture[]::new)).get();
    }

    private CompletableFuture<Void> put(Space space, byte[] key, byte[] value) {
      Put put = new Put(layout.rowOf(space, key)).addColumn(FAMILY, QUALIFIER, value);
      put.setDurability(Durability.SYNC_WAL);
      return mutators.get(space).mutate(put);
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
