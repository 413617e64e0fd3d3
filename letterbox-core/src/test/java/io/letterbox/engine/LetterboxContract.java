package io.letterbox.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowable;

import io.letterbox.blob.Blobs;
import io.letterbox.model.ConversationRef;
import io.letterbox.id.Ids;
import io.letterbox.model.Audience;
import io.letterbox.model.BroadcastRequest;
import io.letterbox.model.Conversation;
import io.letterbox.model.FrequencyCap;
import io.letterbox.model.ImportedMessage;
import io.letterbox.model.Message;
import io.letterbox.model.Page;
import io.letterbox.model.SendRequest;
import io.letterbox.model.SendResult;
import io.letterbox.model.Vetted;
import io.letterbox.store.KeyValueStore;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import io.letterbox.engine.replay.Replayer;
import io.letterbox.store.FaultyStore;

/**
 * The engine's one-to-one semantics and its action log, run against every storage backend.
 */
public abstract class LetterboxContract extends EngineFixture {
  // --- sending and reading ---

  @Test
  void aSentMessageAppearsInBothPartiesConversations() {
    Message m = send(ALICE, BOB, "hello");
    assertThat(m.kind()).isEqualTo(Message.Kind.SINGLE);
    assertThat(m.from()).isEqualTo(ALICE);
    assertThat(m.to()).isEqualTo(BOB);
    assertThat(box.conversations().history(ALICE, ConversationRef.peer(BOB), null, 20).items()).containsExactly(m);
    assertThat(box.conversations().history(BOB, ConversationRef.peer(ALICE), null, 20).items()).containsExactly(m);
    assertThat(box.conversations().history(ALICE, ConversationRef.peer(CAROL), null, 20).items()).isEmpty();
  }

  @Test
  void idsIncreaseAndCarryTheirCreationTime() {
    Message a = send(ALICE, BOB, "one");
    clock.advance(Duration.ofSeconds(5));
    Message b = send(BOB, ALICE, "two");
    assertThat(b.id()).isGreaterThan(a.id());
    assertThat(a.createdAt()).isEqualTo(Instant.parse("2026-11-22T10:00:00Z"));
    assertThat(b.createdAt()).isEqualTo(Instant.parse("2026-11-22T10:00:05Z"));
  }

  @Test
  void idsKeepIncreasingWhenTheClockStepsBack() {
    Message a = send(ALICE, BOB, "one");
    clock.advance(Duration.ofSeconds(-3));
    Message b = send(ALICE, BOB, "two");
    assertThat(b.id()).isGreaterThan(a.id());
  }

  @Test
  void idsKeepIncreasingAcrossARestartEvenIfTheClockIsBehind() {
    Message a = send(ALICE, BOB, "before");
    clock.advance(Duration.ofMinutes(-10));
    reopen(config());
    Message b = send(ALICE, BOB, "after");
    assertThat(b.id()).isGreaterThan(a.id());
    assertThat(history(ALICE, BOB)).containsExactly("after", "before");
  }

  @Test
  void historyIsBothDirectionsNewestFirst() {
    send(ALICE, BOB, "1");
    send(BOB, ALICE, "2");
    send(ALICE, BOB, "3");
    send(ALICE, CAROL, "other");
    assertThat(history(ALICE, BOB)).containsExactly("3", "2", "1");
    assertThat(history(BOB, ALICE)).containsExactly("3", "2", "1");
  }

  @Test
  void pagingNeverRepeatsOrSkipsWhileNewMessagesArrive() {
    for (int i = 0; i < 25; i++) {
      send(i % 2 == 0 ? ALICE : BOB, i % 2 == 0 ? BOB : ALICE, "m" + i);
    }
    List<String> seen = new ArrayList<>();
    Page<Message> page = box.conversations().history(ALICE, ConversationRef.peer(BOB), null, 10);
    seen.addAll(texts(page));
    send(ALICE, BOB, "new while paging");
    while (page.next() != null) {
      page = box.conversations().history(ALICE, ConversationRef.peer(BOB), page.next(), 10);
      seen.addAll(texts(page));
      send(BOB, ALICE, "another");
    }
    List<String> expected = new ArrayList<>();
    for (int i = 24; i >= 0; i--) {
      expected.add("m" + i);
    }
    assertThat(seen).containsExactlyElementsOf(expected);
  }

  @Test
  void theLastPageHasNoNextCursor() {
    send(ALICE, BOB, "1");
    send(ALICE, BOB, "2");
    Page<Message> page = box.conversations().history(ALICE, ConversationRef.peer(BOB), null, 2);
    assertThat(page.items()).hasSize(2);
    assertThat(page.next()).isNull();
  }

