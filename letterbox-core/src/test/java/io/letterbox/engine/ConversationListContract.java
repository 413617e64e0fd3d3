package io.letterbox.engine;

import static org.assertj.core.api.Assertions.assertThat;

import io.letterbox.model.ConversationRef;
import io.letterbox.engine.partition.Partitioning;
import io.letterbox.engine.replay.Replayer;
import io.letterbox.keys.PairKey;
import io.letterbox.keys.Spaces;
import io.letterbox.keys.StateKey;
import io.letterbox.model.Audience;
import io.letterbox.model.Broadcast;
import io.letterbox.model.BroadcastRequest;
import io.letterbox.model.Conversation;
import io.letterbox.model.Folder;
import io.letterbox.model.Message;
import io.letterbox.model.Page;
import io.letterbox.model.SendRequest;
import io.letterbox.rows.ConversationRow;
import io.letterbox.store.FaultyStore;
import io.letterbox.store.KeyRange;
import io.letterbox.store.KeyValueStore;
import io.letterbox.store.Space;
import io.letterbox.store.WriteBatch;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * Conversation lists as API.md and decision 0008 define them: the activity index, folders,
 * pinned, muted and archived conversations, blocks and read receipts, on every backend.
 */
public abstract class ConversationListContract extends EngineFixture {

  private Message at(long from, long to, String text) {
    clock.advance(Duration.ofSeconds(1));
    return send(from, to, text);
  }

  private List<Long> peers(long owner, Folder folder) {
    return box.conversations().list(owner, folder, null, 100).items().stream().map(Conversation::peer).toList();
  }

  private Conversation item(long owner, long peer) {
    return box.conversations().get(owner, ConversationRef.peer(peer));
  }

  private void broadcastToFollowers(long from, String text) {
    clock.advance(Duration.ofSeconds(1));
    box.broadcasts().send(new BroadcastRequest(from, text, new Audience.Followers(), BroadcastRequest.Priority.NORMAL, null))
        .join();
  }

  // --- order and paging ---

  @Test
  void pinnedConversationsComeFirstThenTheNewestActivity() {
    at(BOB, ALICE, "bob");
    at(CAROL, ALICE, "carol");
    at(DAVE, ALICE, "dave");
    box.conversations().setState(ALICE, ConversationRef.peer(BOB), true, null, null).join();
    assertThat(peers(ALICE)).containsExactly(BOB, DAVE, CAROL);
    assertThat(item(ALICE, BOB).pinned()).isTrue();
    at(CAROL, ALICE, "carol again");
    assertThat(peers(ALICE)).containsExactly(BOB, CAROL, DAVE);
    box.conversations().setState(ALICE, ConversationRef.peer(BOB), false, null, null).join();
    assertThat(peers(ALICE)).containsExactly(CAROL, DAVE, BOB);
  }

  @Test
  void aConversationThatMovesUpBetweenPagesIsNotListedTwice() {
    for (long peer = 1; peer <= 30; peer++) {
      at(peer, ALICE, "hi from " + peer);
    }
    Page<Conversation> first = box.conversations().list(ALICE, null, 10);
    assertThat(first.items()).extracting(Conversation::peer).startsWith(30L, 29L);
    at(5, ALICE, "5 again");
    List<Long> rest = new ArrayList<>();
    Page<Conversation> page = box.conversations().list(ALICE, first.next(), 10);
    rest.addAll(page.items().stream().map(Conversation::peer).toList());
    while (page.next() != null) {
      page = box.conversations().list(ALICE, page.next(), 10);
      rest.addAll(page.items().stream().map(Conversation::peer).toList());
    }
    assertThat(rest).doesNotContain(5L).doesNotHaveDuplicates().hasSize(19).startsWith(20L).endsWith(1L);
    assertThat(peers(ALICE).get(0)).isEqualTo(5L);
  }

  @Test
  void aCursorIsBoundToItsFolder() {
    for (long peer = 1; peer <= 3; peer++) {
      at(peer, ALICE, "hi");
    }
    String next = box.conversations().list(ALICE, null, 1).next();
    assertThat(refusal(() -> box.conversations().list(ALICE, Folder.ARCHIVED, next, 1))).isEqualTo(ErrorCode.INVALID_ARGUMENT);
  }

  // --- deletes move a conversation in the list ---

