package io.letterbox.engine;

import static org.assertj.core.api.Assertions.assertThat;

import io.letterbox.keys.Spaces;
import io.letterbox.model.Attachment;
import io.letterbox.model.Audience;
import io.letterbox.model.Blob;
import io.letterbox.model.BroadcastRequest;
import io.letterbox.model.ConversationRef;
import io.letterbox.model.Event;
import io.letterbox.model.Extras;
import io.letterbox.model.Forwarded;
import io.letterbox.model.GroupPost;
import io.letterbox.model.Message;
import io.letterbox.model.Quote;
import io.letterbox.model.Removal;
import io.letterbox.model.SendRequest;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Replies, whose quote is the original as it is now, and forwards, which copy what their sender
 * can see (decision 0048), on every backend.
 */
public abstract class RepliesAndForwardsContract extends EngineFixture {
  /** Where each party's sync starts: before the test's messages. */
  private final Map<Long, String> since = new java.util.HashMap<>();

  @BeforeEach
  void markSyncPositions() {
    for (long owner : new long[] {ALICE, BOB}) {
      since.put(owner, box.events().sync(owner, null, 100).next());
    }
  }

  private Message reply(long from, long to, String text, long original) {
    return box.messages().send(new SendRequest(from, to, text, null, Extras.TEXT.withReplyTo(original))).join().message();
  }

  private Message forward(long from, long to, long original) {
    return box.messages().send(new SendRequest(from, to, null, null, Extras.TEXT, original), from).join().message();
  }

  private Message newest(long owner, long peer) {
    return box.conversations().history(owner, ConversationRef.peer(peer), null, 1).items().get(0);
  }

  /** The last message of {@code owner}'s conversation with {@code peer} as its list shows it. */
  private Message listed(long owner, long peer) {
    return box.conversations().list(owner, null, 100).items().stream().filter(c -> c.peer() == peer).findFirst()
        .orElseThrow().lastMessage();
  }

  /** What {@code owner} sees of {@code id} wherever it reads it: history, by id, its list, sync. */
  private List<Message> everywhere(long owner, long peer, long id) {
    Message synced = box.events().sync(owner, since.get(owner), 100).events().stream()
        .filter(Event.MessageArrived.class::isInstance).map(e -> ((Event.MessageArrived) e).message())
        .filter(m -> m.id() == id).findFirst().orElseThrow();
    return List.of(newest(owner, peer), box.messages().find(owner, id).orElseThrow(), listed(owner, peer), synced);
  }

  /**
   * Every row a send could write: every space but those the search indexer writes in the
   * background as it catches up ({@code state} holds its progress, {@code postings} its output).
   */
  private Map<String, List<String>> everything() {
    Map<String, List<String>> rows = new java.util.TreeMap<>(contents(store));
    rows.remove(Spaces.STATE.name());
    rows.remove(Spaces.POSTINGS.name());
    return rows;
  }

  @Test
  void aReplyShowsTheOriginalAsItIsNowToBothPartiesWhereverItIsRead() {
    Message original = send(ALICE, BOB, "lunch at noon?");
    Message answer = reply(BOB, ALICE, "yes", original.id());

    for (long owner : new long[] {ALICE, BOB}) {
      long peer = owner == ALICE ? BOB : ALICE;
      assertThat(everywhere(owner, peer, answer.id())).allSatisfy(m -> {
        assertThat(m.text()).isEqualTo("yes");
        assertThat(m.replyTo()).isEqualTo(new Quote(original.id(), ALICE, "text", "lunch at noon?", Message.Status.NORMAL));
      });
    }
    assertThat(answer.extras().replyTo()).isEqualTo(original.id());
  }

  @Test
  void aReplysQuoteFollowsTheOriginalsEditAndKeepsOnlyItsFirstHundredCharacters() {
    Message original = send(ALICE, BOB, "x".repeat(150));
    Message answer = reply(BOB, ALICE, "long", original.id());
    assertThat(newest(BOB, ALICE).replyTo().text()).hasSize(Quote.MAX_TEXT);
    clock.advance(Duration.ofMinutes(1));

    box.messages().edit(ALICE, original.id(), "see you at 6").join();

    for (long owner : new long[] {ALICE, BOB}) {
      long peer = owner == ALICE ? BOB : ALICE;
      assertThat(everywhere(owner, peer, answer.id())).allSatisfy(m ->
          assertThat(m.replyTo().text()).isEqualTo("see you at 6"));
    }
  }