  @Test
  void aForgedCursorIsRefused() {
    for (int i = 0; i < 5; i++) {
      send(ALICE, BOB, "m" + i);
    }
    String next = box.conversations().history(ALICE, ConversationRef.peer(BOB), null, 2).next();
    assertThat(refusal(() -> box.conversations().history(ALICE, ConversationRef.peer(BOB), "bm90LWEtY3Vyc29y", 2))).isEqualTo(ErrorCode.INVALID_ARGUMENT);
    assertThat(refusal(() -> box.conversations().history(ALICE, ConversationRef.peer(BOB), "%%%", 2))).isEqualTo(ErrorCode.INVALID_ARGUMENT);
    String tampered = (next.charAt(0) == 'A' ? 'B' : 'A') + next.substring(1);
    assertThat(refusal(() -> box.conversations().history(ALICE, ConversationRef.peer(BOB), tampered, 2))).isEqualTo(ErrorCode.INVALID_ARGUMENT);
    // A genuine cursor of one conversation does not page another.
    assertThat(refusal(() -> box.conversations().history(BOB, ConversationRef.peer(ALICE), next, 2))).isEqualTo(ErrorCode.INVALID_ARGUMENT);
    assertThat(refusal(() -> box.conversations().list(ALICE, next, 2))).isEqualTo(ErrorCode.INVALID_ARGUMENT);
  }

  @Test
  void historyOfAnyAgeStaysReadable() {
    clock.set(Instant.parse("2020-01-01T00:00:00Z"));
    send(ALICE, BOB, "years ago");
    clock.set(Instant.parse("2026-11-22T10:00:00Z"));
    send(ALICE, BOB, "today");
    assertThat(history(BOB, ALICE)).containsExactly("today", "years ago");
  }

  // --- bad input ---

  @Test
  void badSendsAreRefusedAndStoreNothing() {
    assertThat(refusal(() -> box.messages().send(new SendRequest(ALICE, ALICE, "me", null)))).isEqualTo(ErrorCode.INVALID_ARGUMENT);
    assertThat(refusal(() -> box.messages().send(new SendRequest(0, BOB, "x", null)))).isEqualTo(ErrorCode.INVALID_ARGUMENT);
    assertThat(refusal(() -> box.messages().send(new SendRequest(-5, BOB, "x", null)))).isEqualTo(ErrorCode.INVALID_ARGUMENT);
    assertThat(refusal(() -> box.messages().send(new SendRequest(ALICE, BOB, "", null)))).isEqualTo(ErrorCode.INVALID_ARGUMENT);
    assertThat(refusal(() -> box.messages().send(new SendRequest(ALICE, BOB, null, null)))).isEqualTo(ErrorCode.INVALID_ARGUMENT);
    assertThat(refusal(() -> box.messages().send(new SendRequest(ALICE, BOB, "x".repeat(4001), null)))).isEqualTo(ErrorCode.INVALID_ARGUMENT);
    assertThat(refusal(() -> box.messages().send(new SendRequest(ALICE, BOB, "x", "")))).isEqualTo(ErrorCode.INVALID_ARGUMENT);
    assertThat(history(ALICE, BOB)).isEmpty();
    assertThat(peers(ALICE)).isEmpty();
    assertThat(peers(BOB)).isEmpty();
  }

  @Test
  void textLengthCountsCharactersNotBytes() {
    String chinese = "你".repeat(4000);
    assertThat(send(ALICE, BOB, chinese).text()).isEqualTo(chinese);
  }

  @Test
  void badReadsAreRefused() {
    assertThat(refusal(() -> box.conversations().history(ALICE, ConversationRef.peer(BOB), null, 0))).isEqualTo(ErrorCode.INVALID_ARGUMENT);
    assertThat(refusal(() -> box.conversations().history(ALICE, ConversationRef.peer(BOB), null, 101))).isEqualTo(ErrorCode.INVALID_ARGUMENT);
    assertThat(refusal(() -> box.conversations().history(ALICE, ConversationRef.peer(ALICE), null, 10))).isEqualTo(ErrorCode.INVALID_ARGUMENT);
    assertThat(refusal(() -> box.conversations().unread(ALICE, "watch"))).isEqualTo(ErrorCode.INVALID_ARGUMENT);
    assertThat(refusal(() -> box.conversations().markRead(ALICE, ConversationRef.peer(BOB), "watch", null))).isEqualTo(ErrorCode.INVALID_ARGUMENT);
  }

  // --- idempotency ---

  @Test
  void anIdempotencyKeyReturnsTheFirstMessageAndStoresNothingNew() {
    SendResult first = box.messages().send(new SendRequest(ALICE, BOB, "once", "k1")).join();
    SendResult again = box.messages().send(new SendRequest(ALICE, BOB, "once", "k1")).join();
    assertThat(first.created()).isTrue();
    assertThat(again.created()).isFalse();
    assertThat(again.message()).isEqualTo(first.message());
    assertThat(history(BOB, ALICE)).containsExactly("once");
    assertThat(box.conversations().unread(BOB, "pc").total()).isEqualTo(1);
  }