  @Test
  void deletingTheNewestMessageListsTheConversationAtItsPreviousOne() {
    Message old = at(BOB, ALICE, "old from bob");
    at(CAROL, ALICE, "carol");
    Message newest = at(BOB, ALICE, "newest from bob");
    assertThat(peers(ALICE)).containsExactly(BOB, CAROL);
    box.messages().delete(ALICE, newest.id()).join();
    assertThat(peers(ALICE)).containsExactly(CAROL, BOB);
    assertThat(item(ALICE, BOB).lastMessage()).isEqualTo(old);
    box.messages().delete(ALICE, old.id()).join();
    assertThat(peers(ALICE)).containsExactly(CAROL);
    assertThat(peers(BOB)).containsExactly(ALICE);
  }

  @Test
  void anEmptiedConversationLeavesTheListUntilANewMessage() {
    at(BOB, ALICE, "1");
    at(CAROL, ALICE, "2");
    box.conversations().delete(ALICE, BOB).join();
    assertThat(peers(ALICE)).containsExactly(CAROL);
    at(BOB, ALICE, "3");
    assertThat(peers(ALICE)).containsExactly(BOB, CAROL);
    box.conversations().deleteAll(ALICE).join();
    assertThat(peers(ALICE)).isEmpty();
    at(CAROL, ALICE, "4");
    assertThat(peers(ALICE)).containsExactly(CAROL);
    assertThat(item(ALICE, CAROL).lastMessage().text()).isEqualTo("4");
  }

  // --- muted and archived ---

  @Test
  void aMutedConversationCountsItsOwnUnreadButNotInTheTotal() {
    at(BOB, ALICE, "1");
    at(BOB, ALICE, "2");
    at(CAROL, ALICE, "3");
    Conversation muted = box.conversations().setState(ALICE, ConversationRef.peer(BOB), null, true, null).join();
    assertThat(muted.muted()).isTrue();
    assertThat(muted.unread()).isEqualTo(Map.of("pc", 2L, "mobile", 2L));
    var summary = box.conversations().unread(ALICE, "pc");
    assertThat(summary.total()).isEqualTo(1);
    assertThat(summary.conversations()).extracting(c -> c.peer() + "=" + c.count())
        .containsExactlyInAnyOrder(BOB + "=2", CAROL + "=1");
    box.conversations().setState(ALICE, ConversationRef.peer(BOB), null, false, null).join();
    assertThat(box.conversations().unread(ALICE, "pc").total()).isEqualTo(3);
  }

  @Test
  void anArchivedConversationIsListedUnderArchivedAndComesBackOnANewMessage() {
    at(BOB, ALICE, "1");
    at(CAROL, ALICE, "2");
    box.conversations().setState(ALICE, ConversationRef.peer(BOB), null, null, true).join();
    assertThat(peers(ALICE)).containsExactly(CAROL);
    assertThat(peers(ALICE, Folder.ARCHIVED)).containsExactly(BOB);
    assertThat(item(ALICE, BOB).archived()).isTrue();
    at(BOB, ALICE, "3");
    assertThat(peers(ALICE)).containsExactly(BOB, CAROL);
    assertThat(peers(ALICE, Folder.ARCHIVED)).isEmpty();
    assertThat(item(ALICE, BOB).archived()).isFalse();
  }

  @Test
  void anArchivedMutedConversationStaysArchivedOnANewMessage() {
    at(BOB, ALICE, "1");
    box.conversations().setState(ALICE, ConversationRef.peer(BOB), null, true, true).join();
    at(BOB, ALICE, "2");
    assertThat(peers(ALICE)).isEmpty();
    assertThat(peers(ALICE, Folder.ARCHIVED)).containsExactly(BOB);
  }

  @Test
  void theStateOfAConversationWithoutMessagesIsNotFoundAndNothingChanges() {
    assertThat(refusal(() -> box.conversations().setState(ALICE, ConversationRef.peer(BOB), true, null, null).join()))
        .isEqualTo(ErrorCode.NOT_FOUND);
    at(BOB, ALICE, "hi");
    assertThat(item(ALICE, BOB).pinned()).isFalse();
  }

  // --- blocks ---

  @Test
  void aBlockedSendersMessagesAreRefusedWithNothingStored() {
    at(BOB, ALICE, "before");
    box.relations().block(ALICE, BOB, true).join();
    assertThat(box.relations().blocked(ALICE)).containsExactly(BOB);
    assertThat(refusal(() -> box.messages().send(new SendRequest(BOB, ALICE, "blocked", null)).join()))
        .isEqualTo(ErrorCode.BLOCKED);
    assertThat(history(ALICE, BOB)).containsExactly("before");
    assertThat(history(BOB, ALICE)).containsExactly("before");
    assertThat(box.conversations().unread(ALICE, "pc").total()).isEqualTo(1);
    at(ALICE, BOB, "the blocker may still write");
    box.relations().block(ALICE, BOB, false).join();
    assertThat(box.relations().blocked(ALICE)).isEmpty();
    at(BOB, ALICE, "after");
    assertThat(history(ALICE, BOB)).containsExactly("after", "the blocker may still write", "before");
  }

