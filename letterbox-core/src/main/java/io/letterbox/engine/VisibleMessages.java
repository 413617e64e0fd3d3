package io.letterbox.engine;

import io.letterbox.engine.read.GroupReader;
import io.letterbox.engine.read.ConversationState;
import io.letterbox.engine.read.StateReader;
import io.letterbox.model.Message;
import java.util.Optional;

/** Whether an owner can see a message: a party to it (and did not delete it), or a member of its group. */
final class VisibleMessages {
  private final StateReader state;
  private final GroupReader groups;

  VisibleMessages(StateReader state, GroupReader groups) {
    this.state = state;
    this.groups = groups;
  }

  /** @return message {@code id} if {@code owner} can see it */
  Optional<Message> find(long owner, long id) {
    Message m = state.message(id);
    if (m != null && m.kind() == Message.Kind.GROUP) {
      return groups.visible(owner, m) ? Optional.of(m) : Optional.empty();
    }
    long peer = m == null ? 0 : ConversationState.peerOf(owner, m);
    return peer != 0 && state.conversations().visible(owner, peer, m) ? Optional.of(m) : Optional.empty();
  }
}