  @Test
  void aVettedSendStoresItsReplacedContentAndItsKeyStandsForTheRequestAsAsked() {
    SendRequest asked = new SendRequest(ALICE, BOB, "raw words", "k1");
    assertThat(box.messages().idempotencyKeyUsed(ALICE, "k1")).isFalse();

    SendResult first = box.messages()
        .send(new Vetted<>(asked, new SendRequest(ALICE, BOB, "clean words", "k1")), Blobs.SERVICE).join();
    SendResult again = box.messages().send(asked).join();

    assertThat(box.messages().idempotencyKeyUsed(ALICE, "k1")).isTrue();
    assertThat(again.created()).isFalse();
    assertThat(again.message()).isEqualTo(first.message());
    assertThat(history(BOB, ALICE)).containsExactly("clean words");
    assertThat(refusal(() -> box.messages().send(new SendRequest(ALICE, BOB, "clean words", "k1")).join()))
        .isEqualTo(ErrorCode.IDEMPOTENCY_CONFLICT);
  }

  @Test
  void anIdempotencyKeyBelongsToItsSender() {
    box.messages().send(new SendRequest(ALICE, BOB, "from alice", "k1")).join();
    SendResult bobs = box.messages().send(new SendRequest(BOB, ALICE, "from bob", "k1")).join();
    assertThat(bobs.created()).isTrue();
    assertThat(history(ALICE, BOB)).containsExactly("from bob", "from alice");
  }

  @Test
  void anIdempotencyKeyReusedForAnotherMessageIsAConflict() {
    box.messages().send(new SendRequest(ALICE, BOB, "once", "k1")).join();
    assertThat(refusal(() -> box.messages().send(new SendRequest(ALICE, BOB, "different", "k1")).join()))
        .isEqualTo(ErrorCode.IDEMPOTENCY_CONFLICT);
    assertThat(refusal(() -> box.messages().send(new SendRequest(ALICE, CAROL, "once", "k1")).join()))
        .isEqualTo(ErrorCode.IDEMPOTENCY_CONFLICT);
    assertThat(history(BOB, ALICE)).containsExactly("once");
    assertThat(history(CAROL, ALICE)).isEmpty();
  }

  @Test
  void concurrentRetriesOfOneIdempotencyKeyStoreOneMessage() throws Exception {
    List<CompletableFuture<SendResult>> sends = new ArrayList<>();
    for (int i = 0; i < 50; i++) {
      sends.add(box.messages().send(new SendRequest(ALICE, BOB, "retry", "same")));
    }
    Set<Long> ids = new HashSet<>();
    for (CompletableFuture<SendResult> f : sends) {
      ids.add(f.join().message().id());
    }
    assertThat(ids).hasSize(1);
    assertThat(history(BOB, ALICE)).containsExactly("retry");
  }

  // --- conversation list ---

  @Test
  void theConversationListOrdersPeersByLatestActivityEitherWay() {
    send(ALICE, BOB, "to bob");
    send(CAROL, ALICE, "from carol");
    assertThat(peers(ALICE)).containsExactly(CAROL, BOB);
    send(BOB, ALICE, "bob replies");
    assertThat(peers(ALICE)).containsExactly(BOB, CAROL);
    Conversation first = box.conversations().list(ALICE, null, 10).items().get(0);
    assertThat(first.lastMessage().text()).isEqualTo("bob replies");
    assertThat(first.updatedAt()).isEqualTo(first.lastMessage().createdAt());
    assertThat(peers(BOB)).containsExactly(ALICE);
  }

  @Test
  void theConversationListIsDerivedAgainAfterARestart() {
    send(ALICE, BOB, "1");
    send(ALICE, CAROL, "2");
    send(BOB, ALICE, "3");
    reopen(config());
    assertThat(peers(ALICE)).containsExactly(BOB, CAROL);
    assertThat(box.conversations().list(ALICE, null, 10).items().get(0).lastMessage().text()).isEqualTo("3");
  }

  @Test
  void theConversationListPagesByCursor() {
    for (long peer = 1; peer <= 45; peer++) {
      send(peer, ALICE, "hi from " + peer);
    }
    List<Long> seen = new ArrayList<>();
    Page<Conversation> page = box.conversations().list(ALICE, null, 20);
    seen.addAll(page.items().stream().map(Conversation::peer).toList());
    while (page.next() != null) {
      page = box.conversations().list(ALICE, page.next(), 20);
      seen.addAll(page.items().stream().map(Conversation::peer).toList());
    }
    assertThat(seen).hasSize(45).doesNotHaveDuplicates();
    assertThat(seen.get(0)).isEqualTo(45L);
    assertThat(seen.get(44)).isEqualTo(1L);
  }

  // --- unread and read positions ---