  @Test
  void aBlockedBroadcastersBroadcastsAreHiddenFromTheBlocker() {
    box.relations().follow(ALICE, NEWS).join();
    box.relations().follow(BOB, NEWS).join();
    broadcastToFollowers(NEWS, "news");
    assertThat(peers(ALICE)).containsExactly(NEWS);
    box.relations().block(ALICE, NEWS, true).join();
    assertThat(peers(ALICE)).isEmpty();
    assertThat(history(ALICE, NEWS)).isEmpty();
    assertThat(box.conversations().unread(ALICE, "pc").total()).isZero();
    assertThat(peers(BOB)).containsExactly(NEWS);
    box.relations().block(ALICE, NEWS, false).join();
    assertThat(peers(ALICE)).containsExactly(NEWS);
  }

  @Test
  void blockingOneselfIsInvalid() {
    assertThat(refusal(() -> box.relations().block(ALICE, ALICE, true).join())).isEqualTo(ErrorCode.INVALID_ARGUMENT);
    assertThat(box.relations().blocked(ALICE)).isEmpty();
  }

  // --- broadcasts merged by their heads ---

  @Test
  void aSenderOfBothBroadcastsAndOneToOneMessagesIsListedOnceAtItsNewest() {
    box.relations().follow(ALICE, NEWS).join();
    at(CAROL, ALICE, "carol");
    broadcastToFollowers(NEWS, "news 1");
    at(NEWS, ALICE, "a personal note");
    assertThat(peers(ALICE)).containsExactly(NEWS, CAROL);
    assertThat(item(ALICE, NEWS).lastMessage().text()).isEqualTo("a personal note");
    at(BOB, ALICE, "bob");
    broadcastToFollowers(NEWS, "news 2");
    assertThat(peers(ALICE)).containsExactly(NEWS, BOB, CAROL);
    Conversation first = box.conversations().list(ALICE, null, 1).items().get(0);
    assertThat(first.lastMessage().text()).isEqualTo("news 2");
  }

  @Test
  void aBroadcasterWhoWritesAfterTheOwnerListedIsListedOnceAtTheMessage() {
    box.relations().follow(ALICE, NEWS).join();
    broadcastToFollowers(NEWS, "news 1");
    at(CAROL, ALICE, "carol");
    assertThat(peers(ALICE)).containsExactly(CAROL, NEWS);
    at(NEWS, ALICE, "a personal note");
    assertThat(peers(ALICE)).containsExactly(NEWS, CAROL);
    assertThat(box.conversations().list(ALICE, null, 1).items().get(0).lastMessage().text()).isEqualTo("a personal note");
  }

  @Test
  void aBroadcasterListedAtItsNewestBroadcastShowsReadsMadeSinceItWasListed() {
    box.relations().follow(ALICE, NEWS).join();
    Message mine = at(ALICE, NEWS, "a question");
    at(NEWS, ALICE, "an answer");
    broadcastToFollowers(NEWS, "news");
    Conversation listed = box.conversations().list(ALICE, null, 10).items().get(0);
    assertThat(listed.lastMessage().text()).isEqualTo("news");
    assertThat(listed.unread()).containsEntry("pc", 2L);

    box.conversations().markRead(NEWS, ConversationRef.peer(ALICE), "pc", mine.id()).join();
    assertThat(box.conversations().list(ALICE, null, 10).items().get(0).peerReadUpTo()).as("the read receipt")
        .isEqualTo(mine.id());
    box.conversations().markRead(ALICE, ConversationRef.peer(NEWS), "pc", null).join();

    Conversation now = box.conversations().list(ALICE, null, 10).items().get(0);
    assertThat(now.unread()).as("the owner's own read").containsEntry("pc", 0L);
    assertThat(now).isEqualTo(item(ALICE, NEWS));
  }

  @Test
  void aPinnedBroadcasterIsListedFirst() {
    box.relations().follow(ALICE, NEWS).join();
    broadcastToFollowers(NEWS, "news");
    at(BOB, ALICE, "bob");
    box.conversations().setState(ALICE, ConversationRef.peer(NEWS), true, null, null).join();
    assertThat(peers(ALICE)).containsExactly(NEWS, BOB);
    Page<Conversation> one = box.conversations().list(ALICE, null, 1);
    assertThat(one.items()).extracting(Conversation::peer).containsExactly(NEWS);
    assertThat(box.conversations().list(ALICE, one.next(), 1).items()).extracting(Conversation::peer).containsExactly(BOB);
  }

