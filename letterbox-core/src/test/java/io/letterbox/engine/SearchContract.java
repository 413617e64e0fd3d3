package io.letterbox.engine;

import static org.assertj.core.api.Assertions.assertThat;

import io.letterbox.engine.search.JournalPostings;
import io.letterbox.engine.search.SearchQuery;
import io.letterbox.engine.search.Words;
import io.letterbox.keys.Spaces;
import io.letterbox.model.Audience;
import io.letterbox.model.Broadcast;
import io.letterbox.model.BroadcastRequest;
import io.letterbox.model.Extras;
import io.letterbox.model.Group;
import io.letterbox.model.GroupPost;
import io.letterbox.model.GroupRole;
import io.letterbox.model.Message;
import io.letterbox.model.Page;
import io.letterbox.store.KeyRange;
import io.letterbox.store.WriteBatch;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.Test;

/**
 * Keyword search (decision 0012) on every backend, over four partitions so that an owner, its
 * peers, the senders it follows and its groups are indexed by different partitions.
 */
public abstract class SearchContract extends EngineFixture {
  private static final long ERIN = 1_000_000_005L;

  @Override
  protected LetterboxConfig.Builder config() {
    return super.config().partitions(4);
  }

  /**
   * A millisecond later each time: ids of different partitions are ordered by time, and this
   * suite's clock stands still otherwise.
   */
  @Override
  protected Message send(long from, long to, String text) {
    clock.advance(Duration.ofMillis(1));
    return super.send(from, to, text);
  }

  private Page<Message> search(long owner, String q) {
    return search(owner, SearchQuery.of(q, 0, 0, null, null), null, 100);
  }

  private Page<Message> search(long owner, SearchQuery q, String cursor, int limit) {
    return box.search().find(owner, q, cursor, limit).join();
  }

  private List<String> found(long owner, String q) {
    return texts(search(owner, q));
  }

  /** What another partition indexes is found once indexed: waited for as a condition. */
  private static List<String> union(List<String> a, List<String> b) {
    java.util.LinkedHashSet<String> out = new java.util.LinkedHashSet<>(a);
    out.addAll(b);
    return List.copyOf(out);
  }

  private void eventually(long owner, String q, List<String> expected) {
    Awaitility.await(q).atMost(Duration.ofMinutes(1)).pollInterval(Duration.ofMillis(10))
        .until(() -> found(owner, q), texts -> texts.equals(expected));
  }

  private long postings() {
    long[] n = {0};
    store.scan(Spaces.POSTINGS, new KeyRange(new byte[0], null), false, (k, v) -> {
      n[0]++;
      return true;
    });
    return n[0];
  }

  @Test
  void wordsAreChineseWordsAndCaseAndAccentFreeLatinWordsAndNumbers() {
    assertThat(Words.of("我们明天去北京开会")).contains("北京", "开会", "明天");
    assertThat(Words.of("Café MEETING at 5pm, naïve résumé 2026!")).containsExactly("cafe", "meeting", "at", "5", "pm",
        "naive", "resume", "2026");
    assertThat(Words.of("Straße ＦＵＬＬ width")).containsExactly("strasse", "full", "width");
    assertThat(Words.of("周五的Letterbox发布会")).contains("letterbox", "发布会");
    assertThat(Words.of("…，。!?")).isEmpty();
    // Each clause is segmented on its own, and its last word as a query of that word alone is.
    assertThat(Words.of("自学连续开立、整修")).containsExactlyElementsOf(union(Words.of("自学连续开立"), Words.of("整修")));
    assertThat(Words.of("多媒体。。发展中心")).contains("多媒体");
    assertThat(Words.of("多媒体")).containsExactly("多媒体");
  }

  @Test
  void aMessageIsFoundByBothPartiesAtOnceByAnyOfItsWordsNewestFirst() {
    Message older = send(ALICE, BOB, "我们明天去北京开会");
    Message newer = send(BOB, ALICE, "北京 is cold, bring a Café au lait");

    // No wait: a search waits for what its owner's partition wrote before it.
    assertThat(search(ALICE, "北京").items()).containsExactly(newer, older);
    assertThat(search(BOB, "北京").items()).containsExactly(newer, older);
    assertThat(found(ALICE, "开会")).containsExactly("我们明天去北京开会");
    assertThat(found(BOB, "CAFE")).as("case and accents do not matter").containsExactly(newer.text());
    assertThat(found(CAROL, "北京")).as("not a party").isEmpty();
  }

