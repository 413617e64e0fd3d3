package io.letterbox.engine.apply;

import io.letterbox.rows.FeedRow;

import io.letterbox.bitmap.Blocks;
import io.letterbox.blob.BlobReferences;
import io.letterbox.id.Ids;
import io.letterbox.keys.IdempotencyKey;
import io.letterbox.keys.PairKey;
import io.letterbox.keys.Spaces;
import io.letterbox.keys.TimelineKey;
import io.letterbox.model.Extras;
import io.letterbox.model.Message;
import io.letterbox.rows.IdempotencyRow;
import io.letterbox.rows.TimelineFlags;
import java.util.TreeMap;
import org.roaringbitmap.RoaringBitmap;

/**
 * A one-to-one message was sent: a row in each party's timeline, each party's conversation row
 * (the receiver's counts it as incoming; {@code request}: it may start a conversation in the
 * receiver's requests folder), the sender's cap counters if it has a cap, and its idempotency key
 * ({@code idempotencyKey} may be null), and at home the references of the blobs it attaches. The message's content (text and {@code extras}) is this
 * log entry.
 */
public record Sent(long id, long from, long to, String text, String idempotencyKey, long requestHash,
    boolean request, Extras extras) implements Action {
  static final byte TAG = 1;

  /** A plain text message that starts no conversation in the receiver's requests folder. */
  public Sent(long id, long from, long to, String text, String idempotencyKey, long requestHash) {
    this(id, from, to, text, idempotencyKey, requestHash, false, Extras.TEXT);
  }

  /** A plain text message. */
  public Sent(long id, long from, long to, String text, String idempotencyKey, long requestHash, boolean request) {
    this(id, from, to, text, idempotencyKey, requestHash, request, Extras.TEXT);
  }

  @Override
  public byte tag() {
    return TAG;
  }

  @Override
  public void write(ActionCodec.Writer w) {
    w.l(id).l(from).l(to).s(text).s(idempotencyKey).l(requestHash);
    // Trailing fields are written only when needed: entries from before the requests folder end
    // at requestHash, those of plain text messages (and from before typed ones) at the flag, and
    // those referring to no other message at the extras.
    if (request || !extras.isPlainText()) {
      w.i(request ? 1 : 0);
    }
    if (!extras.isPlainText()) {
      w.extras(extras).references(extras);
    }
  }

  static Sent read(ActionCodec.Reader r) {
    long id = r.l();
    long from = r.l();
    long to = r.l();
    String text = r.s();
    String key = r.s();
    long hash = r.l();
    boolean request = r.more() && r.i() == 1;
    return new Sent(id, from, to, text, key, hash, request, r.more() ? r.references(r.extras()) : Extras.TEXT);
  }

  /** The message of a log entry. */
  static Message message(ActionCodec.Reader r) {
    Sent s = read(r);
    return new Message(s.id, Message.Kind.SINGLE, s.from, s.to, s.text, s.extras);
  }

  @Override
  public boolean reachesOtherOwners() {
    return true;
  }

  @Override
  public void readAhead(java.util.function.BiConsumer<io.letterbox.store.Space, byte[]> want) {
    readAhead(from, to, want);
  }

  /**
   * The keys applying a send of {@code from} to {@code to} reads: both parties' conversation rows
   * (the receiver's also says whether it blocked the sender). The command deciding the send reads
   * them ahead with this too.
   */
  public static void readAhead(long from, long to, java.util.function.BiConsumer<io.letterbox.store.Space, byte[]> want) {
    want.accept(Spaces.CONVERSATIONS, PairKey.of(from, to));
    want.accept(Spaces.CONVERSATIONS, PairKey.of(to, from));
    want.accept(Spaces.DISAPPEAR_AFTER, PairKey.of(from, to));
  }

  @Override
  public void apply(Applying to) {
    var batch = to.batch();
    Message message = new Message(id, Message.Kind.SINGLE, from, this.to, text, extras);
    if (to.home()) {
      BlobReferences.put(batch, id, extras);
      Expiry.start(to, from, this.to, id);
    }
    if (to.owns(from)) {
      batch.put(Spaces.CONVERSATION, TimelineKey.of(from, this.to, id), TimelineFlags.of(true, false));
      to.state().senders().cap(from).ifPresent(cap -> {
        TreeMap<Long, RoaringBitmap> receiver = new TreeMap<>();
        receiver.put(Blocks.block(this.to), RoaringBitmap.bitmapOf(Blocks.low(this.to)));
        CapLevels.apply(to.state(), batch, from, cap, Ids.epochMillis(id), receiver);
      });
      if (idempotencyKey != null) {
        batch.put(Spaces.IDEMPOTENCY, IdempotencyKey.of(from, idempotencyKey),
            new IdempotencyRow(id, requestHash).encode());
      }
      ConversationRows.arrived(to, from, this.to, id, from, text, extras.type(), extras.replyTo(), true, false);
      to.event(from, FeedRow.message(FeedRow.Type.MESSAGE, this.to, id), message);
    }
    if (to.owns(this.to)) {
      batch.put(Spaces.CONVERSATION, TimelineKey.of(this.to, from, id), TimelineFlags.of(false, false));
      ConversationRows.arrived(to, this.to, from, id, from, text, extras.type(), extras.replyTo(), true, request);
      to.event(this.to, FeedRow.message(FeedRow.Type.MESSAGE, from, id), message);
    }
  }
}