  @Test
  void afterARestartAnOwnerOfManySendersStillHasItsPinsBlocksAndFoldersOfThemAndNoStalePin() {
    for (long s = NEWS; s < NEWS + 30; s++) {
      box.relations().follow(ALICE, s).join();
    }
    long pinned = NEWS + 29;
    long blocked = NEWS + 28;
    long archived = NEWS + 27;
    long plain = NEWS + 5;
    broadcastToFollowers(pinned, "pinned news");
    broadcastToFollowers(plain, "plain news");
    broadcastToFollowers(blocked, "blocked news");
    broadcastToFollowers(archived, "archived news");
    box.conversations().setState(ALICE, ConversationRef.peer(pinned), true, null, null).join();
    box.conversations().setState(ALICE, ConversationRef.peer(archived), null, null, true).join();
    box.relations().block(ALICE, blocked, true).join();
    reopen(config());
    assertThat(peers(ALICE)).containsExactly(pinned, plain);
    assertThat(peers(ALICE, Folder.ARCHIVED)).containsExactly(archived);
    box.conversations().setState(ALICE, ConversationRef.peer(pinned), false, null, null).join();
    reopen(config());
    assertThat(peers(ALICE)).as("unpinned: the newest broadcast first").containsExactly(plain, pinned);
    assertThat(store.get(Spaces.PINNED, PairKey.of(ALICE, pinned))).as("the pin kept apart").isNull();
  }

  @Test
  void aStoreWhosePinsWereOnlyInTheRowsGetsThemApartAtItsNextStart() {
    for (long s = NEWS; s < NEWS + 10; s++) {
      box.relations().follow(ALICE, s).join();
      broadcastToFollowers(s, "news of " + s);
    }
    box.conversations().setState(ALICE, ConversationRef.peer(NEWS), true, null, null).join();
    box.close();
    // As a store of format 4: pins only in the rows, no mark.
    clear(store, Spaces.PINNED);
    store.write(store.newBatch().delete(Spaces.STATE, StateKey.meta("pinned"))).join();
    box = Letterbox.open(store, config().build());
    assertThat(box.conversations().list(ALICE, null, 1).items()).extracting(Conversation::peer).containsExactly(NEWS);
    assertThat(store.get(Spaces.PINNED, PairKey.of(ALICE, NEWS))).as("the pin apart").isNotNull();
  }

  // --- the requests folder ---

  @Test
  void aConversationStartedByAStrangerWaitsInRequestsUntilTheOwnerReplies() {
    reopen(config().requestsFolder(true));
    box.relations().follow(ALICE, CAROL).join();
    at(ALICE, DAVE, "alice wrote to dave first");
    at(BOB, ALICE, "a stranger");
    at(CAROL, ALICE, "someone alice follows");
    at(DAVE, ALICE, "dave answers");
    assertThat(peers(ALICE)).containsExactly(DAVE, CAROL);
    assertThat(peers(ALICE, Folder.REQUESTS)).containsExactly(BOB);
    assertThat(box.conversations().requestsUnread(ALICE)).hasValue(1);
    at(BOB, ALICE, "the stranger again");
    assertThat(box.conversations().requestsUnread(ALICE)).hasValue(2);
    at(ALICE, BOB, "alice replies");
    assertThat(peers(ALICE)).containsExactly(BOB, DAVE, CAROL);
    assertThat(peers(ALICE, Folder.REQUESTS)).isEmpty();
    assertThat(box.conversations().requestsUnread(ALICE)).hasValue(0);
    assertThat(item(ALICE, BOB).unread()).isEqualTo(Map.of("pc", 2L, "mobile", 2L));
    assertThat(peers(BOB)).as("the stranger's own list").containsExactly(ALICE);
  }

  @Test
  void aPeerTheOwnerWroteToIsNoStrangerAfterTheOwnerDeletedTheirConversation() {
    reopen(config().requestsFolder(true));
    at(ALICE, BOB, "alice writes first");
    at(BOB, ALICE, "bob answers");
    box.conversations().delete(ALICE, BOB).join();
    assertThat(peers(ALICE)).isEmpty();
    at(BOB, ALICE, "bob again");
    assertThat(peers(ALICE)).containsExactly(BOB);
    assertThat(peers(ALICE, Folder.REQUESTS)).isEmpty();
    assertThat(box.conversations().requestsUnread(ALICE)).hasValue(0);
  }