  @Test
  void postingsWhoseLoadTheAnalyserCannotSealAreWrittenByTheLoader() {
    io.letterbox.store.FaultyStore faulty = new io.letterbox.store.FaultyStore(store);
    reopen(faulty, config());
    faulty.failSeals(Integer.MAX_VALUE);

    Message m = send(ALICE, BOB, "我们明天去北京开会");

    assertThat(search(ALICE, "开会").items()).containsExactly(m);
    assertThat(search(BOB, "开会").items()).containsExactly(m);
    assertThat(faulty.failedSeals()).as("every load the analyser built failed at its seal").isPositive();
  }

  @Test
  void everyWordOfTheQueryMustBeInTheMessage() {
    send(ALICE, BOB, "lunch at noon");
    send(ALICE, BOB, "dinner at eight");
    send(ALICE, CAROL, "lunch tomorrow?");

    assertThat(found(ALICE, "lunch noon")).containsExactly("lunch at noon");
    assertThat(found(ALICE, "at")).containsExactly("dinner at eight", "lunch at noon");
    assertThat(found(ALICE, "lunch")).containsExactly("lunch tomorrow?", "lunch at noon");
    assertThat(found(ALICE, "lunch midnight")).isEmpty();
  }

  @Test
  void deletedMessagesAreNotFoundByTheirDeleterRecalledOnesByNobodyAndEditedOnesByTheirNewTextOnly() {
    Message deleted = send(ALICE, BOB, "secret plan alpha");
    Message recalled = send(ALICE, BOB, "secret plan beta");
    Message edited = send(ALICE, BOB, "secret plan gamma");

    box.messages().delete(ALICE, deleted.id()).join();
    box.messages().recall(ALICE, recalled.id()).join();
    box.messages().edit(ALICE, edited.id(), "public plan delta").join();

    assertThat(found(ALICE, "secret")).isEmpty();
    assertThat(found(BOB, "secret")).as("the peer did not delete it").containsExactly("secret plan alpha");
    assertThat(found(BOB, "beta")).isEmpty();
    assertThat(found(BOB, "gamma")).as("edited away").isEmpty();
    assertThat(found(ALICE, "delta")).containsExactly("public plan delta");
    // The edit reaches the peer's partition, and its index, after the edit is answered.
    eventually(BOB, "public plan", List.of("public plan delta"));

    clock.advance(Duration.ofMillis(1));
    box.conversations().delete(BOB, ALICE).join();
    assertThat(found(BOB, "plan")).isEmpty();
    assertThat(found(ALICE, "plan")).containsExactly("public plan delta");
  }

  @Test
  void aBroadcastIsIndexedOnceAndFoundByItsAudienceOnly() {
    box.relations().follow(ALICE, NEWS).join();
    box.relations().follow(BOB, NEWS).join();
    long before = postings();

    Broadcast b = done(box.broadcasts().send(new BroadcastRequest(NEWS, "港口 festival tonight", new Audience.Followers(), null, null))
        .join());

    eventually(ALICE, "festival", List.of("港口 festival tonight"));
    eventually(BOB, "港口 tonight", List.of("港口 festival tonight"));
    eventually(NEWS, "festival", List.of("港口 festival tonight"));
    assertThat(postings() - before).as("one posting per word, whatever the audience")
        .isEqualTo(Words.of(b.text()).size());
    assertThat(found(CAROL, "festival")).as("not in its audience").isEmpty();

    box.relations().block(BOB, NEWS, true).join();
    assertThat(found(BOB, "festival")).as("a blocked sender's broadcasts are hidden").isEmpty();
    box.broadcasts().recall(NEWS, b.id()).join();
    assertThat(found(ALICE, "festival")).isEmpty();
  }

