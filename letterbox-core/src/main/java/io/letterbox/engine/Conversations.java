package io.letterbox.engine;

import io.letterbox.engine.partition.PartitionCommands;
import io.letterbox.engine.read.ItemJoins;
import io.letterbox.engine.read.ConversationLister;
import io.letterbox.engine.read.GroupReader;
import io.letterbox.engine.read.HistoryReader;
import io.letterbox.engine.read.StateReader;
import io.letterbox.engine.read.UnreadCounter;
import io.letterbox.engine.write.Command;
import io.letterbox.engine.write.ConversationStateCommand;
import io.letterbox.engine.write.DeleteAllCommand;
import io.letterbox.engine.write.DeleteConversationCommand;
import io.letterbox.engine.write.GroupSettingsCommand;
import io.letterbox.engine.write.MarkGroupReadCommand;
import io.letterbox.engine.write.MarkReadCommand;
import io.letterbox.model.Conversation;
import io.letterbox.model.ConversationRef;
import io.letterbox.model.Folder;
import io.letterbox.model.Message;
import io.letterbox.model.Page;
import io.letterbox.model.UnreadSummary;
import java.util.List;
import java.util.Objects;
import java.util.OptionalLong;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;

/**
 * An owner's conversations: its list, one conversation's history and item, its state (pinned,
 * muted, archived), read positions and unread counts, and deleting conversations. One-to-one and
 * group conversations are named by a {@link ConversationRef}; where their rules differ, the
 * difference is in this class: a group's history and item come from the group's timeline and the
 * owner's membership, a one-to-one conversation's from the owner's own rows.
 */
public final class Conversations {
  private final LetterboxConfig config;
  private final PartitionCommands commands;
  private final StateReader state;
  private final HistoryReader history;
  private final ConversationLister lister;
  private final UnreadCounter unread;
  private final GroupReader groups;
  private final Executor replies;

  Conversations(LetterboxConfig config, PartitionCommands commands, StateReader state, HistoryReader history,
      ConversationLister lister, UnreadCounter unread, GroupReader groups, Executor replies) {
    this.config = config;
    this.commands = commands;
    this.state = state;
    this.history = history;
    this.lister = lister;
    this.unread = unread;
    this.groups = groups;
    this.replies = replies;
  }

  /** The owner's default list: pinned first, then latest activity first, with unread counts per device. */
  public Page<Conversation> list(long owner, String cursor, int limit) {
    return list(owner, Folder.DEFAULT, cursor, limit);
  }

  /** The owner's conversations in {@code folder}: pinned first, then latest activity first. */
  public Page<Conversation> list(long owner, Folder folder, String cursor, int limit) {
    Validate.uid("uid", owner);
    Validate.limit(limit);
    Objects.requireNonNull(folder, "folder");
    commands.requireHosted(owner);
    Page<Conversation> page = lister.page(owner, folder, cursor, limit);
    return new Page<>(joined(owner, page.items()), page.next());
  }

  /**
   * The items as the owner reads them: with the conversations' disappearing settings, the owner's
   * drafts and the last messages' reactions, each one read for all (the peers' delivery receipts are
   * in the items' rows, decision 0051).
   */
  private List<Conversation> joined(long owner, List<Conversation> items) {
    List<Long> peers = new java.util.ArrayList<>(items.size());
    List<Long> gids = new java.util.ArrayList<>();
    for (Conversation c : items) {
      if (c.group() == 0) {
        peers.add(c.peer());
      } else {
        gids.add(c.group());
      }
    }
    ItemJoins.Joined joins = state.itemJoins().of(owner, peers, gids);
    return reacted(owner, groupDrafted(joins.groupDrafts(),
        drafted(joins.drafts(), disappearing(joins.disappearAfters(), gids, items))));
  }

  /** The group items with the owner's {@code drafts} of them (decision 0050). */
  private static List<Conversation> groupDrafted(java.util.Map<Long, String> drafts, List<Conversation> items) {
    if (drafts.isEmpty()) {
      return items;
    }
    return items.stream().map(c -> c.group() != 0 && drafts.containsKey(c.group()) ? c.withDraft(drafts.get(c.group())) : c)
        .toList();
  }