  @Test
  void theRequestsUnreadCountsWhatNoDeviceHasReadAndDropsWithDeletes() {
    reopen(config().requestsFolder(true));
    Message first = at(BOB, ALICE, "1");
    at(BOB, ALICE, "2");
    at(CAROL, ALICE, "3");
    assertThat(box.conversations().requestsUnread(ALICE)).hasValue(3);
    box.conversations().markRead(ALICE, ConversationRef.peer(BOB), "mobile", first.id()).join();
    assertThat(box.conversations().requestsUnread(ALICE)).hasValue(2);
    box.conversations().delete(ALICE, BOB).join();
    assertThat(box.conversations().requestsUnread(ALICE)).hasValue(1);
    box.conversations().deleteAll(ALICE).join();
    assertThat(box.conversations().requestsUnread(ALICE)).hasValue(0);
    assertThat(box.conversations().unread(ALICE, "pc").total()).isZero();
  }

  @Test
  void followingAStrangerTakesItsConversationOutOfRequestsAcrossPartitions() throws Exception {
    reopen(newStore(), config().partitions(4).requestsFolder(true));
    long alice = uidIn(1);
    long stranger = uidIn(2);
    at(stranger, alice, "hello");
    assertThat(peers(alice, Folder.REQUESTS)).containsExactly(stranger);
    box.relations().follow(alice, stranger).join();
    org.awaitility.Awaitility.await().atMost(Duration.ofSeconds(30)).until(() -> peers(alice).contains(stranger));
    assertThat(peers(alice, Folder.REQUESTS)).isEmpty();
    assertThat(box.conversations().requestsUnread(alice)).hasValue(0);
  }

  @Test
  void aPageChecksTheBroadcastsAndReadsTheRowsOfAboutAsManySendersAsItShows() {
    List<Long> senders = new ArrayList<>();
    for (long s = NEWS; s < NEWS + 100; s++) {
      box.relations().follow(ALICE, s).join();
      senders.add(s);
    }
    for (long s : senders) {
      broadcastToFollowers(s, "news of " + s);
    }
    at(BOB, ALICE, "between");
    box.relations().block(ALICE, NEWS + 98, true).join();
    FaultyStore counting = new FaultyStore(store);
    reopen(counting, config());
    counting.takeScans(Spaces.AUDIENCE);
    counting.watchPointReads(Spaces.CONVERSATIONS);

    Page<Conversation> first = box.conversations().list(ALICE, Folder.DEFAULT, null, 5);
    assertThat(first.items()).extracting(Conversation::peer)
        .containsExactly(BOB, NEWS + 99, NEWS + 97, NEWS + 96, NEWS + 95);
    assertThat(counting.takeScans(Spaces.AUDIENCE)).as("audience reads for a page of 5 of 101").isLessThanOrEqualTo(6);
    assertThat(counting.takePointReads(Spaces.CONVERSATIONS)).as("rows read for a page of 5 of 100 senders")
        .hasSizeLessThanOrEqualTo(12);
    List<Long> all = new ArrayList<>(first.items().stream().map(Conversation::peer).toList());
    for (String next = first.next(); next != null; ) {
      Page<Conversation> page = box.conversations().list(ALICE, Folder.DEFAULT, next, 5);
      page.items().forEach(c -> all.add(c.peer()));
      next = page.next();
    }
    List<Long> expected = new ArrayList<>(List.of(BOB));
    for (long s = NEWS + 99; s >= NEWS; s--) {
      if (s != NEWS + 98) {
        expected.add(s);
      }
    }
    assertThat(all).containsExactlyElementsOf(expected);
  }

  @Test
  void laterPagesReadNoneOfTheOwnersSendersAgainYetFindEveryNewOne() {
    for (long s = NEWS; s < NEWS + 30; s++) {
      box.relations().follow(ALICE, s).join();
      broadcastToFollowers(s, "news of " + s);
    }
    FaultyStore counting = new FaultyStore(store);
    reopen(counting, config());
    assertThat(peers(ALICE)).hasSize(30);
    assertThat(counting.takeScans(Spaces.FOLLOWING)).as("the first page reads the owner's senders").isEqualTo(1);

    assertThat(peers(ALICE)).hasSize(30).first().isEqualTo(NEWS + 29);
    box.relations().follow(ALICE, NEWS + 100).join();
    broadcastToFollowers(NEWS + 100, "from one followed after the list was read");
    clock.advance(Duration.ofSeconds(1));
    done(box.broadcasts().send(new BroadcastRequest(NEWS + 200, "from a stranger", new Audience.Uids(new long[] {ALICE}),
        BroadcastRequest.Priority.NORMAL, null)).join());
    clock.advance(Duration.ofSeconds(1));
    done(box.broadcasts().send(new BroadcastRequest(NEWS + 300, "to someone else", new Audience.Uids(new long[] {BOB}),
        BroadcastRequest.Priority.NORMAL, null)).join());
    broadcastToFollowers(NEWS + 3, "news of a followed sender again");

    assertThat(peers(ALICE)).hasSize(32).startsWith(NEWS + 3, NEWS + 200, NEWS + 100, NEWS + 29);
    assertThat(counting.takeScans(Spaces.FOLLOWING)).as("scans of the owner's senders after the first page").isZero();
  }