  @Test
  void aGroupMessageIsFoundByItsMembersWithinTheirMembership() {
    Group g = box.groups().create(ALICE, "team", new long[] {BOB, CAROL}, false).join().group();
    box.groups().post(new GroupPost(g.id(), BOB, "release candidate ready", List.of(), null, Extras.TEXT)).join();
    eventually(CAROL, "release", List.of("release candidate ready"));

    box.groups().setMembers(g.id(), ALICE, new long[] {DAVE}, GroupRole.MEMBER).join();
    box.groups().removeMember(g.id(), ALICE, CAROL).join();
    box.groups().post(new GroupPost(g.id(), ALICE, "release shipped", List.of(), null, Extras.TEXT)).join();

    eventually(ALICE, "release", List.of("release shipped", "release candidate ready"));
    assertThat(found(DAVE, "release")).as("from its join on").containsExactly("release shipped");
    assertThat(found(CAROL, "release")).as("what it saw until its removal").containsExactly("release candidate ready");
    assertThat(found(ERIN, "release")).as("never a member").isEmpty();
    assertThat(texts(search(ALICE, SearchQuery.of("release", 0, g.id(), null, null), null, 10)))
        .containsExactly("release shipped", "release candidate ready");
  }

  @Test
  void aWordWhoseHashAnotherWordSharesFindsOnlyItsOwnMessages() {
    String[] pair = collidingWords();
    assertThat(Words.hash(pair[0])).isEqualTo(Words.hash(pair[1]));
    assertThat(Words.of(pair[0] + " " + pair[1])).containsExactly(pair);
    send(ALICE, BOB, pair[0] + " first");
    send(ALICE, BOB, pair[1] + " second");
    send(ALICE, BOB, pair[0] + " " + pair[1] + " both");

    assertThat(found(BOB, pair[0])).containsExactly(pair[0] + " " + pair[1] + " both", pair[0] + " first");
    assertThat(found(BOB, pair[1])).containsExactly(pair[0] + " " + pair[1] + " both", pair[1] + " second");
  }

  /** Two words with one 32-bit hash: a birthday search over made-up words of letters only. */
  private static String[] collidingWords() {
    java.util.Map<Integer, String> seen = new java.util.HashMap<>();
    for (int i = 0; ; i++) {
      StringBuilder b = new StringBuilder("w");
      for (int n = i; n > 0; n /= 26) {
        b.append((char) ('a' + n % 26));
      }
      String w = b.toString();
      String other = seen.putIfAbsent(Words.hash(w), w);
      if (other != null) {
        return new String[] {other, w};
      }
    }
  }

  @Test
  void peerAndTimeNarrowASearch() {
    send(ALICE, BOB, "report one");
    clock.advance(Duration.ofHours(1));
    Instant middle = clock.instant();
    send(ALICE, CAROL, "report two");
    clock.advance(Duration.ofHours(1));
    send(BOB, ALICE, "report three");

    assertThat(texts(search(ALICE, SearchQuery.of("report", BOB, 0, null, null), null, 10)))
        .containsExactly("report three", "report one");
    assertThat(texts(search(ALICE, SearchQuery.of("report", 0, 0, middle, null), null, 10)))
        .containsExactly("report three", "report two");
    assertThat(texts(search(ALICE, SearchQuery.of("report", 0, 0, null, middle), null, 10)))
        .containsExactly("report one");
    assertThat(texts(search(ALICE, SearchQuery.of("report", 0, 0, middle, middle.plusSeconds(60)), null, 10)))
        .containsExactly("report two");
  }

  @Test
  void pagesFollowTheirCursorAndACursorServesOnlyItsOwnQuery() {
    List<String> all = new ArrayList<>();
    for (int i = 0; i < 25; i++) {
      send(i % 2 == 0 ? ALICE : BOB, i % 2 == 0 ? BOB : ALICE, "ticket " + i);
      all.add(0, "ticket " + i);
      send(ALICE, CAROL, "noise " + i);
    }
    SearchQuery q = SearchQuery.of("ticket", 0, 0, null, null);
    List<String> seen = new ArrayList<>();
    String cursor = null;
    int pages = 0;
    do {
      Page<Message> page = search(ALICE, q, cursor, 10);
      seen.addAll(texts(page));
      cursor = page.next();
      pages++;
    } while (cursor != null);
    assertThat(seen).isEqualTo(all);
    assertThat(pages).isEqualTo(3);

    String first = search(ALICE, q, null, 10).next();
    assertThat(refusal(() -> search(ALICE, SearchQuery.of("noise", 0, 0, null, null), first, 10)))
        .isEqualTo(ErrorCode.INVALID_ARGUMENT);
    assertThat(refusal(() -> search(BOB, q, first, 10))).isEqualTo(ErrorCode.INVALID_ARGUMENT);
  }