  @Test
  void unreadCountsIncomingMessagesPerDevice() {
    send(BOB, ALICE, "1");
    send(BOB, ALICE, "2");
    send(ALICE, BOB, "my reply does not count for me");
    Conversation c = box.conversations().list(ALICE, null, 10).items().get(0);
    assertThat(c.unread()).isEqualTo(Map.of("pc", 2L, "mobile", 2L));
    box.conversations().markRead(ALICE, ConversationRef.peer(BOB), "mobile", null).join();
    c = box.conversations().list(ALICE, null, 10).items().get(0);
    assertThat(c.unread()).isEqualTo(Map.of("pc", 2L, "mobile", 0L));
    assertThat(box.conversations().unread(ALICE, "pc").total()).isEqualTo(2);
    assertThat(box.conversations().unread(ALICE, "mobile").total()).isZero();
    assertThat(box.conversations().unread(BOB, "pc").total()).isEqualTo(1);
  }

  @Test
  void readingUpToAMessageLeavesTheLaterOnesUnread() {
    Message one = send(BOB, ALICE, "1");
    send(BOB, ALICE, "2");
    send(BOB, ALICE, "3");
    box.conversations().markRead(ALICE, ConversationRef.peer(BOB), "pc", one.id()).join();
    assertThat(box.conversations().unread(ALICE, "pc").total()).isEqualTo(2);
  }

  @Test
  void aReadPositionNeverMovesBack() {
    Message one = send(BOB, ALICE, "1");
    send(BOB, ALICE, "2");
    box.conversations().markRead(ALICE, ConversationRef.peer(BOB), "pc", null).join();
    box.conversations().markRead(ALICE, ConversationRef.peer(BOB), "pc", one.id()).join();
    assertThat(box.conversations().unread(ALICE, "pc").total()).isZero();
  }

  @Test
  void readingUpToAnIdFromTheFutureIsRefused() {
    send(BOB, ALICE, "1");
    long future = Ids.firstIdAt(clock.millis() + 3_600_000);
    assertThat(refusal(() -> box.conversations().markRead(ALICE, ConversationRef.peer(BOB), "pc", future).join())).isEqualTo(ErrorCode.INVALID_ARGUMENT);
    assertThat(box.conversations().unread(ALICE, "pc").total()).isEqualTo(1);
  }

  @Test
  void theUnreadSummaryTotalsEveryConversation() {
    send(BOB, ALICE, "b1");
    send(BOB, ALICE, "b2");
    send(CAROL, ALICE, "c1");
    var summary = box.conversations().unread(ALICE, "pc");
    assertThat(summary.total()).isEqualTo(3);
    assertThat(summary.conversations()).extracting(p -> p.peer() + "=" + p.count())
        .containsExactly(BOB + "=2", CAROL + "=1");
  }

  @Test
  void messagesAfterAReadCountAgain() {
    send(BOB, ALICE, "1");
    box.conversations().markRead(ALICE, ConversationRef.peer(BOB), "pc", null).join();
    send(BOB, ALICE, "2");
    assertThat(box.conversations().unread(ALICE, "pc").total()).isEqualTo(1);
  }

  // --- deletes ---

  @Test
  void deletingAMessageHidesItForTheOwnerOnly() {
    send(ALICE, BOB, "1");
    Message two = send(BOB, ALICE, "2");
    send(ALICE, BOB, "3");
    box.messages().delete(ALICE, two.id()).join();
    assertThat(history(ALICE, BOB)).containsExactly("3", "1");
    assertThat(history(BOB, ALICE)).containsExactly("3", "2", "1");
    assertThat(box.messages().find(ALICE, two.id())).isEmpty();
    assertThat(box.messages().find(BOB, two.id())).contains(two);
  }

  @Test
  void deletingAnUnreadMessageLowersTheUnreadCount() {
    send(BOB, ALICE, "1");
    Message two = send(BOB, ALICE, "2");
    box.messages().delete(ALICE, two.id()).join();
    assertThat(box.conversations().unread(ALICE, "pc").total()).isEqualTo(1);
    assertThat(box.conversations().unread(ALICE, "mobile").total()).isEqualTo(1);
    box.conversations().markRead(ALICE, ConversationRef.peer(BOB), "pc", null).join();
    assertThat(box.conversations().unread(ALICE, "pc").total()).isZero();
  }

  @Test
  void deletingTheLastMessageShowsThePreviousOneInTheList() {
    send(BOB, ALICE, "1");
    Message two = send(BOB, ALICE, "2");
    peers(ALICE);
    box.messages().delete(ALICE, two.id()).join();
    assertThat(box.conversations().list(ALICE, null, 10).items().get(0).lastMessage().text()).isEqualTo("1");
  }

