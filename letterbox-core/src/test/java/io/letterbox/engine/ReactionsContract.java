package io.letterbox.engine;

import static org.assertj.core.api.Assertions.assertThat;

import io.letterbox.model.Audience;
import io.letterbox.model.Broadcast;
import io.letterbox.model.BroadcastRequest;
import io.letterbox.model.ConversationRef;
import io.letterbox.model.Event;
import io.letterbox.model.Message;
import io.letterbox.model.Reaction;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Reactions to messages (decision 0049): counts, each reader's own, the cap, who may react, on every backend. */
public abstract class ReactionsContract extends EngineFixture {

  private List<Reaction> inHistory(long owner, long peer) {
    return box.conversations().history(owner, ConversationRef.peer(peer), null, 1).items().get(0).reactions();
  }

  private List<Reaction> byId(long owner, long id) {
    return box.messages().find(owner, id).orElseThrow().reactions();
  }

  private List<Reaction> listed(long owner) {
    return box.conversations().list(owner, null, 10).items().get(0).lastMessage().reactions();
  }

  /** The rows a reaction writes: the log, the journals, the feeds, the reactions. */
  private Map<String, List<String>> written() {
    Map<String, List<String>> all = contents(store);
    all.keySet().retainAll(List.of("log", "journal", "feed", "reactions"));
    return all;
  }

  private void react(long uid, long id, String emoji) {
    box.reactions().react(uid, id, emoji).join();
  }

  @Test
  void bothPartiesSeeExactCountsAndWhichAreTheirOwnInHistoryListsAndByIdAfterARestart() {
    Message m = send(ALICE, BOB, "lunch?");
    react(BOB, m.id(), "👍");
    react(ALICE, m.id(), "👍");
    react(ALICE, m.id(), "❤️");

    for (int restart = 0; restart < 2; restart++) {
      List<Reaction> bob = List.of(new Reaction("👍", 2, true), new Reaction("❤️", 1, false));
      List<Reaction> alice = List.of(new Reaction("👍", 2, true), new Reaction("❤️", 1, true));
      assertThat(inHistory(BOB, ALICE)).isEqualTo(bob);
      assertThat(byId(BOB, m.id())).isEqualTo(bob);
      assertThat(listed(BOB)).isEqualTo(bob);
      assertThat(inHistory(ALICE, BOB)).isEqualTo(alice);
      assertThat(byId(ALICE, m.id())).isEqualTo(alice);
      assertThat(listed(ALICE)).isEqualTo(alice);
      reopen(config());
    }
  }

  @Test
  void aReactionTakenBackIsGoneAndAMessageWithoutReactionsHasNone() {
    Message m = send(ALICE, BOB, "hi");
    Message other = send(BOB, ALICE, "hello");
    react(BOB, m.id(), "👍");

    box.reactions().unreact(BOB, m.id(), "👍").join();

    assertThat(byId(ALICE, m.id())).isEmpty();
    assertThat(byId(BOB, other.id())).isEmpty();
    assertThat(rows(io.letterbox.keys.Spaces.REACTIONS)).as("no count is left for a message without reactions").isZero();
    assertThat(rows(io.letterbox.keys.Spaces.OWN_REACTIONS)).as("nor a row of a user's own").isZero();
  }

  @Test
  void whatWasReadBeforeAReactionDoesNotHideItAfter() {
    Message m = send(ALICE, BOB, "hi");
    assertThat(inHistory(BOB, ALICE)).isEmpty();

    react(ALICE, m.id(), "👍");
    assertThat(inHistory(BOB, ALICE)).containsExactly(new Reaction("👍", 1, false));

    box.reactions().unreact(ALICE, m.id(), "👍").join();
    assertThat(inHistory(BOB, ALICE)).isEmpty();
  }

  @Test
  void whatAReaderReadOfItsOwnBeforeItReactsDoesNotHideItsReactionAfter() {
    Message m = send(ALICE, BOB, "hi");
    react(BOB, m.id(), "👍");
    assertThat(inHistory(ALICE, BOB)).containsExactly(new Reaction("👍", 1, false));

    react(ALICE, m.id(), "👍");
    assertThat(inHistory(ALICE, BOB)).containsExactly(new Reaction("👍", 2, true));

    box.reactions().unreact(ALICE, m.id(), "👍").join();
    assertThat(inHistory(ALICE, BOB)).containsExactly(new Reaction("👍", 1, false));
  }

  @Test
  void reactingTwiceOrTakingBackAnAbsentReactionChangesNothing() {
    Message m = send(ALICE, BOB, "hi");
    react(BOB, m.id(), "👍");
    Map<String, List<String>> before = written();

    react(BOB, m.id(), "👍");
    box.reactions().unreact(BOB, m.id(), "🎉").join();
    box.reactions().unreact(ALICE, m.id(), "👍").join();

    assertThat(written()).isEqualTo(before);
    assertThat(byId(ALICE, m.id())).containsExactly(new Reaction("👍", 1, false));
  }

  @Test
  void aTwentyFirstDifferentEmojiIsRefusedAndChangesNothing() {
    Message m = send(ALICE, BOB, "hi");
    String[] twenty = {"😀", "😁", "😂", "🤣", "😃", "😄", "😅", "😆", "😉", "😊", "😋", "😎", "😍", "😘", "🥰",
        "😗", "😙", "😚", "🙂", "🤗"};
    for (String e : twenty) {
      react(BOB, m.id(), e);
    }
    Map<String, List<String>> before = written();

    assertThat(refusal(() -> react(BOB, m.id(), "🤩"))).isEqualTo(ErrorCode.TOO_MANY_REACTIONS);

    assertThat(written()).isEqualTo(before);
    react(BOB, m.id(), "😀");
    react(ALICE, m.id(), "🤩");
    assertThat(byId(BOB, m.id())).hasSize(21);
  }

