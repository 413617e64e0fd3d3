package io.letterbox.client;

import static io.letterbox.client.internal.Route.ADD_GROUP_MEMBERS;
import static io.letterbox.client.internal.Route.CREATE_GROUP;
import static io.letterbox.client.internal.Route.GET_GROUP;
import static io.letterbox.client.internal.Route.GET_GROUP_CONVERSATION;
import static io.letterbox.client.internal.Route.GROUP_HISTORY;
import static io.letterbox.client.internal.Route.LIST_GROUP_MEMBERS;
import static io.letterbox.client.internal.Route.MARK_GROUP_READ;
import static io.letterbox.client.internal.Route.GROUP_TYPING;
import static io.letterbox.client.internal.Route.POST_TO_GROUP;
import static io.letterbox.client.internal.Route.REMOVE_GROUP_MEMBER;
import static io.letterbox.client.internal.Route.RENAME_GROUP;
import static io.letterbox.client.internal.Route.SET_GROUP_CONVERSATION_STATE;
import static io.letterbox.client.internal.Route.SET_GROUP_DRAFT;
import static io.letterbox.client.internal.Route.SET_GROUP_MEMBER;

import com.fasterxml.jackson.core.type.TypeReference;
import io.letterbox.client.internal.Maps;
import io.letterbox.client.internal.Spec;
import io.letterbox.client.internal.Transport;
import java.util.List;
import java.util.Map;

/** Groups: members and roles, posts, a member's history, read positions and settings. */
public final class Groups extends Resource {
  private static final TypeReference<Page<GroupMember>> MEMBERS = new TypeReference<>() {};

  Groups(Transport transport) {
    super(transport);
  }

  /**
   * Creates a group; members who blocked {@code by} or whose settings exclude it are not added,
   * and are listed. Not retried once sent: a create has no idempotency key.
   */
  @Maps(CREATE_GROUP)
  public Call<NewGroup> create(CreateGroup group) {
    return call(Spec.of(CREATE_GROUP).json(group), NewGroup.class);
  }

  @Maps(GET_GROUP)
  public Call<Group> get(long gid) {
    return call(Spec.of(GET_GROUP, gid), Group.class);
  }

  /** Renames a group; {@code by} its owner or an admin. */
  @Maps(RENAME_GROUP)
  public Call<Group> rename(long gid, long by, String name) {
    return call(Spec.of(RENAME_GROUP, gid).json(Map.of("by", by, "name", name)), Group.class);
  }

  /**
   * Posts sent from now on vanish {@code after} their sending (from 5 seconds to a year), for every
   * member; null turns it off. {@code by} its owner or an admin.
   */
  @Maps(RENAME_GROUP)
  public Call<Group> setDisappearAfter(long gid, long by, java.time.Duration after) {
    var body = Conversations.disappearAfter(after);
    body.put("by", Long.toString(by));
    return call(Spec.of(RENAME_GROUP, gid).json(body), Group.class);
  }

  /**
   * Adds {@code uid} or changes its role; {@code by} its owner or an admin. A uid that blocked
   * {@code by} is refused with BLOCKED, one whose settings exclude {@code by} with NOT_ALLOWED.
   *
   * @param role member, admin or owner; null for member
   */
  @Maps(SET_GROUP_MEMBER)
  public Call<Void> setMember(long gid, long uid, long by, String role) {
    return call(Spec.of(SET_GROUP_MEMBER, gid, uid).json(new Membership(by, null, role)));
  }

  /**
   * Adds many members as one change; those who blocked {@code by} or whose settings exclude it
   * are not added, and are listed.
   *
   * @param role member or admin; null for member
   */
  @Maps(ADD_GROUP_MEMBERS)
  public Call<AddedMembers> addMembers(long gid, long by, List<Long> uids, String role) {
    return call(Spec.of(ADD_GROUP_MEMBERS, gid).json(new Membership(by, uids, role)), AddedMembers.class);
  }

  /**
   * Removes {@code uid}, or {@code uid} leaves when {@code by == uid}: the owner's group passes to
   * its longest-standing admin (else member), and the last member's leaving ends the group.
   */
  @Maps(REMOVE_GROUP_MEMBER)
  public Call<Void> removeMember(long gid, long uid, long by) {
    return call(Spec.of(REMOVE_GROUP_MEMBER, gid, uid).query("by", by));
  }

  @Maps(LIST_GROUP_MEMBERS)
  public Listing<GroupMember> members(long gid) {
    return listing(() -> Spec.of(LIST_GROUP_MEMBERS, gid), MEMBERS);
  }