  @Test
  void aStrangerWhoseFanOutEndsAfterTheOwnerListedIsListedThen() throws Exception {
    box.relations().follow(ALICE, NEWS).join();
    broadcastToFollowers(NEWS, "followed");
    FaultyStore faulty = new FaultyStore(store);
    reopen(faulty, config());
    CountDownLatch release = new CountDownLatch(1);
    CountDownLatch paused = faulty.pauseNextMultiGet(Spaces.AUDIENCE, release);
    clock.advance(Duration.ofSeconds(1));
    Broadcast first = box.broadcasts().send(new BroadcastRequest(NEWS + 1, "first contact", new Audience.Uids(new long[] {ALICE}),
        BroadcastRequest.Priority.NORMAL, null)).join();
    assertThat(paused.await(1, TimeUnit.MINUTES)).as("the fan-out waits").isTrue();
    assertThat(peers(ALICE)).as("listed while the fan-out waits").contains(NEWS);

    release.countDown();
    done(first);
    assertThat(peers(ALICE)).containsExactly(NEWS + 1, NEWS);
  }

  @Test
  void aRestartedEngineKnowsEverySendersNewestBroadcastWithoutAReadPerSender() {
    for (long s = NEWS; s < NEWS + 30; s++) {
      box.relations().follow(ALICE, s).join();
    }
    for (long s = NEWS; s < NEWS + 30; s += 2) {
      broadcastToFollowers(s, "news of " + s);
    }
    FaultyStore counting = new FaultyStore(store);
    reopen(counting, config());
    counting.watchPointReads(Spaces.STATE);

    assertThat(peers(ALICE)).hasSize(15).first().isEqualTo(NEWS + 28);
    assertThat(counting.takePointReads(Spaces.STATE)).as("reads of the senders' newest broadcast ids")
        .noneMatch(k -> StateKey.newestBroadcasts().contains(k));
  }

  @Test
  void aSenderWhoFirstBroadcastsAfterARestartIsListed() {
    box.relations().follow(ALICE, NEWS).join();
    box.relations().follow(ALICE, NEWS + 1).join();
    broadcastToFollowers(NEWS, "before");
    reopen(config());
    assertThat(peers(ALICE)).containsExactly(NEWS);
    broadcastToFollowers(NEWS + 1, "first ever");
    assertThat(peers(ALICE)).containsExactly(NEWS + 1, NEWS);
  }

  @Test
  void aStoreThatKeptNewestBroadcastIdsPerSenderGetsThemTogetherAtItsNextStart() {
    box.relations().follow(ALICE, NEWS).join();
    box.relations().follow(ALICE, NEWS + 1).join();
    broadcastToFollowers(NEWS, "one");
    broadcastToFollowers(NEWS + 1, "two");
    broadcastToFollowers(NEWS, "three");
    box.close();
    // As a store of format 3: each sender's newest broadcast id under the sender, no mark.
    WriteBatch batch = store.newBatch().delete(Spaces.STATE, StateKey.meta("newest-broadcasts"));
    store.scan(Spaces.STATE, StateKey.newestBroadcasts(), false, (k, v) -> {
      batch.delete(Spaces.STATE, k).put(Spaces.STATE, StateKey.latestBroadcast(StateKey.recordId(k)), v);
      return true;
    });
    store.write(batch).join();
    box = Letterbox.open(store, config().build());
    assertThat(box.conversations().list(ALICE, Folder.DEFAULT, null, 10).items())
        .extracting(c -> c.lastMessage().text()).containsExactly("three", "two");
    assertThat(store.get(Spaces.STATE, StateKey.latestBroadcast(NEWS))).as("the old key").isNull();
  }

