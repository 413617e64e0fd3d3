package io.letterbox.server.http.json;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.letterbox.model.Broadcast;
import io.letterbox.model.Conversation;
import io.letterbox.model.FrequencyCap;
import io.letterbox.model.Message;
import io.letterbox.model.Page;
import io.letterbox.model.UnreadSummary;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/** The JSON shapes of the API's answers, built from the engine's model. Ids become strings. */
public final class JsonViews {
  private JsonViews() {}

  /**
   * {@code to} is only on one-to-one messages, {@code group} only on group messages; {@code payload},
   * {@code attachments} and {@code mentions} are left out when the message has none.
   */
  public record MessageView(String id, String kind, String from,
      @JsonInclude(JsonInclude.Include.NON_NULL) String to,
      @JsonInclude(JsonInclude.Include.NON_NULL) String group, String type, String text,
      @JsonInclude(JsonInclude.Include.NON_NULL) @com.fasterxml.jackson.annotation.JsonRawValue String payload,
      @JsonInclude(JsonInclude.Include.NON_EMPTY) List<AttachmentView> attachments,
      @JsonInclude(JsonInclude.Include.NON_EMPTY) List<String> mentions, String status, String editedAt,
      String createdAt, @JsonInclude(JsonInclude.Include.NON_NULL) QuoteView replyTo,
      @JsonInclude(JsonInclude.Include.NON_NULL) ForwardedView forwarded,
      @JsonInclude(JsonInclude.Include.NON_EMPTY) List<ReactionView> reactions) {}

  /** Where a forwarded message was copied from. */
  public record ForwardedView(String from, String createdAt) {}

  /** What a reply shows of the message it replies to. */
  public record QuoteView(String id, String from, String type, String text, String status) {}

  public record ReactionView(String emoji, long count, boolean mine) {}

  /** {@code name} is left out when the sender gave none. */
  public record AttachmentView(String blob, @JsonInclude(JsonInclude.Include.NON_NULL) String name, String contentType,
      long size) {}

  /**
   * A one-to-one conversation has {@code peer}, a group {@code group} and {@code mentioned};
   * {@code peerReadUpTo} is null until the peer has read something of a one-to-one conversation;
   * {@code lastMessage} is null for a group with no message its member may see yet.
   */
  public record ConversationView(@JsonInclude(JsonInclude.Include.NON_NULL) String peer,
      @JsonInclude(JsonInclude.Include.NON_NULL) String group, MessageView lastMessage, Map<String, Long> unread,
      String updatedAt, boolean pinned, boolean muted, boolean archived, String peerReadUpTo,
      @JsonInclude(JsonInclude.Include.NON_NULL) Boolean mentioned,
      @JsonInclude(JsonInclude.Include.NON_NULL) String disappearAfter, String peerDeliveredUpTo,
      @JsonInclude(JsonInclude.Include.NON_NULL) String draft) {}

  public record PeerView(String peer) {}

  public record BlobView(String id, long size, String contentType) {}

  public static BlobView blob(io.letterbox.model.Blob b) {
    return new BlobView(b.id(), b.size(), b.contentType());
  }

  /** A page of the conversation list; {@code requests} only in the default list of a deployment with a requests folder. */
  public record ConversationPageView(List<ConversationView> items, String next,
      @JsonInclude(JsonInclude.Include.NON_NULL) RequestsView requests) {}

  public record RequestsView(long unread) {}

  public static ConversationPageView conversations(Page<Conversation> page, java.util.OptionalLong requestsUnread) {
    return new ConversationPageView(page.items().stream().map(JsonViews::conversation).toList(), page.next(),
        requestsUnread.isPresent() ? new RequestsView(requestsUnread.getAsLong()) : null);
  }

  /** {@code next} is written as null on the last page, never left out. */
  public record PageView<T>(List<T> items, String next) {}

  public record UnreadView(long total, List<PeerCountView> conversations) {}

  /** A conversation's count: {@code peer} for a one-to-one conversation, {@code group} for a group. */
  public record PeerCountView(@JsonInclude(JsonInclude.Include.NON_NULL) String peer,
      @JsonInclude(JsonInclude.Include.NON_NULL) String group, long count) {}

  public record GroupView(String id, String name, String owner, int members, String newMembersSee, String createdAt) {}

  public record MemberView(String uid, String role, String joinedAt) {}

