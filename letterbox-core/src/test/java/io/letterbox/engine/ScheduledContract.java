package io.letterbox.engine;

import static org.assertj.core.api.Assertions.assertThat;

import io.letterbox.engine.replay.Replayer;
import io.letterbox.engine.partition.Partitioning;
import io.letterbox.model.ConversationRef;
import io.letterbox.model.Extras;
import io.letterbox.model.GroupPost;
import io.letterbox.model.Message;
import io.letterbox.model.ScheduledMessage;
import io.letterbox.model.SendRequest;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.Test;

/**
 * Scheduled messages (decision 0052): sent once when they come due, as if sent then (blocks and
 * caps decided then), cancellable until then, listed for their sender, refused with nothing
 * changed for a time not ahead or too far ahead; a replay derives the same pending set. On every
 * backend.
 */
public abstract class ScheduledContract extends EngineFixture {
  /** Partitions enough that a group's and its poster's are apart, as a group schedule is kept by the group's. */
  private static final int PARTITIONS = 4;

  @Override
  protected LetterboxConfig.Builder config() {
    return super.config().newStorePartitions(PARTITIONS);
  }

  /** A group {@code owner} made of {@code members}, kept by another partition than {@code poster}'s. */
  private long groupApartFrom(long poster, long owner, long... members) {
    Partitioning partitioning = new Partitioning(PARTITIONS);
    while (true) {
      long gid = box.groups().create(owner, "team", members, false).join().group().id();
      if (partitioning.of(gid) != partitioning.of(poster)) {
        return gid;
      }
    }
  }

  private ScheduledMessage schedulePost(long from, long gid, String text, List<Long> mentions, Duration ahead) {
    return box.schedules().schedule(new GroupPost(gid, from, text, mentions, null, Extras.TEXT),
        clock.instant().plus(ahead), io.letterbox.blob.Blobs.SERVICE).join();
  }

  private List<Message> posts(long member, long gid) {
    return box.conversations().history(member, ConversationRef.group(gid), null, 100).items();
  }
  private void awaitHistory(long owner, long peer, List<String> texts) {
    Awaitility.await("history of " + owner).atMost(Duration.ofSeconds(30))
        .until(() -> history(owner, peer), texts::equals);
  }

  /** The log and the schedules (the search index's position moves on its own). */
  private Map<String, List<String>> logged() {
    Map<String, List<String>> all = contents(store);
    return Map.of("log", all.get("log"), "scheduled", all.get("scheduled"));
  }

  @Test
  void aDueMessageIsSentOnceAsIfSentAtItsTime() {
    ScheduledMessage s = schedule(ALICE, BOB, "later", Duration.ofMinutes(10));
    assertThat(scheduled(ALICE)).extracting(ScheduledMessage::id).containsExactly(s.id());
    clock.advance(Duration.ofMinutes(9));
    box.schedules().due().sweep();
    assertThat(history(BOB, ALICE)).as("before its time").isEmpty();

    clock.advance(Duration.ofMinutes(1));
    Instant due = clock.instant();
    awaitHistory(BOB, ALICE, List.of("later"));
    box.schedules().due().sweep();
    reopen(config());
    box.schedules().due().sweep();

    assertThat(history(BOB, ALICE)).containsExactly("later");
    assertThat(history(ALICE, BOB)).containsExactly("later");
    assertThat(box.conversations().list(BOB, null, 10).items().get(0).lastMessage().createdAt()).isEqualTo(due);
    assertThat(scheduled(ALICE)).isEmpty();
  }

  @Test
  void aCancelledMessageIsNeverSentAndCancellingItAgainIsNotFound() {
    ScheduledMessage s = schedule(ALICE, BOB, "never", Duration.ofMinutes(1));
    box.schedules().cancel(ALICE, s.id()).join();
    assertThat(scheduled(ALICE)).isEmpty();
    clock.advance(Duration.ofMinutes(2));
    box.schedules().due().sweep();

    assertThat(history(BOB, ALICE)).isEmpty();
    assertThat(refusal(() -> box.schedules().cancel(ALICE, s.id()).join())).isEqualTo(ErrorCode.NOT_FOUND);
  }