  @Test
  void aStrangerWhoBroadcastsAndWritesIsListedUnderRequestsEvenAfterTheOwnerListed() {
    reopen(config().requestsFolder(true));
    clock.advance(Duration.ofSeconds(1));
    done(box.broadcasts().send(new BroadcastRequest(NEWS, "hello stranger", new Audience.Uids(new long[] {ALICE}),
        BroadcastRequest.Priority.NORMAL, null)).join());
    assertThat(peers(ALICE)).containsExactly(NEWS);
    at(NEWS, ALICE, "a personal note");
    assertThat(peers(ALICE, Folder.REQUESTS)).containsExactly(NEWS);
    clock.advance(Duration.ofSeconds(1));
    done(box.broadcasts().send(new BroadcastRequest(NEWS, "again", new Audience.Uids(new long[] {ALICE}),
        BroadcastRequest.Priority.NORMAL, null)).join());
    assertThat(peers(ALICE)).as("its conversation is in requests").isEmpty();
    assertThat(peers(ALICE, Folder.REQUESTS)).containsExactly(NEWS);
  }

  @Test
  void withoutARequestsFolderEveryConversationIsInTheDefaultList() {
    at(BOB, ALICE, "a stranger");
    assertThat(peers(ALICE)).containsExactly(BOB);
    assertThat(peers(ALICE, Folder.REQUESTS)).isEmpty();
    assertThat(box.conversations().requestsUnread(ALICE)).isEmpty();
  }

  @Test
  void theBroadcastHeadsCacheWeighsWhatItHolds() {
    for (long sender = 1; sender <= 50; sender++) {
      box.relations().follow(ALICE, NEWS + sender).join();
      broadcastToFollowers(NEWS + sender, "news " + sender);
    }
    assertThat(box.conversations().list(ALICE, null, 20).items()).hasSize(20);
    assertThat(box.cachedBytes().get("conversation-heads")).as("50 senders weighed").isGreaterThanOrEqualTo(50 * 48);
  }

  // --- read receipts ---

  @Test
  void theListShowsHowFarThePeerHasReadOverItsDevices() throws Exception {
    reopen(newStore(), config().partitions(4));
    long alice = uidIn(0);
    long bob = uidIn(3);
    Message one = at(alice, bob, "1");
    Message two = at(alice, bob, "2");
    assertThat(item(alice, bob).peerReadUpTo()).isZero();
    box.conversations().markRead(bob, ConversationRef.peer(alice), "mobile", one.id()).join();
    awaitPeerRead(alice, bob, one.id());
    box.conversations().markRead(bob, ConversationRef.peer(alice), "pc", two.id()).join();
    awaitPeerRead(alice, bob, two.id());
    box.conversations().markRead(bob, ConversationRef.peer(alice), "mobile", two.id()).join();
    assertThat(item(alice, bob).peerReadUpTo()).isEqualTo(two.id());
    assertThat(item(bob, alice).peerReadUpTo()).as("alice read nothing").isZero();
  }

  /** The receipt crosses partitions as a delivery: applied within moments, not with the read's answer. */
  private void awaitPeerRead(long owner, long peer, long upTo) {
    org.awaitility.Awaitility.await().atMost(Duration.ofSeconds(30))
        .until(() -> box.conversations().list(owner, null, 10).items().get(0).peerReadUpTo() == upTo);
  }

  private static long uidIn(int partition) {
    Partitioning p = new Partitioning(4);
    for (long uid = 1_000; ; uid++) {
      if (p.of(uid) == partition) {
        return uid;
      }
    }
  }

  // --- derived, rebuilt, and built for older stores ---

  @Test
  void theListIsTheSameAfterARestartAndARebuild() throws Exception {
    at(BOB, ALICE, "1");
    at(CAROL, ALICE, "2");
    at(DAVE, ALICE, "3");
    box.conversations().setState(ALICE, ConversationRef.peer(CAROL), true, null, null).join();
    box.conversations().setState(ALICE, ConversationRef.peer(DAVE), null, null, true).join();
    reopen(config());
    assertThat(peers(ALICE)).containsExactly(CAROL, BOB);
    box.close();
    Replayer.rebuild(store, config().build(), n -> {});
    box = Letterbox.open(store, config().build());
    assertThat(peers(ALICE)).containsExactly(CAROL, BOB);
    assertThat(peers(ALICE, Folder.ARCHIVED)).containsExactly(DAVE);
  }