  /** A user not added to a group for want of its consent; {@code code} is BLOCKED or NOT_ALLOWED. */
  public record RefusalView(String uid, String code) {}

  /** A group just created: the group's fields and those asked for that were not added. */
  public record NewGroupView(String id, String name, String owner, int members, String newMembersSee, String createdAt,
      List<RefusalView> refused) {}

  /** The answer of a bulk add: those not added for want of their consent. */
  public record RefusedView(List<RefusalView> refused) {}

  /** A user's settings: one field per setting, each always present. */
  public record UserSettingsView(String groupAdds) {}

  public static NewGroupView newGroup(io.letterbox.model.NewGroup created) {
    GroupView g = group(created.group());
    return new NewGroupView(g.id(), g.name(), g.owner(), g.members(), g.newMembersSee(), g.createdAt(),
        refusals(created.refused()));
  }

  public static List<RefusalView> refusals(List<io.letterbox.model.GroupRefusal> refused) {
    return refused.stream().map(r -> new RefusalView(Ids64.format(r.uid()), r.reason().name())).toList();
  }

  public static UserSettingsView settings(io.letterbox.model.UserSettings s) {
    return new UserSettingsView(s.groupAdds().name().toLowerCase(java.util.Locale.ROOT));
  }

  public static GroupView group(io.letterbox.model.Group g) {
    return new GroupView(Ids64.format(g.id()), g.name(), Ids64.format(g.owner()), g.members(),
        g.newMembersSeeAll() ? "all" : "fromJoin", Times.format(g.createdAt()));
  }

  public static MemberView member(io.letterbox.model.GroupMember m) {
    return new MemberView(Ids64.format(m.uid()), m.role().name().toLowerCase(java.util.Locale.ROOT),
        Times.format(m.joinedAt()));
  }

  public record CapView(int messages, String period) {}

  public record IdsView(List<String> ids) {}

  /** {@code completedAt} is null until the fan-out is done. */
  /** {@code payload} and {@code attachments} are left out when the broadcast has none. */
  public record BroadcastView(String id, String from, String type, String text,
      @JsonInclude(JsonInclude.Include.NON_NULL) @com.fasterxml.jackson.annotation.JsonRawValue String payload,
      @JsonInclude(JsonInclude.Include.NON_EMPTY) List<AttachmentView> attachments, String status, long receivers,
      long capped, String createdAt, String completedAt,
      @JsonInclude(JsonInclude.Include.NON_EMPTY) List<ReactionView> reactions) {}

  public static BroadcastView broadcast(Broadcast b) {
    return new BroadcastView(Ids64.format(b.id()), Ids64.format(b.from()), b.extras().type(), b.text(),
        b.extras().payload(), attachments(b.extras()), b.status().name().toLowerCase(java.util.Locale.ROOT),
        b.receivers(), b.capped(), Times.format(b.createdAt()), b.completedAt().map(Times::format).orElse(null),
        b.reactions().stream().map(r -> new ReactionView(r.emoji(), r.count(), r.mine())).toList());
  }

  private static List<AttachmentView> attachments(io.letterbox.model.Extras e) {
    return e.attachments().stream().map(a -> new AttachmentView(a.blob(), a.name(), a.contentType(), a.size())).toList();
  }

  public static MessageView message(Message m) {
    boolean single = m.kind() == Message.Kind.SINGLE;
    boolean group = m.kind() == Message.Kind.GROUP;
    return new MessageView(Ids64.format(m.id()), m.kind().name().toLowerCase(java.util.Locale.ROOT),
        Ids64.format(m.from()), single ? Ids64.format(m.to()) : null, group ? Ids64.format(m.to()) : null,
        m.extras().type(), m.text(), m.extras().payload(), attachments(m.extras()),
        m.extras().mentions().stream().map(Ids64::format).toList(), m.status().json(),
        m.editedAt() == 0 ? null : Times.format(java.time.Instant.ofEpochMilli(m.editedAt())), Times.format(m.createdAt()),
        m.replyTo() == null ? null : quote(m.replyTo()),
        m.extras().forwarded() == null ? null : new ForwardedView(Ids64.format(m.extras().forwarded().from()),
            Times.format(m.extras().forwarded().createdAtInstant())),
        m.reactions().stream().map(r -> new ReactionView(r.emoji(), r.count(), r.mine())).toList());
  }