  @Test
  void badQueriesAreRefusedBeforeAnythingIsRead() {
    assertThat(refusal(() -> SearchQuery.of("", 0, 0, null, null))).isEqualTo(ErrorCode.INVALID_ARGUMENT);
    assertThat(refusal(() -> SearchQuery.of("   ", 0, 0, null, null))).isEqualTo(ErrorCode.INVALID_ARGUMENT);
    assertThat(refusal(() -> SearchQuery.of("!!! …", 0, 0, null, null))).isEqualTo(ErrorCode.INVALID_ARGUMENT);
    assertThat(refusal(() -> SearchQuery.of("a".repeat(257), 0, 0, null, null))).isEqualTo(ErrorCode.INVALID_ARGUMENT);
    assertThat(refusal(() -> SearchQuery.of("a b c d e f g h i j k l m n o p q", 0, 0, null, null)))
        .isEqualTo(ErrorCode.INVALID_ARGUMENT);
    Instant t = Instant.parse("2026-11-01T00:00:00Z");
    assertThat(refusal(() -> SearchQuery.of("a", 0, 0, t, t))).isEqualTo(ErrorCode.INVALID_ARGUMENT);
    assertThat(refusal(() -> SearchQuery.of("a", 0, 0, Instant.parse("1990-01-01T00:00:00Z"), null)))
        .isEqualTo(ErrorCode.INVALID_ARGUMENT);
    SearchQuery q = SearchQuery.of("a", 0, 0, null, null);
    assertThat(refusal(() -> search(ALICE, SearchQuery.of("a", ALICE, 0, null, null), null, 10)))
        .isEqualTo(ErrorCode.INVALID_ARGUMENT);
    assertThat(refusal(() -> search(ALICE, SearchQuery.of("a", 0, 987_654_321L, null, null), null, 10)))
        .isEqualTo(ErrorCode.NOT_FOUND);
    assertThat(refusal(() -> search(ALICE, q, "not-a-cursor", 10))).isEqualTo(ErrorCode.INVALID_ARGUMENT);
    assertThat(refusal(() -> search(ALICE, q, null, 0))).isEqualTo(ErrorCode.INVALID_ARGUMENT);
  }

  @Test
  void postingsLostWithTheirMarkAreWrittenAgainAtTheNextStart() {
    send(ALICE, BOB, "lighthouse keeper");
    send(CAROL, DAVE, "lighthouse tour");
    box.close();
    // As after a crash before the index caught up: no postings, no marks.
    WriteBatch wipe = store.newBatch();
    store.scan(Spaces.POSTINGS, new KeyRange(new byte[0], null), false, (k, v) -> {
      wipe.delete(Spaces.POSTINGS, k);
      return true;
    });
    for (int p = 0; p < 4; p++) {
      wipe.delete(Spaces.STATE, JournalPostings.markKey(p));
    }
    store.write(wipe).join();
    assertThat(postings()).isZero();

    box = Letterbox.open(store, config().build());

    eventually(BOB, "lighthouse", List.of("lighthouse keeper"));
    eventually(DAVE, "lighthouse", List.of("lighthouse tour"));
  }

  @Test
  void aRebuildDerivesThePostingsAgain() {
    send(ALICE, BOB, "harbour lights");
    box.relations().follow(CAROL, NEWS).join();
    done(box.broadcasts().send(new BroadcastRequest(NEWS, "harbour closed", new Audience.Followers(), null, null)).join());
    box.close();
    long postings = postings();

    io.letterbox.engine.replay.Replayer.rebuild(store, config().build(), n -> {});

    assertThat(postings()).isEqualTo(postings);
    box = Letterbox.open(store, config().build());
    assertThat(found(ALICE, "harbour")).containsExactly("harbour lights");
    assertThat(found(CAROL, "harbour")).containsExactly("harbour closed");
  }
}