  @Test
  void deletingAMessageTheOwnerCannotSeeIsNotFound() {
    Message m = send(ALICE, BOB, "1");
    assertThat(refusal(() -> box.messages().delete(CAROL, m.id()).join())).isEqualTo(ErrorCode.NOT_FOUND);
    assertThat(refusal(() -> box.messages().delete(ALICE, m.id() + 1).join())).isEqualTo(ErrorCode.NOT_FOUND);
    box.messages().delete(ALICE, m.id()).join();
    assertThat(refusal(() -> box.messages().delete(ALICE, m.id()).join())).isEqualTo(ErrorCode.NOT_FOUND);
    assertThat(history(BOB, ALICE)).containsExactly("1");
  }

  @Test
  void deletingAConversationKeepsThePeersCopy() {
    send(ALICE, BOB, "1");
    send(BOB, ALICE, "2");
    send(ALICE, CAROL, "to carol");
    box.conversations().delete(ALICE, BOB).join();
    assertThat(history(ALICE, BOB)).isEmpty();
    assertThat(peers(ALICE)).containsExactly(CAROL);
    assertThat(history(BOB, ALICE)).containsExactly("2", "1");
    assertThat(box.conversations().unread(ALICE, "pc").total()).isZero();
    assertThat(box.conversations().unread(BOB, "pc").total()).isEqualTo(1);
  }

  @Test
  void aDeletedConversationReturnsWithItsNextMessageOnly() {
    send(BOB, ALICE, "old");
    box.conversations().delete(ALICE, BOB).join();
    send(BOB, ALICE, "new");
    assertThat(peers(ALICE)).containsExactly(BOB);
    assertThat(history(ALICE, BOB)).containsExactly("new");
    assertThat(box.conversations().unread(ALICE, "pc").total()).isEqualTo(1);
  }

  @Test
  void deletingEverythingEmptiesEveryConversationOfTheOwnerOnly() {
    send(BOB, ALICE, "b");
    send(CAROL, ALICE, "c");
    send(ALICE, CAROL, "a");
    box.conversations().deleteAll(ALICE).join();
    assertThat(peers(ALICE)).isEmpty();
    assertThat(history(ALICE, BOB)).isEmpty();
    assertThat(history(ALICE, CAROL)).isEmpty();
    assertThat(box.conversations().unread(ALICE, "pc").total()).isZero();
    assertThat(history(CAROL, ALICE)).containsExactly("a", "c");
    assertThat(peers(BOB)).containsExactly(ALICE);
    send(BOB, ALICE, "after");
    assertThat(peers(ALICE)).containsExactly(BOB);
    assertThat(history(ALICE, BOB)).containsExactly("after");
    assertThat(box.conversations().unread(ALICE, "mobile").total()).isEqualTo(1);
  }

  // --- frequency caps ---

  @Test
  void aFrequencyCapRefusesMessagesOverItWithinThePeriod() {
    box.broadcasts().setCap(ALICE, new FrequencyCap(2, Duration.ofDays(1))).join();
    send(ALICE, BOB, "1");
    send(ALICE, BOB, "2");
    assertThat(refusal(() -> send(ALICE, BOB, "3"))).isEqualTo(ErrorCode.FREQUENCY_CAPPED);
    send(ALICE, CAROL, "another receiver is fine");
    send(BOB, ALICE, "the receiver may still answer");
    clock.advance(Duration.ofDays(1));
    send(ALICE, BOB, "next day");
    assertThat(history(BOB, ALICE)).containsExactly("next day", "the receiver may still answer", "2", "1");
    assertThat(box.broadcasts().cap(ALICE)).contains(new FrequencyCap(2, Duration.ofDays(1)));
  }

  @Test
  void deletingMessagesDoesNotResetACap() {
    box.broadcasts().setCap(ALICE, new FrequencyCap(1, Duration.ofHours(1))).join();
    Message m = send(ALICE, BOB, "1");
    box.messages().delete(ALICE, m.id()).join();
    box.conversations().delete(BOB, ALICE).join();
    assertThat(refusal(() -> send(ALICE, BOB, "2"))).isEqualTo(ErrorCode.FREQUENCY_CAPPED);
  }

  @Test
  void theConfiguredDefaultCapAppliesToSendersWithoutTheirOwn() {
    reopen(config().defaultCap(new FrequencyCap(1, Duration.ofDays(1))));
    assertThat(box.broadcasts().cap(CAROL)).contains(new FrequencyCap(1, Duration.ofDays(1)));
    send(CAROL, BOB, "1");
    assertThat(refusal(() -> send(CAROL, BOB, "2"))).isEqualTo(ErrorCode.FREQUENCY_CAPPED);
    box.broadcasts().setCap(CAROL, new FrequencyCap(5, Duration.ofDays(1))).join();
    send(CAROL, BOB, "2");
  }

  @Test
  void noCapMeansNoLimit() {
    assertThat(box.broadcasts().cap(ALICE)).isEmpty();
    for (int i = 0; i < 50; i++) {
      send(ALICE, BOB, "m" + i);
    }
    assertThat(box.conversations().history(BOB, ConversationRef.peer(ALICE), null, 100).items()).hasSize(50);
  }

