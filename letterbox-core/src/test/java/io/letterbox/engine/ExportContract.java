package io.letterbox.engine;

import static org.assertj.core.api.Assertions.assertThat;

import io.letterbox.model.Audience;
import io.letterbox.model.BroadcastRequest;
import io.letterbox.model.Conversation;
import io.letterbox.model.ConversationRef;
import io.letterbox.model.Extras;
import io.letterbox.model.Folder;
import io.letterbox.model.GroupPost;
import io.letterbox.model.Message;
import io.letterbox.model.Page;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** A user's export (decision 0046): what the paged reads give, as of its start, on every backend. */
public abstract class ExportContract extends EngineFixture {
  /** More conversations and messages than a page of each, so that the walk pages both. */
  private static final int PEERS = Export.PAGE + 20;
  private static final long FIRST_PEER = 3_000_000_000L;

  /** The lines of a walk, each conversation with the messages after it, in order. */
  private static Map<Conversation, List<Message>> drain(Export.Walk walk) {
    Map<Conversation, List<Message>> out = new LinkedHashMap<>();
    List<Message> current = null;
    for (List<Export.Line> batch = walk.next(); !batch.isEmpty(); batch = walk.next()) {
      assertThat(batch.size()).isLessThanOrEqualTo(2 * Export.PAGE);
      for (Export.Line line : batch) {
        if (line instanceof Export.ConversationLine c) {
          assertThat(out).as("a conversation is listed once").doesNotContainKey(c.conversation());
          current = new ArrayList<>();
          out.put(c.conversation(), current);
        } else {
          assertThat(current).as("a message comes after its conversation").isNotNull();
          current.add(((Export.MessageLine) line).message());
        }
      }
    }
    return out;
  }

  private List<Conversation> listed(long owner) {
    List<Conversation> all = new ArrayList<>();
    for (Folder folder : List.of(Folder.DEFAULT, Folder.ARCHIVED)) {
      String cursor = null;
      do {
        Page<Conversation> page = box.conversations().list(owner, folder, cursor, 7);
        all.addAll(page.items());
        cursor = page.next();
      } while (cursor != null);
    }
    return all;
  }

  private List<Message> history(long owner, ConversationRef conversation) {
    List<Message> all = new ArrayList<>();
    String cursor = null;
    do {
      Page<Message> page = box.conversations().history(owner, conversation, cursor, 9);
      all.addAll(page.items());
      cursor = page.next();
    } while (cursor != null);
    return all;
  }

  private static ConversationRef ref(Conversation c) {
    return c.group() != 0 ? ConversationRef.group(c.group()) : ConversationRef.peer(c.peer());
  }

  @Test
  void anExportHoldsEveryConversationOnceThenEachMessageOfItTheOwnerCanSeeAsTheReadsGiveThem() {
    for (int i = 0; i < PEERS; i++) {
      send(FIRST_PEER + i, ALICE, "hello " + i);
      clock.advance(Duration.ofMillis(1));
    }
    List<Long> withBob = new ArrayList<>();
    for (int i = 0; i < Export.PAGE * 2 + 5; i++) {
      withBob.add(send(i % 2 == 0 ? ALICE : BOB, i % 2 == 0 ? BOB : ALICE, "bob " + i).id());
    }
    Message deleted = send(BOB, ALICE, "deleted by alice");
    box.messages().delete(ALICE, deleted.id()).join();
    Message unseen = send(BOB, CAROL, "not alice's");
    long gid = box.groups().create(CAROL, "team", new long[] {ALICE}, false).join().group().id();
    Message post = box.groups().post(new GroupPost(gid, CAROL, "to the team", List.of(), null, Extras.TEXT))
        .join().message();
    Message own = box.groups().post(new GroupPost(gid, ALICE, "mine", List.of(), null, Extras.TEXT)).join().message();
    var broadcast = done(box.broadcasts().send(new BroadcastRequest(NEWS, "news", new Audience.Uids(new long[] {ALICE}),
        BroadcastRequest.Priority.NORMAL, null)).join());
    box.conversations().setState(ALICE, ConversationRef.peer(FIRST_PEER), null, null, true).join();
    clock.advance(Duration.ofMillis(1));

    Map<Conversation, List<Message>> export = drain(box.export().of(ALICE));

    assertThat(export.keySet()).as("every folder's items, as the list gives them")
        .containsExactlyInAnyOrderElementsOf(listed(ALICE));
    assertThat(export).hasSize(PEERS + 3);
    export.forEach((c, messages) -> {
      assertThat(messages).as("the history of %s, newest first", c).isEqualTo(history(ALICE, ref(c)));
      messages.forEach(m -> assertThat(box.messages().find(ALICE, m.id())).contains(m));
    });
    List<Long> ids = export.values().stream().flatMap(List::stream).map(Message::id).toList();
    assertThat(ids).doesNotHaveDuplicates()
        .hasSize(PEERS + withBob.size() + 3)
        .containsAll(withBob)
        .contains(post.id(), own.id(), broadcast.id())
        .doesNotContain(deleted.id(), unseen.id());
  }