  @Test
  void aReplysQuoteFollowsTheOriginalsRecallAndRemovalEvenAfterARestart() {
    Message recalled = send(ALICE, BOB, "oops");
    Message removed = send(ALICE, BOB, "against the rules");
    Message first = reply(BOB, ALICE, "what?", recalled.id());
    Message second = reply(BOB, ALICE, "hm", removed.id());

    box.messages().recall(ALICE, recalled.id()).join();
    box.moderation().remove(removed.id(), Removal.Reason.RETENTION, null).join();

    for (int restart = 0; restart < 2; restart++) {
      for (long owner : new long[] {ALICE, BOB}) {
        long peer = owner == ALICE ? BOB : ALICE;
        assertThat(box.messages().find(owner, first.id()).orElseThrow().replyTo())
            .isEqualTo(new Quote(recalled.id(), ALICE, "text", "", Message.Status.RECALLED));
        assertThat(everywhere(owner, peer, second.id())).allSatisfy(m -> assertThat(m.replyTo())
            .isEqualTo(new Quote(removed.id(), ALICE, "text", "", Message.Status.REMOVED)));
      }
      reopen(config());
    }
  }

  @Test
  void aReplyToAMessageOfAnotherConversationIsRefusedAndChangesNothing() {
    Message elsewhere = send(ALICE, CAROL, "between us");
    long group = box.groups().create(ALICE, "team", new long[] {BOB}, false).join().group().id();
    Message posted = post(group, ALICE, "in the group");
    long otherGroup = box.groups().create(ALICE, "other", new long[] {BOB}, false).join().group().id();
    Message bobs = send(BOB, ALICE, "mine");
    Map<String, List<String>> before = everything();

    assertThat(refusal(() -> reply(ALICE, BOB, "re", elsewhere.id()))).as("another pair's message")
        .isEqualTo(ErrorCode.INVALID_ARGUMENT);
    assertThat(refusal(() -> reply(CAROL, BOB, "re", bobs.id()))).as("a message the sender cannot see")
        .isEqualTo(ErrorCode.INVALID_ARGUMENT);
    assertThat(refusal(() -> reply(ALICE, BOB, "re", posted.id()))).as("a group's message")
        .isEqualTo(ErrorCode.INVALID_ARGUMENT);
    assertThat(refusal(() -> reply(ALICE, BOB, "re", bobs.id() + 1_000_000))).as("no message")
        .isEqualTo(ErrorCode.INVALID_ARGUMENT);
    assertThat(refusal(() -> box.groups().post(new GroupPost(otherGroup, ALICE, "re", List.of(), null,
        Extras.TEXT.withReplyTo(posted.id()))).join())).as("another group's message").isEqualTo(ErrorCode.INVALID_ARGUMENT);
    assertThat(refusal(() -> box.groups().post(new GroupPost(group, ALICE, "re", List.of(), null,
        Extras.TEXT.withReplyTo(bobs.id()))).join())).as("a one-to-one message").isEqualTo(ErrorCode.INVALID_ARGUMENT);
    assertThat(everything()).isEqualTo(before);
  }

  @Test
  void aGroupPostRepliesToAMessageOfItsGroupAndItsMembersSeeTheQuote() {
    long group = box.groups().create(ALICE, "team", new long[] {BOB, CAROL}, false).join().group().id();
    Message question = post(group, ALICE, "who is in?");

    Message answer = box.groups().post(new GroupPost(group, BOB, "me", List.of(), null,
        Extras.TEXT.withReplyTo(question.id()))).join().message();

    for (long member : new long[] {ALICE, BOB, CAROL}) {
      Message seen = box.conversations().history(member, ConversationRef.group(group), null, 1).items().get(0);
      assertThat(seen.id()).isEqualTo(answer.id());
      assertThat(seen.replyTo()).isEqualTo(Quote.of(question));
      assertThat(box.conversations().get(member, ConversationRef.group(group)).lastMessage().replyTo())
          .isEqualTo(Quote.of(question));
    }
  }