  private static QuoteView quote(io.letterbox.model.Quote q) {
    return new QuoteView(Ids64.format(q.id()), Ids64.format(q.from()), q.type(), q.text(), q.status().json());
  }

  public static ConversationView conversation(Conversation c) {
    boolean group = c.group() != 0;
    return new ConversationView(group ? null : Ids64.format(c.peer()), group ? Ids64.format(c.group()) : null,
        c.lastMessage() == null ? null : message(c.lastMessage()), c.unread(), Times.format(c.updatedAt()), c.pinned(),
        c.muted(), c.archived(), c.peerReadUpTo() == 0 ? null : Ids64.format(c.peerReadUpTo()),
        group ? c.mentioned() : null, c.disappearAfter() == null ? null : c.disappearAfter().toString(),
        c.peerDeliveredUpTo() == 0 ? null : Ids64.format(c.peerDeliveredUpTo()), c.draft());
  }

  /** A list of peers, all on one page. */
  public static PageView<PeerView> peers(List<Long> peers) {
    return new PageView<>(peers.stream().map(p -> new PeerView(Ids64.format(p))).toList(), null);
  }

  public static <T, V> PageView<V> page(Page<T> page, Function<T, V> view) {
    return new PageView<>(page.items().stream().map(view).toList(), page.next());
  }

  public static UnreadView unread(UnreadSummary s) {
    return new UnreadView(s.total(),
        s.conversations().stream().map(p -> p.group() != 0 ? new PeerCountView(null, Ids64.format(p.group()), p.count())
            : new PeerCountView(Ids64.format(p.peer()), null, p.count())).toList());
  }

  public static CapView cap(FrequencyCap cap) {
    return new CapView(cap.messages(), cap.periodText());
  }

  /**
   * One event (API.md, Live events and sync): {@code type} and {@code position} always, then
   * the fields of its type; the others are left out.
   */
  @JsonInclude(JsonInclude.Include.NON_NULL)
  public record EventView(String type, String position, String peer, String id, MessageView message, String by,
      String device, String upTo, String scope, Boolean pinned, Boolean muted, Boolean archived, String group) {}

  public record SyncView(List<EventView> events, String next, boolean more) {}

  public static SyncView sync(long owner, io.letterbox.model.SyncPage page) {
    return new SyncView(page.events().stream().map(e -> event(owner, e)).toList(), page.next(), page.more());
  }

  public static EventView event(long owner, io.letterbox.model.Event event) {
    String at = event.position();
    if (event instanceof io.letterbox.model.Event.MessageArrived m) {
      Message msg = m.message();
      if (msg.kind() == Message.Kind.GROUP) {
        return new EventView("message", at, null, Ids64.format(msg.id()), message(msg), null, null, null, null, null,
            null, null, Ids64.format(msg.to()));
      }
      long peer = msg.kind() == Message.Kind.BROADCAST ? msg.from() : msg.peerOf(owner);
      return new EventView("message", at, Ids64.format(peer), Ids64.format(msg.id()), message(msg), null, null, null,
          null, null, null, null, null);
    } else if (event instanceof io.letterbox.model.Event.Recalled r) {
      return new EventView("recalled", at, peer(r.peer()), Ids64.format(r.id()), null, null, null, null, null, null,
          null, null, r.group() == 0 ? null : Ids64.format(r.group()));
    } else if (event instanceof io.letterbox.model.Event.Removed r) {
      return new EventView("removed", at, peer(r.peer()), Ids64.format(r.id()), null, null, null, null, null, null,
          null, null, r.group() == 0 ? null : Ids64.format(r.group()));
    } else if (event instanceof io.letterbox.model.Event.Edited e) {
      return new EventView("edited", at, peer(e.peer()), Ids64.format(e.message().id()), message(e.message()), null,
          null, null, null, null, null, null, null);
    } else if (event instanceof io.letterbox.model.Event.Reacted e) {
      boolean group = e.message().kind() == Message.Kind.GROUP;
      return new EventView("reaction", at, peer(e.peer()), Ids64.format(e.message().id()), message(e.message()), null,
          null, null, null, null, null, null, group ? Ids64.format(e.message().to()) : null);
    } else if (event instanceof io.letterbox.model.Event.Read r) {
      return new EventView("read", at, Ids64.format(r.peer()), null, null, Ids64.format(r.byPeer() ? r.peer() : owner),
          r.device(), Ids64.format(r.upTo()), null, null, null, null, null);
    } else if (event instanceof io.letterbox.model.Event.Deleted d) {
      return d.id() != 0
          ? new EventView("deleted", at, Ids64.format(d.peer()), Ids64.format(d.id()), null, null, null, null, "message",
              null, null, null, null)
          : new EventView("deleted", at, peer(d.peer()), null, null, null, null, Ids64.format(d.upTo()),
              d.peer() == 0 ? "all" : "conversation", null, null, null, null);
    }
    if (event instanceof io.letterbox.model.Event.GroupChanged g) {
      return new EventView("group", at, null, null, null, null, null, null, g.joined() ? "joined" : "left", null, null,
          null, Ids64.format(g.group()));
    }
    if (event instanceof io.letterbox.model.Event.Typing t) {
      return new EventView("typing", at, peer(t.peer()), null, null, Ids64.format(t.by()), null, null, null, null, null,
          null, t.group() == 0 ? null : Ids64.format(t.group()));
    }
    io.letterbox.model.Event.ConversationChanged c = (io.letterbox.model.Event.ConversationChanged) event;
    return new EventView("conversation", at, c.group() != 0 ? null : Ids64.format(c.peer()), null, null, null, null, null,
        null, c.pinned(), c.muted(), c.archived(), c.group() == 0 ? null : Ids64.format(c.group()));
  }

