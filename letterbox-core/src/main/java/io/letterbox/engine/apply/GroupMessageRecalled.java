package io.letterbox.engine.apply;

/**
 * Admin {@code by} of group {@code gid} recalled message {@code messageId}, which member
 * {@code sender} posted, at {@code at} (epoch milliseconds): decided by the group's partition (the
 * role is its state), written as the message's one revision row by the sender's partition, the
 * only writer of a message's revisions (decision 0009). Every member sees it recalled.
 */
public record GroupMessageRecalled(long messageId, long gid, long by, long sender, long at) implements Action {
  static final byte TAG = 27;

  @Override
  public byte tag() {
    return TAG;
  }

  @Override
  public void write(ActionCodec.Writer w) {
    w.l(messageId).l(gid).l(by).l(sender).l(at);
  }

  static GroupMessageRecalled read(ActionCodec.Reader r) {
    return new GroupMessageRecalled(r.l(), r.l(), r.l(), r.l(), r.l());
  }

  @Override
  public boolean reachesOtherOwners() {
    return true;
  }

  @Override
  public void apply(Applying to) {
    if (to.owns(sender)) {
      MessageRevised.write(to, messageId, null, at);
    }
  }
}