  @Test
  void aReplyToThePeersBroadcastTheSenderGotIsAccepted() {
    box.relations().follow(BOB, NEWS).join();
    var b = done(box.broadcasts().send(new BroadcastRequest(NEWS, "big news", new Audience.Followers(), null, null)).join());

    Message answer = reply(BOB, NEWS, "tell me more", b.id());

    assertThat(newest(BOB, NEWS).replyTo()).isEqualTo(new Quote(b.id(), NEWS, "text", "big news", Message.Status.NORMAL));
    assertThat(refusal(() -> reply(CAROL, NEWS, "me too", b.id()))).as("a receiver it was not sent to")
        .isEqualTo(ErrorCode.INVALID_ARGUMENT);
    assertThat(answer.extras().replyTo()).isEqualTo(b.id());
  }

  @Test
  void aForwardCopiesTheOriginalsContentAndCarriesItsOriginAndItsAttachmentsAreReadableByTheNewReceiver() {
    Blob blob = box.blobs().put(ALICE, "a photo".getBytes(), "image/png").join().blob();
    Message original = box.messages().send(new SendRequest(ALICE, BOB, "look", null,
        new Extras("image", "{\"w\":3}", List.of(new Attachment(blob.id(), "p.png", null, -1)))), ALICE).join().message();
    assertThat(box.blobAccess().read(CAROL, blob.id())).isEmpty();
    clock.advance(Duration.ofMinutes(5));

    Message copy = forward(BOB, CAROL, original.id());

    Message seen = newest(CAROL, BOB);
    assertThat(seen).isEqualTo(copy);
    assertThat(seen.from()).isEqualTo(BOB);
    assertThat(seen.text()).isEqualTo("look");
    assertThat(seen.extras().type()).isEqualTo("image");
    assertThat(seen.extras().payload()).isEqualTo("{\"w\":3}");
    assertThat(seen.extras().attachments()).isEqualTo(original.extras().attachments());
    assertThat(seen.extras().forwarded()).isEqualTo(new Forwarded(ALICE, original.createdAt().toEpochMilli()));
    assertThat(box.blobAccess().read(CAROL, blob.id())).contains(blob);
    reopen(config());
    assertThat(newest(CAROL, BOB)).isEqualTo(copy);
  }

  @Test
  void aForwardIntoAGroupCopiesAMessageOfAnotherConversation() {
    long group = box.groups().create(BOB, "team", new long[] {CAROL}, false).join().group().id();
    Message original = send(ALICE, BOB, "pass it on");

    Message copy = box.groups().post(new GroupPost(group, BOB, null, List.of(), null, Extras.TEXT, original.id()), BOB)
        .join().message();

    Message seen = box.conversations().history(CAROL, ConversationRef.group(group), null, 1).items().get(0);
    assertThat(seen).isEqualTo(copy);
    assertThat(seen.text()).isEqualTo("pass it on");
    assertThat(seen.extras().forwarded()).isEqualTo(Forwarded.of(original));
  }

  @Test
  void aForwardOfAMessageTheSenderCannotSeeIsNotFoundAndChangesNothing() {
    Message hidden = send(ALICE, BOB, "private");
    Message recalled = send(ALICE, CAROL, "gone soon");
    box.messages().recall(ALICE, recalled.id()).join();
    Map<String, List<String>> before = everything();

    assertThat(refusal(() -> forward(CAROL, DAVE, hidden.id()))).isEqualTo(ErrorCode.NOT_FOUND);
    assertThat(refusal(() -> forward(CAROL, DAVE, hidden.id() + 1_000_000))).isEqualTo(ErrorCode.NOT_FOUND);
    assertThat(refusal(() -> box.messages().send(new SendRequest(BOB, DAVE, "and text", null, Extras.TEXT, hidden.id()))
        .join())).as("content of its own").isEqualTo(ErrorCode.INVALID_ARGUMENT);
    assertThat(refusal(() -> forward(CAROL, DAVE, recalled.id()))).as("a recalled message has nothing to forward")
        .isEqualTo(ErrorCode.INVALID_ARGUMENT);
    assertThat(everything()).isEqualTo(before);
  }
}