  @Test
  void cancellingOneThatWasSentIsNotFound() {
    ScheduledMessage s = schedule(ALICE, BOB, "sent", Duration.ofSeconds(5));
    clock.advance(Duration.ofSeconds(5));
    awaitHistory(BOB, ALICE, List.of("sent"));

    assertThat(refusal(() -> box.schedules().cancel(ALICE, s.id()).join())).isEqualTo(ErrorCode.NOT_FOUND);
    assertThat(history(BOB, ALICE)).containsExactly("sent");
  }

  @Test
  void theSenderListsItsPendingMessagesOldestFirstAPageAtATimeAndNoOneElses() {
    ScheduledMessage first = schedule(ALICE, BOB, "one", Duration.ofHours(2));
    ScheduledMessage second = schedule(ALICE, CAROL, "two", Duration.ofHours(1));
    schedule(BOB, ALICE, "bob's", Duration.ofHours(1));

    assertThat(scheduled(ALICE)).extracting(ScheduledMessage::text).containsExactly("one", "two");
    io.letterbox.model.Page<ScheduledMessage> page = box.schedules().list(ALICE, null, 1);
    assertThat(page.items()).extracting(ScheduledMessage::id).containsExactly(first.id());
    io.letterbox.model.Page<ScheduledMessage> last = box.schedules().list(ALICE, page.next(), 1);
    assertThat(last.items()).extracting(ScheduledMessage::id).containsExactly(second.id());
    assertThat(last.next()).isNull();
    ScheduledMessage listed = scheduled(ALICE).get(1);
    assertThat(listed.to()).isEqualTo(CAROL);
    assertThat(listed.sendAt()).isEqualTo(clock.instant().plus(Duration.ofHours(1)));
    assertThat(listed.pending()).isTrue();
  }

  @Test
  void aBlockSetAfterSchedulingRefusesItWhenDueAndItIsListedAsFailedUntilDismissed() {
    ScheduledMessage s = schedule(ALICE, BOB, "unwelcome", Duration.ofMinutes(1));
    box.relations().block(BOB, ALICE, true).join();
    clock.advance(Duration.ofMinutes(1));

    Awaitility.await("decided").atMost(Duration.ofSeconds(30)).until(() -> !scheduled(ALICE).get(0).pending());
    assertThat(scheduled(ALICE).get(0).failed()).isEqualTo(ErrorCode.BLOCKED.name());
    assertThat(history(BOB, ALICE)).isEmpty();
    box.relations().block(BOB, ALICE, false).join();
    box.schedules().due().sweep();
    assertThat(history(BOB, ALICE)).as("a failed one is not tried again").isEmpty();

    box.schedules().cancel(ALICE, s.id()).join();
    assertThat(scheduled(ALICE)).isEmpty();
  }

  @Test
  void aTimeNotAheadOrBeyondMaxScheduleAheadIsRefusedWithNothingChanged() {
    reopen(config().maxScheduleAhead(Duration.ofDays(7)));
    Map<String, List<String>> before = logged();
    for (Instant at : new Instant[] {clock.instant(), clock.instant().minusSeconds(1),
        clock.instant().plus(Duration.ofDays(7)).plusMillis(1)}) {
      assertThat(refusal(() -> box.schedules().schedule(new SendRequest(ALICE, BOB, "x", null), at,
          io.letterbox.blob.Blobs.SERVICE).join())).as("%s", at).isEqualTo(ErrorCode.INVALID_ARGUMENT);
    }
    assertThat(refusal(() -> box.schedules().schedule(new SendRequest(ALICE, ALICE, "x", null),
        clock.instant().plusSeconds(60), io.letterbox.blob.Blobs.SERVICE).join())).as("to oneself")
        .isEqualTo(ErrorCode.INVALID_ARGUMENT);
    assertThat(logged()).isEqualTo(before);
    assertThat(schedule(ALICE, BOB, "at the edge", Duration.ofDays(7)).pending()).isTrue();
  }