  @Test
  void aStoreWrittenBeforeConversationRowsGetsThemAtItsNextStart() {
    Message bob = at(BOB, ALICE, "1");
    at(CAROL, ALICE, "2");
    at(ALICE, DAVE, "3");
    box.messages().delete(ALICE, bob.id()).join();
    at(BOB, ALICE, "4");
    box.conversations().markRead(ALICE, ConversationRef.peer(CAROL), "pc", null).join();
    box.close();
    // As a store of format 1: counters and positions of the old layout, no rows, no activity index, no marks.
    toOldCountersAndPositions();
    clear(store, Spaces.CONVERSATIONS);
    clear(store, Spaces.ACTIVITY);
    store.write(store.newBatch().delete(Spaces.STATE, StateKey.meta("conversation-index"))).join();
    box = Letterbox.open(store, config().build());
    assertThat(peers(ALICE)).containsExactly(BOB, DAVE, CAROL);
    assertThat(item(ALICE, BOB).lastMessage().text()).isEqualTo("4");
    assertThat(item(ALICE, CAROL).unread()).containsEntry("pc", 0L).containsEntry("mobile", 1L);
    assertThat(box.conversations().unread(ALICE, "mobile").total()).isEqualTo(2);
    assertThat(peers(DAVE)).containsExactly(ALICE);
    at(CAROL, ALICE, "5");
    assertThat(peers(ALICE)).containsExactly(CAROL, BOB, DAVE);
    assertThat(box.conversations().unread(ALICE, "pc").total()).isEqualTo(2);
  }

  @Test
  void aStoreWhoseRowsHeldNoCountsGetsThemAtItsNextStart() {
    at(BOB, ALICE, "1");
    at(BOB, ALICE, "2");
    at(CAROL, ALICE, "3");
    box.conversations().markRead(ALICE, ConversationRef.peer(BOB), "pc", null).join();
    box.conversations().setState(ALICE, ConversationRef.peer(CAROL), true, null, null).join();
    at(BOB, ALICE, "4");
    box.close();
    // As a store of format 2: rows of version 1 beside the old counters and positions, empty activity values.
    toOldCountersAndPositions();
    store.scan(Spaces.CONVERSATIONS, new KeyRange(new byte[0], null), false, (k, v) -> {
      ConversationRow row = ConversationRow.decode(v);
      byte[] old = new byte[18];
      old[0] = 1;
      old[1] = v[1];
      io.letterbox.store.Bytes.putLong(old, 2, row.lastId());
      io.letterbox.store.Bytes.putLong(old, 10, row.peerReadUpTo());
      WriteBatch b = store.newBatch().put(Spaces.CONVERSATIONS, k, old);
      if (row.lastId() > 0) {
        // Replaced, not put over: the activity space is put once (as a store of then is by its first open).
        byte[] entry = io.letterbox.keys.ActivityKey.of(PairKey.ownerOf(k), row.folder(), row.pinned(), row.lastId(),
            PairKey.peer(k));
        b.delete(Spaces.ACTIVITY, entry).put(Spaces.ACTIVITY, entry, new byte[0]);
      }
      store.write(b).join();
      return true;
    });
    box = Letterbox.open(store, config().build());
    assertThat(peers(ALICE)).containsExactly(CAROL, BOB);
    assertThat(item(ALICE, BOB).lastMessage().text()).isEqualTo("4");
    assertThat(item(ALICE, BOB).unread()).containsEntry("pc", 1L).containsEntry("mobile", 3L);
    assertThat(box.conversations().unread(ALICE, "mobile").total()).isEqualTo(4);
    assertThat(box.conversations().list(ALICE, Folder.DEFAULT, null, 100).items().get(0).unread()).containsEntry("pc", 1L);
    assertThat(store.scan(Spaces.INCOMING, new KeyRange(new byte[0], null), false, 10)).as("the old counters").isEmpty();
    at(BOB, ALICE, "5");
    assertThat(box.conversations().unread(ALICE, "pc").total()).isEqualTo(3);
  }

  /** Moves every row's incoming count and positions to where store formats 1 and 2 kept them. */
  private void toOldCountersAndPositions() {
    WriteBatch batch = store.newBatch();
    store.scan(Spaces.CONVERSATIONS, new KeyRange(new byte[0], null), false, (k, v) -> {
      ConversationRow row = ConversationRow.decode(v);
      if (row.incoming() > 0) {
        batch.increment(Spaces.INCOMING, k, row.incoming());
      }
      row.positions().forEach((device, p) ->
          batch.put(Spaces.STATE, StateKey.readPosition(PairKey.ownerOf(k), PairKey.peer(k), device), p.encode()));
      return true;
    });
    batch.delete(Spaces.STATE, StateKey.meta("conversation-rows-2"));
    store.write(batch).join();
  }

  private static void clear(KeyValueStore store, Space space) {
    WriteBatch batch = store.newBatch();
    store.scan(space, new KeyRange(new byte[0], null), false, (k, v) -> {
      batch.delete(space, k);
      return true;
    });
    store.write(batch).join();
  }
}