  private static String peer(long peer) {
    return peer == 0 ? null : Ids64.format(peer);
  }

  /** A report: its message as it is now, null if it is gone from the store. */
  public record ReportView(String id, String by, MessageView message, String reason,
      @JsonInclude(JsonInclude.Include.NON_NULL) String note, String createdAt) {}

  public static ReportView report(io.letterbox.model.Report r) {
    return new ReportView(Ids64.format(r.id()), Ids64.format(r.by()), r.message() == null ? null : message(r.message()),
        r.reason().wire(), r.note(), Times.format(java.time.Instant.ofEpochMilli(r.createdAt())));
  }

  /** What a create answers: the new thing's id. */
  public record IdView(String id) {}

  public static IdView id(long id) {
    return new IdView(Ids64.format(id));
  }

  public static IdsView ids(List<Long> ids) {
    return new IdsView(ids.stream().map(Ids64::format).toList());
  }

  /** What scheduling a message answers (202): its schedule's id and time (decision 0052). */
  public record ScheduledView(String scheduled, String sendAt) {}

  public static ScheduledView scheduled(io.letterbox.model.ScheduledMessage s) {
    return new ScheduledView(Ids64.format(s.id()), Times.format(s.sendAt()));
  }

  /**
   * A sender's scheduled message as its list shows it: {@code status} {@code pending} or
   * {@code failed}, with the {@code error} code that refused it when it came due; {@code to} for a
   * one-to-one message, {@code group} and {@code mentions} for a post.
   */
  public record ScheduledItemView(String id, @JsonInclude(JsonInclude.Include.NON_NULL) String to,
      @JsonInclude(JsonInclude.Include.NON_NULL) String group,
      @JsonInclude(JsonInclude.Include.NON_NULL) List<String> mentions, String sendAt, String type, String text,
      @JsonInclude(JsonInclude.Include.NON_NULL) @com.fasterxml.jackson.annotation.JsonRawValue String payload,
      @JsonInclude(JsonInclude.Include.NON_EMPTY) List<AttachmentView> attachments,
      @JsonInclude(JsonInclude.Include.NON_NULL) String idempotencyKey, String status,
      @JsonInclude(JsonInclude.Include.NON_NULL) String error) {}

  public static ScheduledItemView scheduledItem(io.letterbox.model.ScheduledMessage s) {
    boolean post = s.group() != 0;
    return new ScheduledItemView(Ids64.format(s.id()), post ? null : Ids64.format(s.to()),
        post ? Ids64.format(s.group()) : null, post ? s.mentions().stream().map(Ids64::format).toList() : null,
        Times.format(s.sendAt()), s.extras().type(), s.text(), s.extras().payload(), attachments(s.extras()),
        s.idempotencyKey(),
        s.pending() ? "pending" : "failed", s.failed());
  }
}