  /** The items with their last messages' reactions as the owner sees them (decision 0049): one read for all. */
  private List<Conversation> reacted(long owner, List<Conversation> items) {
    List<Message> last = new java.util.ArrayList<>(items.size());
    for (Conversation c : items) {
      last.add(c.lastMessage());
    }
    List<Message> joined = state.reactions().join(owner, last);
    if (joined == last) {
      return items;
    }
    List<Conversation> out = new java.util.ArrayList<>(items.size());
    for (int i = 0; i < items.size(); i++) {
      Conversation c = items.get(i);
      out.add(joined.get(i) == c.lastMessage() ? c : new Conversation(c.peer(), c.group(), joined.get(i), c.unread(),
          c.pinned(), c.muted(), c.archived(), c.peerReadUpTo(), c.mentioned(), c.updatedAt(), c.disappearAfter(),
          c.peerDeliveredUpTo(), c.draft()));
    }
    return out;
  }

  /** The one-to-one items with the owner's {@code drafts} (decision 0050). */
  private static List<Conversation> drafted(java.util.Map<Long, String> drafts, List<Conversation> items) {
    if (drafts.isEmpty()) {
      return items;
    }
    return items.stream().map(c -> c.group() == 0 && drafts.containsKey(c.peer()) ? c.withDraft(drafts.get(c.peer())) : c)
        .toList();
  }

  /**
   * The items with their disappearing settings (decision 0045): the one-to-one ones' from the
   * owner's {@code peers}, the groups' (those of {@code gids}, in item order) in one read.
   */
  private List<Conversation> disappearing(java.util.Map<Long, Long> peers, List<Long> gids, List<Conversation> items) {
    long[] groups = gids.isEmpty() ? new long[0] : state.conversations().groupDisappearAfters(gids);
    if (peers.isEmpty() && gids.isEmpty()) {
      return items;
    }
    List<Conversation> out = new java.util.ArrayList<>(items.size());
    int g = 0;
    for (Conversation c : items) {
      long ms = c.group() != 0 ? groups[g++] : peers.getOrDefault(c.peer(), 0L);
      out.add(ms == 0 ? c : c.withDisappearAfter(java.time.Duration.ofMillis(ms)));
    }
    return out;
  }

  /**
   * The messages of the conversation that {@code owner} can see, newest first: with a peer, the
   * one-to-one messages either way and the peer's broadcasts that reached the owner; in a group,
   * those of its membership (NOT_MEMBER if it never was a member).
   *
   * @param cursor null for the first page, else the {@code next} of the previous page
   */
  public Page<Message> history(long owner, ConversationRef conversation, String cursor, int limit) {
    check(owner, conversation);
    Validate.limit(limit);
    commands.requireHosted(owner);
    Page<Message> page = conversation instanceof ConversationRef.Group g
        ? groups.history(owner, g.gid(), cursor, limit)
        : history.page(owner, peer(conversation), cursor, limit);
    List<Message> joined = state.reactions().join(owner, page.items());
    return joined == page.items() ? page : new Page<>(joined, page.next());
  }

  /**
   * {@code owner}'s conversation as its list shows it: with a peer, the newest message the owner
   * can see with it and the unread counts per device; a group's item.
   *
   * @throws LetterboxException {@link ErrorCode#NOT_FOUND} if the owner has no visible message
   *     with the peer, NOT_MEMBER if it never was a member of the group
   */
  public Conversation get(long owner, ConversationRef conversation) {
    check(owner, conversation);
    commands.requireHosted(owner);
    return read(owner, conversation);
  }

  /**
   * Changes the owner's settings of a conversation; a null setting keeps its value.
   *
   * @return the conversation as its list shows it now
   * @throws LetterboxException {@link ErrorCode#NOT_FOUND} if the owner has no visible message
   *     with the peer (nothing is changed)
   */
  public CompletableFuture<Conversation> setState(long owner, ConversationRef conversation, Boolean pinned,
      Boolean muted, Boolean archived) {
    check(owner, conversation);
    Command<Void> command;
    if (conversation instanceof ConversationRef.Group g) {
      // Membership is checked by the command, where the group's members are.
      command = new GroupSettingsCommand(owner, g.gid(), pinned, muted, archived);
    } else {
      get(owner, conversation);
      command = new ConversationStateCommand(owner, peer(conversation), pinned, muted, archived);
    }
    return commands.submit(owner, command).thenApplyAsync(done -> read(owner, conversation), replies);
  }

  /**
   * Messages of the conversation sent from now on disappear {@code after} (null: never) past
   * their sending, for every party (decision 0045): both parties of a one-to-one conversation (the
   * peer gets a {@code conversation} event); a group's members, set by its owner or an admin.
   *
   * @return the conversation as its list shows it now
   */
  public CompletableFuture<Conversation> setDisappearAfter(long owner, ConversationRef conversation,
      java.time.Duration after) {
    check(owner, conversation);
    long ms = Validate.disappearAfter(after);
    if (conversation instanceof ConversationRef.Group g) {
      return commands.submit(g.gid(), io.letterbox.engine.write.DisappearCommand.group(g.gid(), owner, ms))
          .thenApplyAsync(done -> read(owner, conversation), replies);
    }
    get(owner, conversation);
    return commands.submit(owner, io.letterbox.engine.write.DisappearCommand.conversation(owner, peer(conversation), ms))
        .thenApplyAsync(done -> read(owner, conversation), replies);
  }