  @Test
  void aMessageTheUserCannotSeeIsNotFoundAndABadEmojiIsRefused() {
    Message m = send(ALICE, BOB, "between us");
    Map<String, List<String>> before = written();

    assertThat(refusal(() -> react(CAROL, m.id(), "👍"))).isEqualTo(ErrorCode.NOT_FOUND);
    box.messages().delete(BOB, m.id()).join();
    before = written();
    assertThat(refusal(() -> react(BOB, m.id(), "👍"))).as("deleted from its view").isEqualTo(ErrorCode.NOT_FOUND);
    for (String bad : new String[] {"a", "7", " ", "", "👍👍", "👍a", "custom:Bad", "custom:", "\u0007", "€"}) {
      assertThat(refusal(() -> react(ALICE, m.id(), bad))).as(bad).isEqualTo(ErrorCode.INVALID_ARGUMENT);
    }
    assertThat(written()).isEqualTo(before);
  }

  @Test
  void emojiSequencesFlagsKeycapsAndCustomNamesAreEachOneReaction() {
    Message m = send(ALICE, BOB, "hi");
    List<String> ok = List.of("👍🏽", "👨‍👩‍👧", "🇫🇷", "1️⃣", "❤️", "☺", "⭐", "custom:party-parrot");
    for (String e : ok) {
      react(BOB, m.id(), e);
    }
    assertThat(byId(BOB, m.id())).extracting(Reaction::emoji).containsExactlyElementsOf(ok);
  }

  @Test
  void groupMembersSeeTheCountsAndOthersCannotReact() {
    long gid = box.groups().create(ALICE, "team", new long[] {BOB, CAROL}, false).join().group().id();
    Message p = post(gid, ALICE, "ship it?");
    react(BOB, p.id(), "🚀");
    react(CAROL, p.id(), "🚀");

    assertThat(box.conversations().history(ALICE, ConversationRef.group(gid), null, 1).items().get(0).reactions())
        .containsExactly(new Reaction("🚀", 2, false));
    assertThat(box.conversations().history(BOB, ConversationRef.group(gid), null, 1).items().get(0).reactions())
        .containsExactly(new Reaction("🚀", 2, true));
    assertThat(refusal(() -> react(DAVE, p.id(), "🚀"))).isEqualTo(ErrorCode.NOT_FOUND);
  }

  @Test
  void aBroadcastsReceiversEachSeeTheirOwnAndItsSenderTheCountsWithNoRowForTheOthers() {
    for (long receiver : new long[] {BOB, CAROL, DAVE}) {
      box.relations().follow(receiver, NEWS).join();
    }
    Broadcast b = done(box.broadcasts().send(new BroadcastRequest(NEWS, "headline", new Audience.Followers(), null, null))
        .join());
    react(BOB, b.id(), "👍");
    react(CAROL, b.id(), "👍");
    react(CAROL, b.id(), "😮");

    assertThat(inHistory(BOB, NEWS)).containsExactly(new Reaction("👍", 1, true));
    assertThat(inHistory(CAROL, NEWS)).containsExactly(new Reaction("👍", 1, true), new Reaction("😮", 1, true));
    assertThat(inHistory(DAVE, NEWS)).isEmpty();
    assertThat(box.broadcasts().find(b.id()).orElseThrow().reactions())
        .containsExactly(new Reaction("👍", 2, false), new Reaction("😮", 1, false));
    assertThat(rows(io.letterbox.keys.Spaces.REACTIONS)).as("the broadcast's counts").isOne();
    assertThat(rows(io.letterbox.keys.Spaces.OWN_REACTIONS)).as("the two reacting receivers' own rows").isEqualTo(2);
  }

  private int rows(io.letterbox.store.Space space) {
    return store.scan(space, new io.letterbox.store.KeyRange(new byte[0], null), false, 100).size();
  }

  @Test
  void theOtherPartyAndABroadcastsSenderGetAReactionEvent() {
    box.relations().follow(BOB, NEWS).join();
    Broadcast b = done(box.broadcasts().send(new BroadcastRequest(NEWS, "headline", new Audience.Followers(), null, null))
        .join());
    Message m = send(ALICE, BOB, "hi");
    String alice = box.events().sync(ALICE, null, 100).next();
    String news = box.events().sync(NEWS, null, 100).next();
    String bob = box.events().sync(BOB, null, 100).next();

    react(BOB, m.id(), "👍");
    react(BOB, b.id(), "🎉");

    List<Event> toAlice = box.events().sync(ALICE, alice, 100).events();
    assertThat(toAlice).singleElement().isInstanceOfSatisfying(Event.Reacted.class, e -> {
      assertThat(e.peer()).isEqualTo(BOB);
      assertThat(e.message().reactions()).containsExactly(new Reaction("👍", 1, false));
    });
    List<Event> toNews = box.events().sync(NEWS, news, 100).events();
    assertThat(toNews).singleElement().isInstanceOfSatisfying(Event.Reacted.class, e -> {
      assertThat(e.peer()).isZero();
      assertThat(e.message().id()).isEqualTo(b.id());
    });
    assertThat(box.events().sync(BOB, bob, 100).events()).as("the reacting user is not told")
        .noneMatch(Event.Reacted.class::isInstance);
  }

  @Test
  void aRecalledOrRemovedMessageShowsNoReactions() {
    Message m = send(ALICE, BOB, "oops");
    react(BOB, m.id(), "😂");

    box.messages().recall(ALICE, m.id()).join();

    assertThat(byId(BOB, m.id())).isEmpty();
    assertThat(inHistory(ALICE, BOB)).isEmpty();
  }
}