  /** Posts a message to a group (201, or 200 with the first message for a used idempotency key). */
  @Maps(POST_TO_GROUP)
  public Call<Message> post(long gid, GroupPost post) {
    return call(Spec.of(POST_TO_GROUP, gid).json(post.withIdempotencyKey(keyOr(post.idempotencyKey()))),
        Message.class);
  }

  /**
   * Schedules a post to be posted at {@code sendAt} (202): in the future and within the server's
   * max-schedule-ahead; its sender must be a member now (403 NOT_MEMBER), and membership, its
   * frequency cap and the platform's hook are decided again when it is posted. Listed and cancelled
   * with the sender's scheduled messages ({@link Messages#scheduled}).
   */
  @Maps(POST_TO_GROUP)
  public Call<Scheduled> schedule(long gid, GroupPost post, java.time.Instant sendAt) {
    return call(Spec.of(POST_TO_GROUP, gid).json(new Scheduling(post.withIdempotencyKey(keyOr(post.idempotencyKey())),
        sendAt.toString())), Scheduled.class);
  }

  /** A post with the time to post it at. */
  private record Scheduling(@com.fasterxml.jackson.annotation.JsonUnwrapped GroupPost post, String sendAt) {}

  /** The group's messages {@code uid} may see, newest first. */
  @Maps(GROUP_HISTORY)
  public Listing<Message> history(long uid, long gid) {
    return messages(GROUP_HISTORY, uid, gid);
  }

  /** Marks everything so far read on {@code device}. */
  public Call<Void> markRead(long uid, long gid, String device) {
    return read(MARK_GROUP_READ, uid, gid, device, null);
  }

  @Maps(MARK_GROUP_READ)
  public Call<Void> markRead(long uid, long gid, String device, long upTo) {
    return read(MARK_GROUP_READ, uid, gid, device, upTo);
  }

  /** {@code uid}'s conversation item of the group. */
  @Maps(GET_GROUP_CONVERSATION)
  public Call<Conversation> conversation(long uid, long gid) {
    return call(Spec.of(GET_GROUP_CONVERSATION, uid, gid), Conversation.class);
  }

  /** Pins message {@code id} of the group; {@code by} its owner or an admin (409 TOO_MANY_PINS past 50). */
  @Maps(io.letterbox.client.internal.Route.PIN_GROUP_MESSAGE)
  public Call<Void> pin(long gid, long id, long by) {
    return call(Spec.of(io.letterbox.client.internal.Route.PIN_GROUP_MESSAGE, gid, id).query("by", by));
  }

  /** Unpins message {@code id} of the group; {@code by} its owner or an admin. */
  @Maps(io.letterbox.client.internal.Route.UNPIN_GROUP_MESSAGE)
  public Call<Void> unpin(long gid, long id, long by) {
    return call(Spec.of(io.letterbox.client.internal.Route.UNPIN_GROUP_MESSAGE, gid, id).query("by", by));
  }

  /** The group's pinned messages member {@code uid} can see, the newest pin first: one page. */
  @Maps(io.letterbox.client.internal.Route.LIST_GROUP_PINS)
  public Call<Page<Message>> pins(long uid, long gid) {
    return call(Spec.of(io.letterbox.client.internal.Route.LIST_GROUP_PINS, uid, gid),
        io.letterbox.client.internal.Decoder.json(MESSAGES));
  }

  @Maps(SET_GROUP_CONVERSATION_STATE)
  public Call<Conversation> setState(long uid, long gid, ConversationState state) {
    return call(Spec.of(SET_GROUP_CONVERSATION_STATE, uid, gid).json(state), Conversation.class);
  }

  /** The body of a membership change; absent fields left out. */
  private record Membership(long by, List<Long> uids, String role) {}

  /** Tells the other members of {@code gid} that {@code uid} is typing (at most one event per 3 s; never stored). */
  @Maps(GROUP_TYPING)
  public Call<Void> typing(long uid, long gid) {
    return call(Spec.of(GROUP_TYPING, uid, gid));
  }

  /** Saves member {@code uid}'s draft of group {@code gid}'s conversation, shared by its devices; empty text clears it. */
  @Maps(SET_GROUP_DRAFT)
  public Call<Void> setDraft(long uid, long gid, String text) {
    return call(Spec.of(SET_GROUP_DRAFT, uid, gid).json(java.util.Map.of("text", text)));
  }
}
