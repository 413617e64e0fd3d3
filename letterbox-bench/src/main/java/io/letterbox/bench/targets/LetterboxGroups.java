package io.letterbox.bench.targets;

import io.letterbox.model.ConversationRef;
import io.letterbox.engine.Letterbox;
import io.letterbox.model.Conversation;
import io.letterbox.model.Extras;
import io.letterbox.model.GroupPost;
import io.letterbox.model.GroupRole;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.function.LongFunction;

/**
 * Letterbox's groups (decision 0011) through its Java facade: each call goes to the engine that
 * hosts the partition deciding it (the group's for its state and posts, the member's for its read
 * positions and lists).
 */
final class LetterboxGroups implements Groups {
  private final LongFunction<Letterbox> engineOf;

  /** @param engineOf the engine hosting an owner's (uid's or gid's) partition */
  LetterboxGroups(LongFunction<Letterbox> engineOf) {
    this.engineOf = engineOf;
  }

  @Override
  public CompletableFuture<Long> create(long owner, long[] members) {
    return engineOf.apply(owner).groups().create(owner, "bench group", members, false).thenApply(g -> g.group().id());
  }

  @Override
  public CompletableFuture<Void> addMembers(long gid, long by, long[] uids) {
    return engineOf.apply(gid).groups().setMembers(gid, by, uids, GroupRole.MEMBER).thenApply(refused -> null);
  }

  @Override
  public long members(long gid) {
    return engineOf.apply(gid).groups().get(gid).members();
  }

  @Override
  public CompletableFuture<?> post(long gid, long from, String text) {
    return engineOf.apply(gid).groups().post(new GroupPost(gid, from, text, List.of(), null, Extras.TEXT));
  }

  @Override
  public CompletableFuture<Void> markRead(long uid, long gid) {
    return engineOf.apply(uid).conversations().markRead(uid, ConversationRef.group(gid), DEVICE, null);
  }

  @Override
  public int firstPageGroups(long uid, int limit) {
    int groups = 0;
    for (Conversation c : engineOf.apply(uid).conversations().list(uid, null, limit).items()) {
      groups += c.group() != 0 ? 1 : 0;
    }
    return groups;
  }

  @Override
  public long unread(long uid) {
    return engineOf.apply(uid).conversations().unread(uid, DEVICE).total();
  }

  @Override
  public String note() {
    return "read diffusion: a post is stored once in the group's timeline; unread from sequence numbers";
  }
}
