package io.letterbox.engine;

import io.letterbox.engine.partition.PartitionCommands;
import io.letterbox.engine.read.GroupReader;
import io.letterbox.engine.read.PinState;
import io.letterbox.engine.read.StateReader;
import io.letterbox.engine.write.PinCommand;
import io.letterbox.model.Message;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;

/**
 * Pinned messages of conversations (decision 0050): a one-to-one conversation's, pinned by either
 * party and shared by both; a group's, pinned by its owner and admins and seen by its members. At
 * most {@link PinCommand#MAX_PINS} each. A pinned message is read as its reader would read it by
 * id: recalled or removed as it is now, and left out for a reader who deleted it or cannot see it.
 */
public final class Pins {
  private final PartitionCommands commands;
  private final StateReader state;
  private final VisibleMessages visible;
  private final GroupReader groups;

  Pins(PartitionCommands commands, StateReader state, VisibleMessages visible, GroupReader groups) {
    this.commands = commands;
    this.state = state;
    this.visible = visible;
    this.groups = groups;
  }

  /**
   * Pins ({@code pinned}) or unpins message {@code id} of {@code uid}'s one-to-one conversation with
   * {@code peer}, for both parties, who each get a {@code conversation} event.
   *
   * @throws LetterboxException NOT_FOUND if the message is not one {@code uid} can see in that
   *     conversation; TOO_MANY_PINS for a pin past the most a conversation has (nothing changed)
   */
  public CompletableFuture<Void> pin(long uid, long peer, long id, boolean pinned) {
    Validate.uid("uid", uid);
    Validate.uid("peer", peer);
    Validate.distinct("uid", uid, "peer", peer);
    Validate.messageId(id);
    commands.requireHosted(uid);
    Optional<Message> m = visible.find(uid, id);
    if (m.isEmpty() || m.get().kind() == Message.Kind.GROUP
        || !(m.get().from() == uid && m.get().to() == peer || m.get().from() == peer && m.get().to() == uid)) {
      throw LetterboxException.notFound("user %d sees no message %d with %d", uid, id, peer);
    }
    int home = commands.partitioning().of(uid);
    return commands.afterDelivery(home, commands.submitTo(home, PinCommand.conversation(uid, peer, id, pinned)), l -> l)
        .thenApply(l -> null);
  }

  /**
   * Pins ({@code pinned}) or unpins message {@code id} of group {@code gid}, for its owner or an
   * admin {@code by}.
   *
   * @throws LetterboxException NOT_FOUND for no such group or a message {@code by} cannot see in
   *     it; NOT_MEMBER, NOT_GROUP_ADMIN; TOO_MANY_PINS (nothing changed)
   */
  public CompletableFuture<Void> pinInGroup(long gid, long by, long id, boolean pinned) {
    Validate.uid("group", gid);
    Validate.uid("by", by);
    Validate.messageId(id);
    Optional<Message> m = visible.find(by, id);
    if (m.isEmpty() || m.get().kind() != Message.Kind.GROUP || m.get().to() != gid) {
      groups.requireMember(by, gid);
      throw LetterboxException.notFound("user %d sees no message %d in group %d", by, id, gid);
    }
    return commands.submit(gid, PinCommand.group(gid, by, id, pinned)).thenApply(l -> null);
  }

  /** The pinned messages of {@code uid}'s one-to-one conversation with {@code peer} that it can see, newest pin first. */
  public List<Message> ofConversation(long uid, long peer) {
    Validate.uid("uid", uid);
    Validate.uid("peer", peer);
    Validate.distinct("uid", uid, "peer", peer);
    commands.requireHosted(uid);
    return readable(uid, state.pins().ofPair(uid, peer));
  }

  /**
   * The pinned messages of group {@code gid} that member {@code uid} can see, newest pin first.
   *
   * @throws LetterboxException NOT_FOUND for no such group, NOT_MEMBER if {@code uid} never was a member
   */
  public List<Message> ofGroup(long uid, long gid) {
    Validate.uid("uid", uid);
    Validate.uid("group", gid);
    commands.requireHosted(uid);
    groups.requireMember(uid, gid);
    return readable(uid, state.pins().ofGroup(gid));
  }

  private List<Message> readable(long uid, List<PinState.Pin> pins) {
    List<Message> out = new ArrayList<>(pins.size());
    for (PinState.Pin p : pins) {
      visible.find(uid, p.messageId()).ifPresent(out::add);
    }
    return out;
  }
}