  // --- import ---

  @Test
  void importedHistoryKeepsItsTimesAndSortsIntoTheConversation() {
    send(ALICE, BOB, "live");
    Instant t1 = Instant.parse("2015-03-01T08:00:00.123Z");
    Instant t2 = Instant.parse("2016-03-01T08:00:00Z");
    List<Long> ids = box.messages().importHistory(List.of(
        new ImportedMessage(BOB, ALICE, "old two", t2),
        new ImportedMessage(ALICE, BOB, "old one", t1))).join();
    assertThat(ids).hasSize(2);
    assertThat(Ids.createdAt(ids.get(0))).isEqualTo(t2);
    assertThat(Ids.createdAt(ids.get(1))).isEqualTo(t1);
    assertThat(history(ALICE, BOB)).containsExactly("live", "old two", "old one");
    assertThat(box.conversations().unread(ALICE, "pc").total()).as("imported history is not unread").isZero();
  }

  @Test
  void importedAndLiveMessagesReadTheSameAgainFromTheCacheAsFromTheStore() {
    Message live = send(ALICE, BOB, "live, sent just now");
    List<Long> ids = box.messages().importHistory(List.of(
        new ImportedMessage(BOB, ALICE, "imported, with ünïcödé ✓", Instant.parse("2016-03-01T08:00:00Z")))).join();

    List<Message> first = box.conversations().history(ALICE, ConversationRef.peer(BOB), null, 10).items();
    List<Message> again = box.conversations().history(ALICE, ConversationRef.peer(BOB), null, 10).items();

    assertThat(first).hasSize(2);
    assertThat(first.get(0)).isEqualTo(live);
    assertThat(first.get(1).id()).isEqualTo(ids.get(0));
    assertThat(first.get(1).text()).isEqualTo("imported, with ünïcödé ✓");
    assertThat(first.get(1).from()).isEqualTo(BOB);
    assertThat(again).isEqualTo(first);
    assertThat(box.messages().find(BOB, ids.get(0))).contains(first.get(1));
  }

  @Test
  void manyImportedMessagesOfOneMillisecondGetDistinctIds() {
    Instant t = Instant.parse("2019-05-05T05:05:05Z");
    List<ImportedMessage> batch = new ArrayList<>();
    for (int i = 0; i < 300; i++) {
      batch.add(new ImportedMessage(ALICE, BOB, "m" + i, t));
    }
    List<Long> first = box.messages().importHistory(batch).join();
    List<Long> second = box.messages().importHistory(batch).join();
    Set<Long> all = new HashSet<>(first);
    all.addAll(second);
    assertThat(all).hasSize(600);
    assertThat(all).allSatisfy(id -> assertThat(Ids.createdAt(id)).isEqualTo(t));
  }

  @Test
  void aBadImportIsRefusedWhole() {
    Instant t = Instant.parse("2019-05-05T05:05:05Z");
    List<ImportedMessage> batch = List.of(
        new ImportedMessage(ALICE, BOB, "fine", t),
        new ImportedMessage(ALICE, BOB, "from the future", clock.instant().plusSeconds(60)));
    assertThat(refusal(() -> box.messages().importHistory(batch))).isEqualTo(ErrorCode.INVALID_ARGUMENT);
    assertThat(refusal(() -> box.messages().importHistory(List.of(new ImportedMessage(ALICE, ALICE, "x", t)))))
        .isEqualTo(ErrorCode.INVALID_ARGUMENT);
    assertThat(refusal(() -> box.messages().importHistory(List.of()))).isEqualTo(ErrorCode.INVALID_ARGUMENT);
    assertThat(history(ALICE, BOB)).isEmpty();
  }

  // --- concurrency ---

  @Test
  void concurrentSendersAllLandWithDistinctIncreasingIds() throws Exception {
    ExecutorService pool = Executors.newFixedThreadPool(8);
    try {
      List<Future<List<Long>>> work = new ArrayList<>();
      for (int t = 0; t < 8; t++) {
        long sender = 100 + t;
        work.add(pool.submit(() -> {
          List<Long> ids = new ArrayList<>();
          for (int i = 0; i < 200; i++) {
            ids.add(box.messages().send(new SendRequest(sender, ALICE, "m" + i, null)).join().message().id());
          }
          return ids;
        }));
      }
      Set<Long> all = new HashSet<>();
      for (Future<List<Long>> f : work) {
        List<Long> ids = f.get();
        assertThat(ids).isSorted();
        all.addAll(ids);
      }
      assertThat(all).hasSize(1600);
      assertThat(box.conversations().unread(ALICE, "pc").total()).isEqualTo(1600);
      assertThat(peers(ALICE)).hasSize(8);
    } finally {
      pool.shutdownNow();
    }
  }

  // --- the action log: recovery, rebuild, migrate ---

