package io.letterbox.bench.targets;

import java.util.concurrent.CompletableFuture;

/**
 * The group side of a target: conversations of many members. A target without groups
 * throws {@link Unsupported} from {@link DmTarget#groups()}. Every write returns once it is
 * durable (as the target promises it: {@link DmTarget#note()}). Read positions and unread counts
 * are those of one device, {@link #DEVICE}.
 */
public interface Groups {
  /** The device whose read positions and unread counts the scenario uses. */
  String DEVICE = "pc";

  /**
   * Creates a group owned by {@code owner} whose other members are {@code members} (distinct, not
   * the owner), members seeing what was posted from their joining on.
   *
   * @return the group's id, once the group and its members are stored
   */
  CompletableFuture<Long> create(long owner, long[] members);

  /** Adds {@code uids} (distinct, not members yet) to the group as members, by its owner {@code by}: one action. */
  CompletableFuture<Void> addMembers(long gid, long by, long[] uids);

  /** @return the number of members the group has now, as the target counts them */
  long members(long gid);

  /** Posts a text message to the group from member {@code from}. @return once it is durable */
  CompletableFuture<?> post(long gid, long from, String text);

  /** Marks everything posted to the group so far read by {@code uid} on {@link #DEVICE}. */
  CompletableFuture<Void> markRead(long uid, long gid);

  /** The first page of {@code uid}'s conversation list. @return how many of its entries are groups */
  int firstPageGroups(long uid, int limit);

  /** @return {@code uid}'s exact unread total on {@link #DEVICE}, groups included */
  long unread(long uid);

  /** What a reader of the group figures must know about this target's groups. */
  String note();
}
