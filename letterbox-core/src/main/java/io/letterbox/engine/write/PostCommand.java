package io.letterbox.engine.write;

import io.letterbox.engine.ErrorCode;
import io.letterbox.engine.LetterboxException;
import io.letterbox.engine.apply.ActionCodec;
import io.letterbox.engine.apply.CapLevels;
import io.letterbox.engine.apply.GroupPosted;
import io.letterbox.engine.read.GroupState;
import io.letterbox.engine.read.StateReader;
import io.letterbox.keys.GroupKey;
import io.letterbox.keys.Spaces;
import io.letterbox.model.GroupPost;
import io.letterbox.model.Message;
import io.letterbox.model.SendResult;
import io.letterbox.model.FrequencyCap;
import io.letterbox.rows.CapRow;
import io.letterbox.rows.GroupRow;
import io.letterbox.store.Bytes;
import java.util.List;
import java.util.Optional;

/**
 * Posts a message to a group, decided by the group's partition (decision 0011): the poster must be
 * a member; its idempotency key is scoped to the group; its frequency cap counts the group as one
 * receiver; the message gets the group's next sequence number. Mentions of users who are not
 * members are dropped.
 */
public final class PostCommand extends Command<SendResult> {
  private final GroupPost post;
  private final long requestHash;

  public PostCommand(GroupPost post) {
    this(post, post);
  }

  /**
   * @param post  the post to store
   * @param asked the post as its sender asked for it, which its idempotency key stands for
   */
  public PostCommand(GroupPost post, GroupPost asked) {
    this.post = post;
    this.requestHash = hash(asked);
  }

  /**
   * What applying the post reads (the header, the memberships of the poster and the mentioned
   * members), and what deciding it reads besides: the poster's and the mentioned members' member
   * rows and the poster's cap setting. Every post reads them.
   */
  @Override
  void readAhead(ReadAhead readAhead) {
    GroupPosted.readAhead(post.group(), post.from(), post.mentions(), readAhead::want);
    readAhead.want(Spaces.GROUPS, GroupKey.member(post.group(), post.from()));
    readAhead.want(Spaces.CAPS, Bytes.ofLong(post.from()));
    for (long uid : post.mentions()) {
      readAhead.want(Spaces.GROUPS, GroupKey.member(post.group(), uid));
    }
  }

  @Override
  Decision<SendResult> decide(EngineContext context) {
    StateReader state = context.state();
    GroupState groups = state.groups();
    long gid = post.group();
    GroupRow header = GroupAdmin.header(groups, gid);
    GroupAdmin.member(groups, gid, post.from());
    if (post.idempotencyKey() != null) {
      var earlier = groups.postKey(gid, post.from(), post.idempotencyKey());
      if (earlier != null) {
        Message first = earlier.requestHash() == requestHash ? state.message(earlier.id()) : null;
        if (first == null) {
          throw Idempotency.conflict();
        }
        return Decision.nothing(new SendResult(first, false));
      }
    }
    // The poster's cap is its own partition's setting: read as stored, not from a writer's cache.
    byte[] capRow = context.multiGet(Spaces.CAPS, List.of(Bytes.ofLong(post.from()))).get(0);
    Optional<FrequencyCap> cap = capRow != null ? Optional.of(CapRow.decode(capRow)) : context.config().defaultCap();
    long now = context.config().clock().millis();
    if (cap.isPresent() && CapLevels.atCap(state, CapLevels.ofGroup(gid), cap.get(), now, post.from())) {
      throw new LetterboxException(ErrorCode.FREQUENCY_CAPPED, String.format(
          "sender %d may send %d message(s) per %s to one receiver (a group counts as one)", post.from(),
          cap.get().messages(), cap.get().periodText()));
    }
    long[] mentions = post.mentions().stream().mapToLong(Long::longValue).filter(uid -> groups.member(gid, uid) != null)
        .sorted().distinct().toArray();
    long id = context.ids().next();
    GroupPosted posted = new GroupPosted(id, gid, post.from(), header.lastSeq() + 1, post.text(),
        post.idempotencyKey(), requestHash, mentions, post.extras(), cap.orElse(null));
    return Decision.of(id, posted, new SendResult(posted.message(), true));
  }

  /** FNV-1a over what makes two posts the same message: its encoded content with no id, sequence number or key. */
  private static long hash(GroupPost p) {
    long[] mentions = p.mentions().stream().mapToLong(Long::longValue).sorted().distinct().toArray();
    byte[] content = ActionCodec.encode(new GroupPosted(0, p.group(), p.from(), 0, p.text(), null, 0, mentions, p.extras(),
        null));
    long h = 0xcbf29ce484222325L;
    for (byte b : content) {
      h = (h ^ (b & 0xFF)) * 0x100000001b3L;
    }
    return h;
  }
}
