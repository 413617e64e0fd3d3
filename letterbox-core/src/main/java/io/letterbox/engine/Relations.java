package io.letterbox.engine;

import io.letterbox.engine.partition.PartitionCommands;
import io.letterbox.engine.read.StateReader;
import io.letterbox.engine.write.AddFollowersCommand;
import io.letterbox.engine.write.BlockCommand;
import io.letterbox.engine.write.RelationCommand;
import io.letterbox.engine.write.SegmentCommand;
import io.letterbox.engine.write.UserSettingsCommand;
import io.letterbox.model.UserSettings;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

/**
 * Who reaches whom: follows and subscriptions (a sender's broadcast audiences), segments (named
 * audiences), blocks, and each user's settings of who may reach it (decision 0023). What a user
 * received never changes when its relations do.
 */
public final class Relations {
  private final LetterboxConfig config;
  private final PartitionCommands commands;
  private final StateReader state;

  Relations(LetterboxConfig config, PartitionCommands commands, StateReader state) {
    this.config = config;
    this.commands = commands;
    this.state = state;
  }

  /** {@code uid} follows {@code target}: it joins the audience of the target's later broadcasts. */
  public CompletableFuture<Void> follow(long uid, long target) {
    return relation(RelationCommand.Kind.FOLLOW, uid, target, Map.of());
  }

  /**
   * Every uid of {@code uids} follows {@code target}: loads a follower graph from the platform's
   * relation service in one step instead of one follow each.
   */
  public CompletableFuture<Void> addFollowers(long target, long[] uids) {
    Validate.uid("target", target);
    long[] checked = Validate.uids("uids", uids, config.maxAudienceUids(), false);
    if (Arrays.binarySearch(checked, target) >= 0) {
      throw LetterboxException.invalid("a user cannot follow itself: %d", target);
    }
    return commands.submit(target, new AddFollowersCommand(target, checked));
  }

  /** {@code uid} stops following {@code target}; what it received stays. */
  public CompletableFuture<Void> unfollow(long uid, long target) {
    return relation(RelationCommand.Kind.UNFOLLOW, uid, target, Map.of());
  }

  /** {@code uid} subscribes to {@code target} with string attributes, replacing earlier ones. */
  public CompletableFuture<Void> subscribe(long uid, long target, Map<String, String> attributes) {
    return relation(RelationCommand.Kind.SUBSCRIBE, uid, target, Validate.attributes("attributes", attributes));
  }

  /**
   * {@code uid} subscribes to {@code target} if it does not: a subscription it has keeps its
   * attributes, a new one has none (decision 0023: a user subscribing does not change what a
   * service set).
   */
  public CompletableFuture<Void> subscribeKeepingAttributes(long uid, long target) {
    return relation(RelationCommand.Kind.SUBSCRIBE_KEEPING_ATTRIBUTES, uid, target, Map.of());
  }

  /** {@code uid} unsubscribes from {@code target}; what it received stays. */
  public CompletableFuture<Void> unsubscribe(long uid, long target) {
    return relation(RelationCommand.Kind.UNSUBSCRIBE, uid, target, Map.of());
  }

  private CompletableFuture<Void> relation(RelationCommand.Kind kind, long uid, long target,
      Map<String, String> attributes) {
    Validate.uid("uid", uid);
    Validate.uid("target", target);
    Validate.distinct("uid", uid, "target", target);
    // A relation belongs to its target, whose broadcasts it feeds (decision 0007).
    return commands.submit(target, new RelationCommand(kind, uid, target, attributes));
  }

  /** Segment {@code name} now holds exactly {@code uids} (it is created if new). */
  public CompletableFuture<Void> replaceSegment(String name, long[] uids) {
    return segment(name, uids, true);
  }

  /** Adds {@code uids} to segment {@code name} (it is created if new). */
  public CompletableFuture<Void> addToSegment(String name, long[] uids) {
    return segment(name, uids, false);
  }

  private CompletableFuture<Void> segment(String name, long[] uids, boolean replace) {
    Validate.segmentName(name);
    // Replacing with no uids empties the segment; adding none is a mistake.
    return commands.submitTo(commands.partitioning().ofName(name), new SegmentCommand(name,
        Validate.uids("uids", uids, config.maxAudienceUids(), replace), replace));
  }

  /** Blocks ({@code block}) or unblocks {@code peer} for {@code owner}. */
  public CompletableFuture<Void> block(long owner, long peer, boolean block) {
    Validate.uid("uid", owner);
    Validate.uid("peer", peer);
    if (owner == peer) {
      throw LetterboxException.invalid("a user cannot block itself: %d", owner);
    }
    return commands.submit(owner, new BlockCommand(owner, peer, block));
  }

  /** The peers the owner blocked, in uid order. */
  public List<Long> blocked(long owner) {
    Validate.uid("uid", owner);
    commands.requireHosted(owner);
    return state.conversations().blockedPeers(owner);
  }

  /** {@code uid}'s settings: its own, the defaults where it set none. */
  public UserSettings userSettings(long uid) {
    Validate.uid("uid", uid);
    commands.requireHosted(uid);
    return state.userSettings(uid);
  }

  /** Changes some of {@code uid}'s settings; the others keep their values. @return the settings as they are now */
  public CompletableFuture<UserSettings> setUserSettings(long uid, UserSettings.Change change) {
    Validate.uid("uid", uid);
    if (change == null || change.isEmpty()) {
      throw LetterboxException.invalid("give at least one setting");
    }
    return commands.submit(uid, new UserSettingsCommand(uid, change));
  }
}
