package io.letterbox.engine;

import io.letterbox.engine.feed.EventStreams;
import io.letterbox.engine.feed.TypingGate;
import io.letterbox.engine.partition.PartitionCommands;
import io.letterbox.engine.read.GroupReader;
import io.letterbox.engine.read.StateReader;
import io.letterbox.model.Presence;
import io.letterbox.rows.MembershipRow;
import java.util.ArrayList;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What is told live and never stored (decision 0051): typing, and presence from the open event
 * streams. An owner's streams are open on the node hosting its partition, so a one-to-one typing
 * is decided by the receiver's node and a presence by the node of the user asked about; a group's
 * typing by its sender's node, which tells the members connected to it and the other nodes.
 */
public final class Live {
  private static final Logger log = LoggerFactory.getLogger(Live.class);

  private final PartitionCommands commands;
  private final StateReader state;
  private final GroupReader groups;
  private final EventStreams streams;
  private final Peers peers;
  private final TypingGate gate = new TypingGate();

  Live(PartitionCommands commands, StateReader state, GroupReader groups, EventStreams streams, Peers peers) {
    this.commands = commands;
    this.state = state;
    this.groups = groups;
    this.streams = streams;
    this.peers = peers;
  }

  /**
   * {@code uid} is typing to {@code peer}: the peer's streams get a typing event, at most one per
   * {@link TypingGate#PERIOD}; more within it are taken and tell nothing.
   *
   * @throws LetterboxException BLOCKED if the peer blocked {@code uid}; NotOwnerException if
   *     another node hosts the peer
   */
  public void typing(long uid, long peer) {
    Validate.uid("uid", uid);
    Validate.uid("peer", peer);
    Validate.distinct("uid", uid, "peer", peer);
    commands.requireHosted(peer);
    if (state.conversations().blocked(peer, uid)) {
      throw new LetterboxException(ErrorCode.BLOCKED, String.format("user %d blocked user %d", peer, uid));
    }
    if (gate.first(uid, peer, false)) {
      streams.typed(peer, uid);
    }
  }

  /**
   * Member {@code uid} is typing in group {@code gid}: the other members' streams, on every node,
   * get a typing event, at most one per {@link TypingGate#PERIOD}.
   *
   * @throws LetterboxException NOT_FOUND for no such group, NOT_MEMBER if {@code uid} is not a
   *     member now; NotOwnerException if another node hosts {@code uid}
   */
  public void typingInGroup(long uid, long gid) {
    Validate.uid("uid", uid);
    Validate.uid("gid", gid);
    commands.requireHosted(uid);
    groups.group(gid);
    MembershipRow row = state.groups().membership(uid, gid);
    if (row == null || !row.member()) {
      throw new LetterboxException(ErrorCode.NOT_MEMBER, String.format("user %d is not a member of group %d", uid, gid));
    }
    if (gate.first(uid, gid, true)) {
      streams.typedInGroup(gid, uid);
      peers.typing(gid, uid).exceptionally(e -> {
        log.debug("other nodes not told that {} is typing in group {}", uid, gid, e);
        return null;
      });
    }
  }

  /** Another node tells that member {@code by} changed its reactions to group message {@code id}: its members connected here are told. */
  public void reactedElsewhere(long id, long by) {
    streams.reactedHere(id, by);
  }

  /** Another node tells that group {@code gid}'s pins changed: its members connected here are told. */
  public void groupPinsChangedElsewhere(long gid) {
    streams.pinsChangedHere(gid);
  }

  /** Another node tells that member {@code from} is typing in group {@code gid}: its members connected here are told. */
  public void typedInGroup(long gid, long from) {
    streams.typedInGroup(gid, from);
  }

  /**
   * The presence of each of {@code of} as {@code asker} may see it, in order: online while it has
   * an open stream (this node hosts its partition, where its streams are), else when its last one
   * closed; offline and never seen for one that blocked {@code asker}.
   *
   * @throws io.letterbox.engine.NotOwnerException if another node hosts one of {@code of}
   */
  public List<Presence> presence(long asker, long[] of) {
    Validate.uid("uid", asker);
    List<Presence> out = new ArrayList<>(of.length);
    for (long uid : of) {
      Validate.uid("of", uid);
      commands.requireHosted(uid);
    }
    for (long uid : of) {
      if (uid != asker && state.conversations().blocked(uid, asker)) {
        out.add(new Presence(uid, false, 0));
      } else {
        out.add(new Presence(uid, streams.hasOpen(uid), streams.lastSeen(uid)));
      }
    }
    return out;
  }
}