  @Test
  void aRebuildDerivesTheSamePendingFailedAndSentSchedules() {
    schedule(ALICE, BOB, "sent", Duration.ofMinutes(1));
    schedule(ALICE, CAROL, "refused", Duration.ofMinutes(1));
    ScheduledMessage cancelled = schedule(ALICE, BOB, "cancelled", Duration.ofMinutes(5));
    schedule(BOB, ALICE, "pending", Duration.ofHours(1));
    box.relations().block(CAROL, ALICE, true).join();
    box.schedules().cancel(ALICE, cancelled.id()).join();
    clock.advance(Duration.ofMinutes(1));
    Awaitility.await("decided").atMost(Duration.ofSeconds(30))
        .until(() -> scheduled(ALICE).stream().noneMatch(ScheduledMessage::pending) && history(BOB, ALICE).size() == 1);
    box.close();
    Map<String, List<String>> live = contents(store);
    assertThat(live.get("scheduled")).as("the pending one's timer and row, the failed one's row").hasSize(3);

    Replayer.rebuild(store, config().build(), n -> {});

    assertThat(contents(store)).isEqualTo(live);
    box = Letterbox.open(store, config().build());
    assertThat(scheduled(BOB)).extracting(ScheduledMessage::text).containsExactly("pending");
  }

  @Test
  void aDueGroupPostIsPostedOnceByItsSenderWithItsMentionsAsIfPostedAtItsTime() {
    long gid = groupApartFrom(ALICE, ALICE, BOB, CAROL);
    ScheduledMessage s = schedulePost(ALICE, gid, "later", List.of(CAROL, DAVE), Duration.ofMinutes(10));
    ScheduledMessage listed = scheduled(ALICE).get(0);
    assertThat(listed.id()).isEqualTo(s.id());
    assertThat(listed.group()).isEqualTo(gid);
    assertThat(listed.to()).isZero();
    assertThat(listed.mentions()).containsExactly(CAROL, DAVE);
    clock.advance(Duration.ofMinutes(9));
    box.schedules().due().sweep();
    assertThat(posts(BOB, gid)).as("before its time").isEmpty();

    clock.advance(Duration.ofMinutes(1));
    Instant due = clock.instant();
    Awaitility.await("posted").atMost(Duration.ofSeconds(30)).until(() -> groupHistory(BOB, gid), List.of("later")::equals);
    box.schedules().due().sweep();
    reopen(config());
    box.schedules().due().sweep();

    List<Message> posted = posts(CAROL, gid);
    assertThat(posted).hasSize(1);
    assertThat(posted.get(0).from()).isEqualTo(ALICE);
    assertThat(posted.get(0).extras().mentions()).as("a non-member is not mentioned").containsExactly(CAROL);
    assertThat(posted.get(0).createdAt()).isEqualTo(due);
    assertThat(scheduled(ALICE)).isEmpty();
  }

  @Test
  void aCancelledGroupPostIsNeverPosted() {
    long gid = groupApartFrom(ALICE, ALICE, BOB);
    ScheduledMessage s = schedulePost(ALICE, gid, "never", List.of(), Duration.ofMinutes(1));
    box.schedules().cancel(ALICE, s.id()).join();
    assertThat(scheduled(ALICE)).isEmpty();
    clock.advance(Duration.ofMinutes(2));
    box.schedules().due().sweep();

    assertThat(groupHistory(BOB, gid)).isEmpty();
    assertThat(refusal(() -> box.schedules().cancel(ALICE, s.id()).join())).isEqualTo(ErrorCode.NOT_FOUND);
  }