  /** A batch writes its log entry, then its journal entry (its commit point), then the rest. */
  @ParameterizedTest(name = "{0} mutations landed")
  @ValueSource(ints = {2, 3, 4, 5, 6})
  void aWriteCutOffAfterItsCommitPointCompletesExactlyOnceOnRestart(int landed) {
    FaultyStore faulty = new FaultyStore(store);
    reopen(faulty, config());
    send(BOB, ALICE, "first");
    faulty.failNextBatchAfter(landed);
    assertThat(refusal(() -> send(BOB, ALICE, "second"))).isEqualTo(ErrorCode.NOT_READY);
    reopen(store, config());
    assertThat(history(ALICE, BOB)).containsExactly("second", "first");
    assertThat(history(BOB, ALICE)).containsExactly("second", "first");
    assertThat(box.conversations().unread(ALICE, "pc").total()).isEqualTo(2);
    send(BOB, ALICE, "third");
    assertThat(box.conversations().unread(ALICE, "mobile").total()).isEqualTo(3);
  }

  @ParameterizedTest(name = "{0} mutations landed")
  @ValueSource(ints = {2, 3})
  void aFirstBroadcastCutOffAfterItsCommitPointReachesItsFollowersOnRestart(int landed) {
    FaultyStore faulty = new FaultyStore(store);
    reopen(faulty, config());
    box.relations().follow(ALICE, NEWS).join();
    faulty.failNextBatchAfter(landed);
    assertThat(refusal(() -> box.broadcasts().send(new io.letterbox.model.BroadcastRequest(NEWS, "first ever",
        new io.letterbox.model.Audience.Followers(), io.letterbox.model.BroadcastRequest.Priority.NORMAL, null)).join()))
        .isEqualTo(ErrorCode.NOT_READY);
    reopen(store, config());
    // The restart's recovery applied it: the engine must know this sender broadcast, though it
    // had never broadcast before the crash.
    Awaitility.await("the recovered broadcast in the follower's history").atMost(Duration.ofMinutes(3))
        .until(() -> history(ALICE, NEWS), h -> h.equals(List.of("first ever")));
    assertThat(peers(ALICE)).containsExactly(NEWS);
  }

  @ParameterizedTest(name = "{0} mutations landed")
  @ValueSource(ints = {0, 1})
  void aWriteThatNeverReachedItsCommitPointIsGoneAfterRestart(int landed) {
    FaultyStore faulty = new FaultyStore(store);
    reopen(faulty, config());
    send(BOB, ALICE, "first");
    faulty.failNextBatchAfter(landed);
    assertThat(refusal(() -> send(BOB, ALICE, "lost"))).isEqualTo(ErrorCode.NOT_READY);
    reopen(store, config());
    assertThat(history(ALICE, BOB)).containsExactly("first");
    assertThat(box.conversations().unread(ALICE, "pc").total()).isEqualTo(1);
  }

  @Test
  void aCapStillHoldsAfterARebuildOfSendsThatSharedABatch() {
    box.broadcasts().setCap(ALICE, new FrequencyCap(1, Duration.ofDays(1))).join();
    CompletableFuture<SendResult> toBob = box.messages().send(new SendRequest(ALICE, BOB, "one", null));
    CompletableFuture<SendResult> toCarol = box.messages().send(new SendRequest(ALICE, CAROL, "two", null));
    CompletableFuture.allOf(toBob, toCarol).join();
    box.close();
    Replayer.rebuild(store, config().build(), n -> {});
    box = Letterbox.open(store, config().build());

    assertThat(refusal(() -> send(ALICE, BOB, "again"))).isEqualTo(ErrorCode.FREQUENCY_CAPPED);
    assertThat(refusal(() -> send(ALICE, CAROL, "again"))).isEqualTo(ErrorCode.FREQUENCY_CAPPED);
  }

  @Test
  void rebuildDerivesEveryIndexAgainFromTheLog() {
    populate();
    Snapshot before = snapshot();
    box.close();
    Map<String, List<String>> rows = contents(store);
    long replayed = Replayer.rebuild(store, config().build(), n -> {});
    assertThat(contents(store)).as("every row of every space, counters included").isEqualTo(rows);
    box = Letterbox.open(store, config().build());
    assertThat(replayed).isGreaterThan(40);
    assertThat(snapshot()).isEqualTo(before);
    assertThat(box.messages().send(new SendRequest(CAROL, ALICE, "keyed", "k-1")).join().created())
        .as("idempotency keys are rebuilt too").isFalse();
  }

  @Test
  void migrateMovesTheLogAndEveryIndexToAnotherStore() throws Exception {
    populate();
    Snapshot before = snapshot();
    String cursor = box.conversations().history(ALICE, ConversationRef.peer(BOB), null, 5).next();
    KeyValueStore other = newStore();
    box.close();
    Replayer.migrate(store, other, config().build(), n -> {});
    assertThat(Replayer.verify(store, other)).allMatch(Replayer.SpaceDigest::matches);
    box = Letterbox.open(other, config().build());
    assertThat(snapshot()).isEqualTo(before);
    assertThat(box.conversations().history(ALICE, ConversationRef.peer(BOB), cursor, 5).items()).as("cursors stay valid").hasSize(5);
  }

