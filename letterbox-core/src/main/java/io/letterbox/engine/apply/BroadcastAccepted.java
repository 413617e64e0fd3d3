package io.letterbox.engine.apply;

import io.letterbox.bitmap.Blocks;
import io.letterbox.engine.fanout.AudienceResolver;
import io.letterbox.id.Ids;
import io.letterbox.keys.AudienceKey;
import io.letterbox.keys.BroadcastKey;
import io.letterbox.keys.IdempotencyKey;
import io.letterbox.keys.Spaces;
import io.letterbox.keys.StateKey;
import io.letterbox.model.Audience;
import io.letterbox.model.BroadcastRequest.Priority;
import io.letterbox.model.Extras;
import io.letterbox.model.FrequencyCap;
import io.letterbox.model.Message;
import io.letterbox.rows.BroadcastRecord;
import io.letterbox.rows.FanoutJobRow;
import io.letterbox.rows.IdempotencyRow;
import io.letterbox.store.Bytes;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import org.roaringbitmap.RoaringBitmap;

/**
 * A broadcast was accepted. Its audience is resolved from the relations as they are at this point
 * of the log, minus the receivers at the frequency cap, and frozen: stored once, one row per
 * block of 2^16 uids. An audience of uids or a segment also gets a fan-out job (reached records
 * for its receivers). The broadcast record is written last, so a reader never sees an audience in
 * part. The blobs it attaches refer to it, once for all its receivers. Its content (text and
 * {@code extras}) lives in this log entry.
 */