  @Test
  void aPosterRemovedFromTheGroupBeforeItsTimeHasItFailedNotPosted() {
    long gid = groupApartFrom(ALICE, CAROL, ALICE, BOB);
    ScheduledMessage s = schedulePost(ALICE, gid, "too late", List.of(), Duration.ofMinutes(1));
    box.groups().removeMember(gid, CAROL, ALICE).join();
    clock.advance(Duration.ofMinutes(1));

    Awaitility.await("decided").atMost(Duration.ofSeconds(30)).until(() -> !scheduled(ALICE).get(0).pending());
    assertThat(scheduled(ALICE).get(0).failed()).isEqualTo(ErrorCode.NOT_MEMBER.name());
    assertThat(scheduled(ALICE).get(0).group()).isEqualTo(gid);
    assertThat(groupHistory(BOB, gid)).isEmpty();
    box.schedules().cancel(ALICE, s.id()).join();
    assertThat(scheduled(ALICE)).isEmpty();
  }

  @Test
  void aNonMemberCannotScheduleAPostAndNothingChanges() {
    long gid = groupApartFrom(DAVE, ALICE, BOB);
    Map<String, List<String>> before = logged();
    assertThat(refusal(() -> schedulePost(DAVE, gid, "intruder", List.of(), Duration.ofMinutes(1))))
        .isEqualTo(ErrorCode.NOT_MEMBER);
    assertThat(refusal(() -> schedulePost(ALICE, gid, "now", List.of(), Duration.ZERO)))
        .isEqualTo(ErrorCode.INVALID_ARGUMENT);
    assertThat(logged()).isEqualTo(before);
    assertThat(scheduled(DAVE)).isEmpty();
  }

  @Test
  void aRebuildDerivesTheSameGroupSchedules() {
    long gid = groupApartFrom(ALICE, CAROL, ALICE, BOB);
    schedulePost(ALICE, gid, "posted", List.of(BOB), Duration.ofMinutes(1));
    ScheduledMessage cancelled = schedulePost(ALICE, gid, "cancelled", List.of(), Duration.ofMinutes(5));
    schedulePost(BOB, gid, "pending", List.of(ALICE), Duration.ofHours(1));
    box.schedules().cancel(ALICE, cancelled.id()).join();
    clock.advance(Duration.ofMinutes(1));
    Awaitility.await("posted").atMost(Duration.ofSeconds(30)).until(() -> groupHistory(BOB, gid), List.of("posted")::equals);
    box.close();
    Map<String, List<String>> live = contents(store);
    assertThat(live.get("scheduled")).as("the pending one's timer and row").hasSize(2);

    Replayer.rebuild(store, config().build(), n -> {});

    assertThat(contents(store)).isEqualTo(live);
    box = Letterbox.open(store, config().build());
    assertThat(scheduled(BOB)).extracting(ScheduledMessage::group).containsExactly(gid);
  }

  @Test
  void anErasedSendersScheduledGroupPostIsCancelledByTheGroupsPartitionAndNeverPosted() {
    long gid = groupApartFrom(ALICE, BOB, ALICE, CAROL);
    schedulePost(ALICE, gid, "zqxpost for later", List.of(), Duration.ofMinutes(10));
    schedulePost(CAROL, gid, "carol's for later", List.of(), Duration.ofMinutes(10));

    io.letterbox.model.Erasure started = box.erasures().erase(ALICE).join();
    Awaitility.await("erased").atMost(Duration.ofMinutes(1))
        .until(() -> box.erasures().find(started.id()).orElseThrow().done());
    assertThat(scheduled(ALICE)).isEmpty();
    clock.advance(Duration.ofMinutes(10));
    Awaitility.await("carol's posted").atMost(Duration.ofSeconds(30)).until(() -> scheduled(CAROL).isEmpty());
    box.schedules().due().sweep();

    assertThat(groupHistory(BOB, gid)).containsExactly("carol's for later");
    assertThat(ByteSearch.spacesHolding(store, "zqx")).as("spaces still holding its text").isEmpty();
  }
}