  @Test
  void anExportHoldsWhatWasSentBeforeItBeganAndAConversationThatMovesPastTheWalkOnce() {
    for (int i = 0; i < PEERS; i++) {
      send(FIRST_PEER + i, ALICE, "hello " + i);
      clock.advance(Duration.ofMillis(1));
    }
    Export.Walk walk = box.export().of(ALICE);
    List<Export.Line> first = walk.next();
    assertThat(first).isNotEmpty();
    clock.advance(Duration.ofMillis(1));
    // The oldest conversation, not reached yet, moves to the top the walk has passed.
    Message later = send(FIRST_PEER, ALICE, "after the export began");
    Message newcomer = send(DAVE, ALICE, "a new conversation");
    // The newest conversation, passed already, moves to the top again.
    Message again = send(FIRST_PEER + PEERS - 1, ALICE, "again after the export began");

    Map<Conversation, List<Message>> rest = drain(walk);
    List<Message> all = new ArrayList<>();
    List<Long> peers = new ArrayList<>();
    for (Export.Line line : first) {
      if (line instanceof Export.MessageLine m) {
        all.add(m.message());
      } else {
        peers.add(((Export.ConversationLine) line).conversation().peer());
      }
    }
    rest.forEach((c, messages) -> {
      peers.add(c.peer());
      all.addAll(messages);
    });

    assertThat(peers).doesNotHaveDuplicates().hasSize(PEERS).contains(FIRST_PEER).doesNotContain(DAVE);
    assertThat(all).extracting(Message::id).doesNotHaveDuplicates().hasSize(PEERS)
        .doesNotContain(later.id(), newcomer.id(), again.id());
    assertThat(all).allSatisfy(m -> assertThat(m.id()).isLessThanOrEqualTo(walk.upTo()));
  }

  @Test
  void anExportHoldsTheRequestsFolderWhereTheDeploymentHasOne() {
    reopen(config().requestsFolder(true));
    send(BOB, ALICE, "a stranger writes");
    send(ALICE, CAROL, "alice writes");
    clock.advance(Duration.ofMillis(1));

    Map<Conversation, List<Message>> export = drain(box.export().of(ALICE));

    assertThat(box.conversations().list(ALICE, Folder.REQUESTS, null, 10).items()).extracting(Conversation::peer)
        .containsExactly(BOB);
    assertThat(export.keySet()).extracting(Conversation::peer).containsExactlyInAnyOrder(BOB, CAROL);
    assertThat(export.values()).flatExtracting(m -> m).extracting(Message::text)
        .containsExactlyInAnyOrder("a stranger writes", "alice writes");
  }

  @Test
  void anExportOfABadUidIsRefused() {
    assertThat(refusal(() -> box.export().of(0))).isEqualTo(ErrorCode.INVALID_ARGUMENT);
    assertThat(refusal(() -> box.export().of(-5))).isEqualTo(ErrorCode.INVALID_ARGUMENT);
  }
}
