package io.letterbox.engine;

import io.letterbox.blob.Blobs;
import io.letterbox.engine.partition.PartitionCommands;
import io.letterbox.engine.read.GroupReader;
import io.letterbox.engine.write.ChangeMembersCommand;
import io.letterbox.engine.write.CreateGroupCommand;
import io.letterbox.engine.write.PostCommand;
import io.letterbox.engine.write.RenameGroupCommand;
import io.letterbox.model.Extras;
import io.letterbox.model.Group;
import io.letterbox.model.GroupMember;
import io.letterbox.model.GroupPost;
import io.letterbox.model.GroupRefusal;
import io.letterbox.model.GroupRole;
import io.letterbox.model.NewGroup;
import io.letterbox.model.Page;
import io.letterbox.model.SendResult;
import io.letterbox.model.Vetted;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.stream.LongStream;

/**
 * Groups (decision 0011): creating, renaming, their members and roles, and posting to them. A
 * member's view of a group (history, item, state, read position) is in {@link Conversations}.
 */
public final class Groups {
  private final LetterboxConfig config;
  private final PartitionCommands commands;
  private final GroupReader groups;
  private final BlobAccess blobs;
  private final Peers peers;
  private final Executor replies;
  private final MessageReferences references;

  Groups(LetterboxConfig config, PartitionCommands commands, GroupReader groups, MessageReferences references,
      BlobAccess blobs, Peers peers, Executor replies) {
    this.config = config;
    this.commands = commands;
    this.groups = groups;
    this.references = references;
    this.blobs = blobs;
    this.peers = peers;
    this.replies = replies;
  }

  /**
   * Creates a group owned by {@code by} with {@code members} (repeats and {@code by} itself are
   * dropped: the creator is always a member). Those that do not consent to being added by
   * {@code by} are left out and listed (decision 0023).
   *
   * @return the group and the refused; fails with GROUP_FULL past max-group-members
   */
  public CompletableFuture<NewGroup> create(long by, String name, long[] members, boolean newMembersSeeAll) {
    Validate.uid("by", by);
    String checkedName = Validate.groupName(name);
    long[] others = Validate.uids("members", members == null ? new long[0] : members, Integer.MAX_VALUE, true);
    long[] all = Validate.uids("members", LongStream.concat(Arrays.stream(others), LongStream.of(by)).toArray(),
        Integer.MAX_VALUE, false);
    if (all.length > config.maxGroupMembers()) {
      return CompletableFuture.failedFuture(new LetterboxException(ErrorCode.GROUP_FULL, String.format(
          "a group has at most max-group-members (%d) members: %d", config.maxGroupMembers(), all.length)));
    }
    int home = commands.partitioning().of(by);
    return commands.afterDelivery(home, commands.submitTo(home, new CreateGroupCommand(by, checkedName, newMembersSeeAll, all)),
        created -> created.group().id());
  }

  /** @throws LetterboxException NOT_FOUND if there is no group {@code gid} */
  public Group get(long gid) {
    Validate.uid("group", gid);
    commands.requireHosted(gid);
    return groups.group(gid);
  }

  /** Renames group {@code gid}, for its owner or an admin {@code by}. @return the group as it is now */
  public CompletableFuture<Group> rename(long gid, long by, String name) {
    Validate.uid("group", gid);
    Validate.uid("by", by);
    String checkedName = Validate.groupName(name);
    return commands.submit(gid, new RenameGroupCommand(gid, by, checkedName))
        .thenApplyAsync(done -> groups.group(gid), replies);
  }

  /**
   * Adds {@code uids} to group {@code gid} with {@code role}, or gives them that role if they are
   * members; {@link GroupRole#OWNER} hands the group over to one uid. By the owner or an admin
   * {@code by}: the owner alone gives or takes the admin role and hands the group over. Users
   * that do not consent to being added by {@code by} are not added (decision 0023).
   *
   * @return the users not added for want of their consent, in uid order
   */
  public CompletableFuture<List<GroupRefusal>> setMembers(long gid, long by, long[] uids, GroupRole role) {
    Validate.uid("group", gid);
    Validate.uid("by", by);
    Objects.requireNonNull(role, "role");
    long[] checked = Validate.uids("uids", uids, config.maxGroupMembers(), false);
    if (role == GroupRole.OWNER && checked.length != 1) {
      throw LetterboxException.invalid("a group is handed over to one member: %d given", checked.length);
    }
    return changeMembers(gid, by, role, checked).thenApply(ChangeMembersCommand.Outcome::refused);
  }