public record BroadcastAccepted(long id, long from, String text, Audience audience, Priority priority,
    String idempotencyKey, long requestHash, Extras extras, boolean push) implements Action {
  static final byte TAG = 14;
  /**
   * A broadcast that is not plain text: its type, payload and attachments follow the text, ahead
   * of the audience, so that its message is read without the audience (entries of tag 14 keep
   * their layout: the log is kept forever).
   */
  static final byte TYPED_TAG = 19;

  /** A plain text broadcast. */
  public BroadcastAccepted(long id, long from, String text, Audience audience, Priority priority,
      String idempotencyKey, long requestHash) {
    this(id, from, text, audience, priority, idempotencyKey, requestHash, Extras.TEXT);
  }

  /** A broadcast without offline push. */
  public BroadcastAccepted(long id, long from, String text, Audience audience, Priority priority,
      String idempotencyKey, long requestHash, Extras extras) {
    this(id, from, text, audience, priority, idempotencyKey, requestHash, extras, false);
  }

  private static final byte AUDIENCE_FOLLOWERS = 1;
  private static final byte AUDIENCE_SUBSCRIBERS = 2;
  private static final byte AUDIENCE_UIDS = 3;
  private static final byte AUDIENCE_SEGMENT = 4;
  private static final byte PRIORITY_NORMAL = 0;
  private static final byte PRIORITY_HIGH = 1;
  /**
   * Set in the priority's byte when the request asked for offline push: entries written before
   * push existed never have it, so they read as they always did (no store upgrade).
   */
  private static final byte PUSH = 0x10;

  @Override
  public byte tag() {
    return extras.isPlainText() ? TAG : TYPED_TAG;
  }

  @Override
  public void write(ActionCodec.Writer w) {
    w.l(id).l(from).s(text);
    if (!extras.isPlainText()) {
      w.extras(extras);
    }
    if (audience instanceof Audience.Followers) {
      w.b(AUDIENCE_FOLLOWERS);
    } else if (audience instanceof Audience.Subscribers sub) {
      w.b(AUDIENCE_SUBSCRIBERS).map(sub.where());
    } else if (audience instanceof Audience.Uids uids) {
      w.b(AUDIENCE_UIDS).uids(uids.uids());
    } else if (audience instanceof Audience.Segment seg) {
      w.b(AUDIENCE_SEGMENT).s(seg.name());
    } else {
      throw new IllegalArgumentException("unknown audience " + audience);
    }
    w.b((byte) ((priority == Priority.HIGH ? PRIORITY_HIGH : PRIORITY_NORMAL) | (push ? PUSH : 0)))
        .s(idempotencyKey).l(requestHash);
  }

  static BroadcastAccepted read(ActionCodec.Reader r, boolean typed) {
    long id = r.l();
    long from = r.l();
    String text = r.s();
    Extras extras = typed ? r.extras() : Extras.TEXT;
    byte kind = r.b();
    Audience audience = switch (kind) {
      case AUDIENCE_FOLLOWERS -> new Audience.Followers();
      case AUDIENCE_SUBSCRIBERS -> new Audience.Subscribers(r.map());
      case AUDIENCE_UIDS -> new Audience.Uids(r.uids());
      case AUDIENCE_SEGMENT -> new Audience.Segment(r.s());
      default -> throw new IllegalStateException("unknown audience type " + kind);
    };
    byte flags = r.b();
    boolean push = (flags & PUSH) != 0;
    byte priority = (byte) (flags & ~PUSH);
    Priority p = switch (priority) {
      case PRIORITY_NORMAL -> Priority.NORMAL;
      case PRIORITY_HIGH -> Priority.HIGH;
      default -> throw new IllegalStateException("unknown priority " + priority);
    };
    return new BroadcastAccepted(id, from, text, audience, p, r.s(), r.l(), extras, push);
  }

  /** The message of a log entry read up to its content: not the audience, which may be millions of uids. */
  static Message message(ActionCodec.Reader r, boolean typed) {
    long id = r.l();
    long from = r.l();
    String text = r.s();
    return new Message(id, Message.Kind.BROADCAST, from, 0, text, typed ? r.extras() : Extras.TEXT);
  }

  /** Whether the receivers need a fan-out to find the sender (followers and subscribers do not). */
  public boolean fansOut() {
    return audience instanceof Audience.Uids || audience instanceof Audience.Segment;
  }

  @Override
  public void apply(Applying to) {
    var batch = to.batch();
    Optional<FrequencyCap> cap = to.state().senders().cap(from);
    AudienceResolver resolver = to.audiences();
    long capped = 0;
    TreeMap<Long, byte[]> rows = cap.isEmpty() ? resolver.stored(audience, from) : null;
    if (rows == null) {
      TreeMap<Long, RoaringBitmap> blocks = resolver.resolve(from, audience);
      if (cap.isPresent()) {
        capped = CapLevels.apply(to.state(), batch, from, cap.get(), Ids.epochMillis(id), blocks);
      }
      rows = new TreeMap<>();
      for (Map.Entry<Long, RoaringBitmap> e : blocks.entrySet()) {
        if (!e.getValue().isEmpty()) {
          rows.put(e.getKey(), Blocks.serialize(e.getValue()));
        }
      }
    } else {
      // A stored set taken as it is: its blocks are copied byte for byte, but the sender's own.
      long own = Blocks.block(from);
      byte[] ownBlock = rows.get(own);
      if (ownBlock != null && Blocks.contains(ownBlock, from)) {
        RoaringBitmap b = Blocks.deserialize(ownBlock);
        b.remove(Blocks.low(from));
        if (b.isEmpty()) {
          rows.remove(own);
        } else {
          rows.put(own, Blocks.serialize(b));
        }
      }
    }
    List<Long> blocks = new ArrayList<>(rows.size());
    long receivers = 0;
    for (Map.Entry<Long, byte[]> e : rows.entrySet()) {
      batch.put(Spaces.AUDIENCE, AudienceKey.of(from, e.getKey(), id), e.getValue());
      blocks.add(e.getKey());
      receivers += Blocks.cardinality(e.getValue());
    }
    if (idempotencyKey != null) {
      batch.put(Spaces.IDEMPOTENCY, IdempotencyKey.of(from, idempotencyKey), new IdempotencyRow(id, requestHash).encode());
    }
    boolean job = fansOut() && !blocks.isEmpty();
    if (job) {
      batch.put(Spaces.STATE, StateKey.job(id), new FanoutJobRow(id, from, priority == Priority.HIGH, blocks).encode());
    }
    BroadcastRecord record = new BroadcastRecord(false, receivers, capped, 0);
    if (!job) {
      record = record.completed(Ids.epochMillis(id));
    }
    batch.put(Spaces.STATE, StateKey.newestBroadcast(from), Bytes.ofLong(id));
    if (receivers >= to.config().prewarmMinReceivers()) {
      batch.put(Spaces.STATE, StateKey.bigSender(from), Bytes.ofLong(receivers));
    }
    if (to.home()) {
      io.letterbox.blob.BlobReferences.put(batch, id, extras);
    }
    batch.put(Spaces.BROADCASTS, BroadcastKey.of(from, id), record.encode());
  }
}