  @Test
  void anInterruptedMigrationResumesWithoutCountingTwice() throws Exception {
    for (int i = 0; i < 2_500; i++) {
      send(100 + i % 7, ALICE, "m" + i);
    }
    box.conversations().markRead(ALICE, ConversationRef.peer(100), "pc", null).join();
    Snapshot before = snapshot();
    KeyValueStore other = newStore();
    FaultyStore faulty = new FaultyStore(other);
    box.close();
    // The second batch lands in part, as on a backend atomic per row only.
    Throwable cut = catchThrowable(() -> Replayer.migrate(store, faulty, config().build(),
        n -> faulty.failNextBatchAfter(1_500)));
    assertThat(cut).hasMessageContaining("injected failure");
    Replayer.migrate(store, other, config().build(), n -> {});
    assertThat(Replayer.verify(store, other)).allMatch(Replayer.SpaceDigest::matches);
    box = Letterbox.open(other, config().build());
    assertThat(snapshot()).isEqualTo(before);
    assertThat(box.conversations().unread(ALICE, "mobile").total()).isEqualTo(2_500);
  }

  /** Something of every kind of action, for replays to reproduce. */
  private void populate() {
    box.broadcasts().setCap(CAROL, new FrequencyCap(3, Duration.ofDays(1))).join();
    for (int i = 0; i < 30; i++) {
      send(i % 3 == 0 ? BOB : ALICE, i % 3 == 0 ? ALICE : BOB, "ab" + i);
    }
    box.messages().send(new SendRequest(CAROL, ALICE, "keyed", "k-1")).join();
    send(ALICE, CAROL, "reply");
    Message deleted = send(BOB, ALICE, "to delete");
    box.messages().delete(ALICE, deleted.id()).join();
    box.conversations().markRead(ALICE, ConversationRef.peer(BOB), "pc", null).join();
    send(BOB, ALICE, "after read");
    box.messages().importHistory(List.of(
        new ImportedMessage(ALICE, CAROL, "old", Instant.parse("2018-01-01T00:00:00Z")))).join();
    send(DAVE, BOB, "d");
    box.conversations().delete(BOB, DAVE).join();
    send(DAVE, CAROL, "x");
    box.conversations().deleteAll(CAROL).join();
    send(DAVE, CAROL, "y");
    box.relations().follow(ALICE, NEWS).join();
    box.relations().subscribe(BOB, NEWS, Map.of("city", "beijing")).join();
    box.broadcasts().setCap(NEWS, new FrequencyCap(2, Duration.ofDays(1))).join();
    send(NEWS, ALICE, "direct from news");
    box.broadcasts().send(new BroadcastRequest(NEWS, "to followers", new Audience.Followers(),
        BroadcastRequest.Priority.NORMAL, null)).join();
    box.relations().replaceSegment("some", new long[] {CAROL, DAVE, ALICE}).join();
    done(box.broadcasts().send(new BroadcastRequest(NEWS, "to a segment", new Audience.Segment("some"),
        BroadcastRequest.Priority.HIGH, "seg-1")).join());
    box.relations().unfollow(ALICE, NEWS).join();
    box.broadcasts().send(new BroadcastRequest(NEWS, "to beijing", new Audience.Subscribers(Map.of("city", "beijing")),
        BroadcastRequest.Priority.NORMAL, null)).join();
    box.conversations().markRead(DAVE, ConversationRef.peer(NEWS), "mobile", null).join();
  }

  /** What the users can observe, to compare before and after a replay. */
  protected record Snapshot(List<String> views) {}

  protected Snapshot snapshot() {
    List<Long> users = List.of(ALICE, BOB, CAROL, DAVE, NEWS, 100L, 101L);
    List<String> views = new ArrayList<>();
    for (long owner : users) {
      for (Conversation c : box.conversations().list(owner, null, 100).items()) {
        views.add(owner + " list " + c.peer() + " " + c.lastMessage() + " " + new java.util.TreeMap<>(c.unread()));
      }
      for (long peer : users) {
        if (peer != owner) {
          views.add(owner + " history " + peer + " " + box.conversations().history(owner, ConversationRef.peer(peer), null, 100).items());
        }
      }
      for (String device : List.of("pc", "mobile")) {
        views.add(owner + " unread " + device + " " + box.conversations().unread(owner, device));
      }
      views.add(owner + " cap " + box.broadcasts().cap(owner));
      views.add(owner + " sent " + box.broadcasts().sent(owner, null, 100).items());
    }
    return new Snapshot(views);
  }
}
