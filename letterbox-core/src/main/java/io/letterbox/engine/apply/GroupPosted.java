package io.letterbox.engine.apply;

import io.letterbox.keys.GroupKey;
import io.letterbox.keys.GroupTimelineKey;
import io.letterbox.keys.Spaces;
import io.letterbox.model.Extras;
import io.letterbox.model.Message;
import io.letterbox.rows.GroupTimelineRow;
import io.letterbox.rows.IdempotencyRow;
import io.letterbox.rows.MembershipRow;

/**
 * Member {@code from} posted message {@code id}, the {@code seq}-th of group {@code gid}, decided
 * by the group's partition (decision 0011). Its writes do not depend on the group's size: the
 * group's partition writes one timeline row, the header's newest message, the post's
 * idempotency key ({@code idempotencyKey} may be null) and its poster's cap count; the poster's partition moves the poster's
 * read positions to it (one's own post is not unread), and each mentioned member's partition its
 * mention; at home, the references of the blobs it attaches. Nothing is written per member. The message's content is this log entry.
 *
 * @param mentions members it mentions, sorted and distinct; empty for none
 * @param cap the poster's frequency cap when it posted (null: none): the group's partition counts
 *     the post against it, as a message to the group
 */
public record GroupPosted(long id, long gid, long from, long seq, String text, String idempotencyKey, long requestHash,
    long[] mentions, Extras extras, io.letterbox.model.FrequencyCap cap) implements Action {
  static final byte TAG = 24;

  @Override
  public byte tag() {
    return TAG;
  }

  @Override
  public void write(ActionCodec.Writer w) {
    w.l(id).l(gid).l(from).l(seq).s(text).s(idempotencyKey).l(requestHash).uids(mentions).extras(extras)
        .i(cap == null ? 0 : cap.messages()).l(cap == null ? 0 : cap.period().toMillis()).references(extras);
  }

  static GroupPosted read(ActionCodec.Reader r) {
    GroupPosted p = new GroupPosted(r.l(), r.l(), r.l(), r.l(), r.s(), r.s(), r.l(), r.uids(), r.extras(), null);
    int messages = r.i();
    long period = r.l();
    Extras extras = r.references(p.extras);
    return new GroupPosted(p.id, p.gid, p.from, p.seq, p.text, p.idempotencyKey, p.requestHash, p.mentions, extras,
        messages == 0 ? null : new io.letterbox.model.FrequencyCap(messages, java.time.Duration.ofMillis(period)));
  }

  /** The message of a log entry. */
  static Message message(ActionCodec.Reader r) {
    return read(r).message();
  }

  public Message message() {
    java.util.List<Long> mentioned = new java.util.ArrayList<>(mentions.length);
    for (long m : mentions) {
      mentioned.add(m);
    }
    return new Message(id, Message.Kind.GROUP, from, gid, text, extras.withMentions(mentioned));
  }

  @Override
  public boolean reachesOtherOwners() {
    return true;
  }

  /** The header, and the memberships of the poster and the mentioned members. */
  @Override
  public void readAhead(java.util.function.BiConsumer<io.letterbox.store.Space, byte[]> want) {
    readAhead(gid, from, java.util.Arrays.stream(mentions).boxed().toList(), want);
  }

  /**
   * The keys applying a post of {@code from} to group {@code gid} mentioning {@code mentions}
   * reads: the header, its disappearing setting, and the memberships of the poster and the
   * mentioned members. The command
   * deciding the post reads them ahead with this too.
   */
  public static void readAhead(long gid, long from, Iterable<Long> mentions,
      java.util.function.BiConsumer<io.letterbox.store.Space, byte[]> want) {
    want.accept(Spaces.GROUPS, GroupKey.header(gid));
    want.accept(Spaces.DISAPPEAR_AFTER, io.letterbox.keys.PairKey.of(gid, 0));
    want.accept(Spaces.MEMBERSHIPS, io.letterbox.keys.MembershipKey.of(from, gid));
    for (long uid : mentions) {
      want.accept(Spaces.MEMBERSHIPS, io.letterbox.keys.MembershipKey.of(uid, gid));
    }
  }

  @Override
  public void apply(Applying to) {
    if (to.home()) {
      io.letterbox.blob.BlobReferences.put(to.batch(), id, extras);
    }
    if (to.owns(gid)) {
      Expiry.start(to, gid, 0, id);
      var header = to.state().groups().header(gid);
      to.batch().put(Spaces.GROUP_TIMELINE, GroupTimelineKey.of(gid, id), new GroupTimelineRow(seq, from).encode());
      to.batch().put(Spaces.GROUPS, GroupKey.header(gid), header.withLast(seq, id).encode());
      if (idempotencyKey != null) {
        to.batch().put(Spaces.GROUPS, GroupKey.postKey(gid, from, idempotencyKey),
            new IdempotencyRow(id, requestHash).encode());
      }
      if (cap != null) {
        java.util.TreeMap<Long, org.roaringbitmap.RoaringBitmap> poster = new java.util.TreeMap<>();
        poster.put(io.letterbox.bitmap.Blocks.block(from),
            org.roaringbitmap.RoaringBitmap.bitmapOf(io.letterbox.bitmap.Blocks.low(from)));
        CapLevels.apply(to.state(), to.batch(), CapLevels.ofGroup(gid), cap, io.letterbox.id.Ids.epochMillis(id), poster);
      }
    }
    if (to.owns(from)) {
      MembershipRow mine = to.state().groups().membership(from, gid);
      if (mine != null) {
        MembershipRow.Position here = new MembershipRow.Position(seq, id);
        MembershipRow row = mine;
        for (String device : to.config().devices()) {
          row = row.withPosition(device, here);
        }
        if (row != mine) {
          GroupMemberships.put(to, from, gid, row.pruned(to.config().devices()));
        }
      }
    }
    for (long uid : mentions) {
      if (uid != from && to.owns(uid)) {
        MembershipRow theirs = to.state().groups().membership(uid, gid);
        if (theirs != null && theirs.member()) {
          GroupMemberships.put(to, uid, gid, theirs.withMention(seq));
        }
      }
    }
  }
}