  /**
   * Removes {@code uid} from group {@code gid}, by the owner or an admin {@code by}, or by itself
   * (leaving): any member may leave; the owner's group passes to its longest-standing admin, else
   * member, and the last member's leaving ends the group (decision 0023).
   */
  public CompletableFuture<Void> removeMember(long gid, long by, long uid) {
    Validate.uid("group", gid);
    Validate.uid("by", by);
    Validate.uid("uid", uid);
    return changeMembers(gid, by, null, new long[] {uid}).thenApply(outcome -> null);
  }

  /** @param role null to remove the members */
  private CompletableFuture<ChangeMembersCommand.Outcome> changeMembers(long gid, long by, GroupRole role,
      long[] uids) {
    return commands.afterDelivery(commands.partitioning().of(gid),
        commands.submit(gid, new ChangeMembersCommand(gid, by, role, uids, config.maxGroupMembers())),
        ChangeMembersCommand.Outcome::id);
  }

  /** The members of group {@code gid} in uid order. */
  public Page<GroupMember> members(long gid, String cursor, int limit) {
    Validate.uid("group", gid);
    Validate.limit(limit);
    commands.requireHosted(gid);
    return groups.members(gid, cursor, limit);
  }

  /** Posts a message to a group for a service, which may attach any blob. */
  public CompletableFuture<SendResult> post(GroupPost post) {
    return post(post, Blobs.SERVICE);
  }

  /**
   * Posts a message to a group, for a member; fails with NOT_MEMBER for anyone else.
   *
   * @param attacher who asks: the poster acting for itself, whose attachments must be blobs it
   *     may read, or {@link Blobs#SERVICE}
   */
  public CompletableFuture<SendResult> post(GroupPost post, long attacher) {
    return post(Vetted.asAsked(post), attacher);
  }

  /**
   * Posts a message whose content the platform's before-send hook may have replaced:
   * {@code vetted.stored()} is stored, its idempotency key stands for {@code vetted.asked()}.
   */
  public CompletableFuture<SendResult> post(Vetted<GroupPost> vetted, long attacher) {
    GroupPost asked = checked(vetted.asked(), attacher);
    GroupPost post = vetted.unchanged() ? asked : checked(vetted.stored(), attacher);
    int home = commands.partitioning().of(post.group());
    CompletableFuture<SendResult> posted = commands.submitTo(home, new PostCommand(post, asked)).thenApply(r -> {
      if (r.created()) {
        // Its members connected here got it as it became durable; those connected elsewhere get it once told.
        peers.published(post.group(), r.message().id());
      }
      return r;
    });
    return references.answered(post.extras(),
        commands.afterDelivery(home, posted, r -> r.created() ? r.message().id() : 0L));
  }

  /** {@code post} validated as a post is (ids, text, mentions, attachments {@code attacher} may read). */
  GroupPost checked(GroupPost post, long attacher) {
    Validate.uid("group", post.group());
    Validate.uid("from", post.from());
    MessageReferences.Content content = references.content(post.from(), post.text(), post.extras(), post.forwardOf());
    Extras extras = Validate.extras(content.extras(), id -> blobs.readable(attacher, id));
    String text = Validate.text(content.text(), extras.type(), config.maxTextLength());
    references.requireReplyInGroup(post.from(), post.group(), extras);
    Validate.idempotencyKey(post.idempotencyKey());
    long[] mentions = Validate.uids("mentions", post.mentions().stream().mapToLong(Long::longValue).toArray(),
        Validate.MAX_MENTIONS, true);
    return new GroupPost(post.group(), post.from(), text, Arrays.stream(mentions).boxed().toList(),
        post.idempotencyKey(), extras);
  }

  /**
   * Whether {@code from}'s idempotency key already stands for a stored post to group {@code gid}.
   * False for no key. Refused with NOT_OWNER where the group's partition is not hosted, like the post.
   */
  public boolean postKeyUsed(long gid, long from, String idempotencyKey) {
    Validate.uid("group", gid);
    Validate.uid("from", from);
    Validate.idempotencyKey(idempotencyKey);
    commands.requireHosted(gid);
    return idempotencyKey != null && groups.postKeyUsed(gid, from, idempotencyKey);
  }

}