  /**
   * Saves the owner's draft of its one-to-one conversation with {@code peer}, shared by its
   * devices (decision 0050); empty text clears it. The owner's devices get a {@code conversation}
   * event. A draft for a peer with no conversation yet is kept and shows once the conversation is
   * listed.
   */
  public CompletableFuture<Void> setDraft(long owner, long peer, String text) {
    check(owner, ConversationRef.peer(peer));
    String checked = Validate.draft(text, config.maxTextLength());
    return commands.submit(owner, new io.letterbox.engine.write.DraftCommand(owner, peer, checked));
  }

  /**
   * Saves member {@code owner}'s draft of group {@code gid}'s conversation, shared by its devices
   * (decision 0050); empty text clears it. The owner's devices get a {@code conversation} event
   * naming the group.
   *
   * @throws LetterboxException NOT_FOUND for no such group, NOT_MEMBER if {@code owner} is not a
   *     member now (nothing changed)
   */
  public CompletableFuture<Void> setGroupDraft(long owner, long gid, String text) {
    check(owner, ConversationRef.group(gid));
    String checked = Validate.draft(text, config.maxTextLength());
    return commands.submit(owner, io.letterbox.engine.write.DraftCommand.group(owner, gid, checked));
  }

  /** Marks the conversation read on {@code device} up to {@code upTo} (null: everything so far). */
  public CompletableFuture<Void> markRead(long owner, ConversationRef conversation, String device, Long upTo) {
    check(owner, conversation);
    Validate.device(device, config.devices());
    if (upTo != null) {
      Validate.messageId(upTo);
    }
    return commands.submit(owner, conversation instanceof ConversationRef.Group g
        ? new MarkGroupReadCommand(owner, g.gid(), device, upTo)
        : new MarkReadCommand(owner, peer(conversation), device, upTo));
  }

  /** Exact unread counts of the owner on {@code device}, without scanning history. */
  public UnreadSummary unread(long owner, String device) {
    Validate.uid("uid", owner);
    Validate.device(device, config.devices());
    commands.requireHosted(owner);
    return unread.summary(owner, device);
  }

  /**
   * Unread messages in the owner's requests folder (a message read on any device counts as read);
   * empty when the deployment has no requests folder.
   */
  public OptionalLong requestsUnread(long owner) {
    Validate.uid("uid", owner);
    commands.requireHosted(owner);
    return config.requestsFolder() ? OptionalLong.of(state.conversations().requestsUnread(owner)) : OptionalLong.empty();
  }

  /** Empties the owner's one-to-one conversation with {@code peer}; the peer keeps its copy. */
  public CompletableFuture<Void> delete(long owner, long peer) {
    Validate.uid("uid", owner);
    Validate.uid("peer", peer);
    Validate.distinct("uid", owner, "peer", peer);
    return commands.submit(owner, new DeleteConversationCommand(owner, peer));
  }

  /** Empties every conversation of the owner. */
  public CompletableFuture<Void> deleteAll(long owner) {
    Validate.uid("uid", owner);
    return commands.submit(owner, new DeleteAllCommand(owner));
  }

  /** The item as the list shows it, once the arguments are checked. */
  private Conversation read(long owner, ConversationRef conversation) {
    return joined(owner, List.of(readItem(owner, conversation))).get(0);
  }

  private Conversation readItem(long owner, ConversationRef conversation) {
    if (conversation instanceof ConversationRef.Group g) {
      return groups.item(owner, g.gid());
    }
    long peer = peer(conversation);
    Page<Message> newest = history.page(owner, peer, null, 1);
    Conversation c = lister.one(owner, peer, newest.items().isEmpty() ? null : newest.items().get(0));
    if (c == null) {
      throw LetterboxException.notFound("user %d has no conversation with %d", owner, peer);
    }
    return c;
  }

  private static void check(long owner, ConversationRef conversation) {
    Validate.uid("uid", owner);
    Objects.requireNonNull(conversation, "conversation");
    if (conversation instanceof ConversationRef.Group g) {
      Validate.uid("group", g.gid());
    } else {
      Validate.uid("peer", peer(conversation));
      Validate.distinct("uid", owner, "peer", peer(conversation));
    }
  }

  private static long peer(ConversationRef conversation) {
    return ((ConversationRef.Peer) conversation).uid();
  }
}
