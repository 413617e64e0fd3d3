package io.letterbox.engine.apply;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.letterbox.model.Attachment;
import io.letterbox.model.Audience;
import io.letterbox.model.Extras;
import io.letterbox.model.BroadcastRequest.Priority;
import io.letterbox.model.Message;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;

class ActionCodecTest {
  /** One of every kind, with the awkward values (nulls, empty lists, non-ASCII text). */
  private static final List<Action> EVERY_KIND = List.of(
      new Sent(1L << 40, 1, Long.MAX_VALUE, "你好, world", "key-1", -42),
      new Sent(7, 1, 2, "no key", null, 0),
      new Sent(8, 1, 2, "to requests", null, 0, true),
      new Sent(9, 1, 2, "", "k", 3, false, new Extras("image", "{\"w\":640}", List.of(
          new Attachment("sha256:" + "ab".repeat(32), "a.png", "image/png", 1234),
          new Attachment("sha256:" + "cd".repeat(32), null, "application/pdf", 0)))),
      new Sent(10, 1, 2, "caption", null, 3, true, new Extras("custom:vote", null, List.of())),
      new Sent(12, 1, 2, "a reply", null, 3, false, Extras.TEXT.withReplyTo(10)),
      new Sent(13, 1, 2, "", null, 3, false, new Extras("image", null, List.of())
          .withForwarded(new io.letterbox.model.Forwarded(7, 1_795_000_000_000L))),
      new Imported(List.of(new Imported.Entry(9, 3, 4, ""), new Imported.Entry(10, 4, 3, "旧消息"))),
      new Imported(List.of()),
      new Imported(List.of(new Imported.Entry(9, 3, 4, "kept"),
          new Imported.Entry(10, 4, 3, "", new io.letterbox.model.Removal(io.letterbox.model.Removal.Reason.RETENTION, 77)))),
      new ReadMarked(1, 2, "mobile", 99),
      new MessageDeleted(1, 2, 3),
      new ConversationDeleted(1, 2, 3),
      new AllDeleted(1, 3),
      new CapSet(5, 2, 86_400_000),
      new Followed(1, 2),
      new FollowersAdded(2, new long[] {1, 3, 70_000, 1L << 40}),
      new Unfollowed(1, 2),
      new Subscribed(1, 2, Map.of("city", "北京", "tier", "gold")),
      new Subscribed(1, 2, Map.of()),
      new Unsubscribed(1, 2),
      new SegmentReplaced("vip", new long[] {5, 6}),
      new SegmentExtended("vip", new long[] {}),
      new BroadcastAccepted(77, 5, "to followers", new Audience.Followers(), Priority.NORMAL, null, 0),
      new BroadcastAccepted(78, 5, "to some", new Audience.Subscribers(Map.of("a", "b")), Priority.HIGH, "k", 9),
      new BroadcastAccepted(79, 5, "to a list", new Audience.Uids(new long[] {1, 2, 3}), Priority.NORMAL, "k2", 1),
      new BroadcastAccepted(80, 5, "to a segment", new Audience.Segment("vip"), Priority.HIGH, null, 2),
      new BroadcastAccepted(81, 5, "", new Audience.Uids(new long[] {1, 2}), Priority.NORMAL, null, 3,
          new Extras("card", "{\"url\":\"https://x\"}", List.of(new Attachment("sha256:" + "01".repeat(32), "c.png",
              "image/png", 77)))),
      new BroadcastAccepted(82, 5, "pushed", new Audience.Followers(), Priority.HIGH, null, 4, Extras.TEXT, true),
      new BroadcastCompleted(80, 5, 1234),
      new ConversationStateSet(1, 2, true, false, true),
      new ConversationStateSet(1, Long.MAX_VALUE, false, true, false),
      new BlockSet(1, 2, true),
      new BlockSet(2, 1, false),
      new MessageRevised(7, 1, 2, null, 1_795_000_000_000L),
      new MessageRevised(8, 1, 0, "改过的", 1_795_000_000_001L),
      new GroupCreated(90, 1, "小组", true, new long[] {1, 2, 70_000}),
      new GroupMembersChanged(91, 90, 1, io.letterbox.model.GroupRole.ADMIN, 3, 89, false, new long[] {2}),
      new GroupMembersChanged(92, 90, 1, null, 0, 0, true, new long[] {5, 6}),
      new GroupRenamed(90, 1, ""),
      new GroupPosted(93, 90, 2, 4, "大家好", "k", 7, new long[] {1, 70_000}, Extras.TEXT, null),
      new GroupPosted(94, 90, 2, 5, "", null, 0, new long[] {}, new Extras("image", null, List.of(
          new Attachment("sha256:" + "ef".repeat(32), "b.png", "image/png", 9))),
          new io.letterbox.model.FrequencyCap(2, java.time.Duration.ofDays(1))),
      new GroupPosted(95, 90, 2, 6, "re", null, 0, new long[] {}, Extras.TEXT.withReplyTo(93), null),
      new GroupPosted(96, 90, 2, 7, "fw", null, 0, new long[] {}, Extras.TEXT.withReplyTo(93)
          .withForwarded(new io.letterbox.model.Forwarded(3, 1_795_000_000_000L)), null),
      new GroupReadMarked(2, 90, "pc", 4, 93),
      new GroupMessageDeleted(2, 90, 93),
      new GroupMessageRecalled(93, 90, 1, 2, 1_795_000_000_002L),
      new GroupSettingsSet(2, 90, true, false, true, 93),
      new UserSettingsSet(2, new io.letterbox.model.UserSettings(io.letterbox.model.UserSettings.GroupAdds.FOLLOWING)),
      new GroupLeft(95, 90, 1, 2, 5, 94),
      new GroupLeft(96, 90, 2, 0, 5, 94),
      new Reported(97, 1, 50, io.letterbox.model.Report.Reason.ABUSE, "repeated threats", 1_700_000_000_000L),
      new Reported(98, 2, 51, io.letterbox.model.Report.Reason.SPAM, null, 1_700_000_000_001L),
      new ContentRemoved(99, Message.Kind.GROUP, 2, 90, io.letterbox.model.Removal.Reason.TAKEDOWN, "违规 content",
          1_700_000_000_002L),
      new ContentRemoved(100, Message.Kind.BROADCAST, 5, 0, io.letterbox.model.Removal.Reason.ERASURE, null, 1),
      new DisappearSet(1, 2, 3_600_000),
      new DisappearSet(90, 0, 5_000),
      new DisappearSet(1, Long.MAX_VALUE, 0),
      new DeliveryMarked(2, 1, 9_007_199_254_740_993L),
      new DeliveryMarked(Long.MAX_VALUE, 70_001, 1),
      Redacted.of(new GroupPosted(93, 90, 2, 4, "大家好", "k", 7, new long[] {1, 70_000}, Extras.TEXT, null),
          new io.letterbox.model.Removal(io.letterbox.model.Removal.Reason.TAKEDOWN, 1_700_000_000_003L)),
      Redacted.of(new MessageRevised(8, 1, 0, "改过的", 1_795_000_000_001L),
          new io.letterbox.model.Removal(io.letterbox.model.Removal.Reason.RETENTION, 1_795_000_000_009L)),
      new HoldSet(7, true, 1_700_000_000_004L),
      new HoldSet(7, false, 1_700_000_000_005L),
      new ErasureStarted(101, 7, 1_700_000_000_006L),
      new ErasureCompleted(101, 7, 1_700_000_000_007L),
      new ReactionSet(8, 2, "👍🏽", true, 1, 1, false),
      new ReactionSet(100, 70_000, "custom:party", false, 5, 5, true),
      new ReactionSet(93, 4, "👨‍👩‍👧", true, 2, 0, false),
      new PinSet(1, 2, 93, true, 1),
      new PinSet(2, Long.MAX_VALUE, 94, false, 7),
      new GroupPinSet(90, 2, 93, true, 1),
      new GroupPinSet(90, 1, 94, false, 2),
      new DraftSet(1, 2, "see you at 八点"),
      new DraftSet(1, 2, ""),
      DraftSet.group(1, 90, "到了"),
      new Scheduled(102, 1, 2, 1_800_000_000_000L, "以后", "k", Extras.TEXT),
      new Scheduled(103, 1, 2, 1_800_000_000_001L, "", null, new Extras("image", null,
          List.of(new io.letterbox.model.Attachment("b1", "a.png", "image/png", 10)))),
      new ScheduleCancelled(1, 103, 1_800_000_000_001L),
      new ScheduleDone(1, 102, 1_800_000_000_000L, null),
      new ScheduleDone(1, 102, 1_800_000_000_000L, "BLOCKED"),
      new Scheduled(104, 1, 0, 1_800_000_000_002L, "@all", null, Extras.TEXT, 77, List.of(3L, 2L)),
      new ScheduleCancelled(1, 104, 1_800_000_000_002L, 77),
      new ScheduleDone(1, 104, 1_800_000_000_002L, "NOT_MEMBER", 77));

  @Test
  void everyActionKindSurvivesARoundTrip() {
    for (Action a : EVERY_KIND) {
      Action back = ActionCodec.decode(ActionCodec.encode(a));
      // Records holding arrays compare arrays by identity: compare their encodings instead.
      assertThat(ActionCodec.encode(back)).as("%s", a).isEqualTo(ActionCodec.encode(a));
      assertThat(back.getClass()).isEqualTo(a.getClass());
    }
  }

  @Test
  void everyKindHasItsOwnTagAndIsCoveredHere() {
    Set<Class<?>> covered = EVERY_KIND.stream().map(Object::getClass).collect(Collectors.toSet());
    assertThat(covered).containsExactlyInAnyOrder(Action.class.getPermittedSubclasses());
    Map<Byte, List<String>> byTag = EVERY_KIND.stream().distinct()
        .collect(Collectors.groupingBy(Action::tag, Collectors.mapping(a -> a.getClass().getSimpleName(),
            Collectors.collectingAndThen(Collectors.toSet(), s -> List.copyOf(s)))));
    assertThat(byTag.values()).allSatisfy(kinds -> assertThat(kinds).hasSize(1));
  }

  @Test
  void entriesTheFirstReleaseWroteDecodeAndEncodeToTheSameBytes() {
    // Written by the codec of commit 7a73b8e: the log is kept forever, so its format never changes.
    List<String> written = List.of(
        "01000000000000000700000000000000010000000000000002000000026869ffffffff0000000000000005",
        "0100000000000000080000000000000001000000000000000200000006e4bda0e5a5bd000000056b65792d31ffffffffffffffd6",
        "070000000000000005000000020000000005265c00",
        "03000000000000000100000000000000020000000000000063000000066d6f62696c65",
        "0a0000000000000001000000000000000200000001000000046369747900000002626a",
        "0e000000000000004d000000000000000500000001780300000002010101ffffffff0000000000000000",
        "0e000000000000004e0000000000000005000000017902000000010000000161000000016200000000016b0000000000000009",
        "0200000001000000000000000900000000000000030000000000000004000000036f6c64",
        "100000000000000002000000030102eda204");
    for (String hex : written) {
      byte[] bytes = HexFormat.of().parseHex(hex);
      assertThat(HexFormat.of().formatHex(ActionCodec.encode(ActionCodec.decode(bytes)))).isEqualTo(hex);
    }
    assertThat(ActionCodec.decode(HexFormat.of().parseHex(written.get(0))))
        .isEqualTo(new Sent(7, 1, 2, "hi", null, 5));
    BroadcastAccepted b = (BroadcastAccepted) ActionCodec.decode(HexFormat.of().parseHex(written.get(5)));
    assertThat(((Audience.Uids) b.audience()).uids()).containsExactly(1, 2);
    assertThat(b.priority()).isEqualTo(Priority.HIGH);
  }

  @Test
  void aOneToOneDraftEncodesAsDraftsAlwaysDidAndAGroupDraftKeepsItsGroup() {
    String oneToOne = "2b000000000000000100000000000000020000000268" + "69";
    assertThat(HexFormat.of().formatHex(ActionCodec.encode(new DraftSet(1, 2, "hi")))).isEqualTo(oneToOne);
    assertThat(ActionCodec.decode(HexFormat.of().parseHex(oneToOne))).isEqualTo(new DraftSet(1, 2, "hi", 0));
    assertThat(ActionCodec.decode(ActionCodec.encode(DraftSet.group(1, 90, "hi")))).isEqualTo(new DraftSet(1, 0, "hi", 90));
  }

  @Test
  void aBroadcastAskingForPushKeepsItsPriorityAndOneNotAskingEncodesAsBroadcastsAlwaysDid() {
    for (Priority priority : Priority.values()) {
      BroadcastAccepted pushed = new BroadcastAccepted(90, 5, "hi", new Audience.Uids(new long[] {1, 2}), priority,
          "k", 7, Extras.TEXT, true);
      BroadcastAccepted back = (BroadcastAccepted) ActionCodec.decode(ActionCodec.encode(pushed));
      assertThat(back.push()).isTrue();
      assertThat(back.priority()).isEqualTo(priority);

      BroadcastAccepted quiet = new BroadcastAccepted(90, 5, "hi", new Audience.Uids(new long[] {1, 2}), priority,
          "k", 7);
      assertThat(((BroadcastAccepted) ActionCodec.decode(ActionCodec.encode(quiet))).push()).isFalse();
      assertThat(ActionCodec.encode(quiet)).isNotEqualTo(ActionCodec.encode(pushed));
    }
  }

  @Test
  void aTruncatedRecordIsAnErrorNotGarbage() {
    byte[] full = ActionCodec.encode(new Sent(1, 2, 3, "text", "k", 0));
    byte[] cut = Arrays.copyOf(full, full.length - 3);
    assertThatThrownBy(() -> ActionCodec.decode(cut)).isInstanceOf(IllegalStateException.class);
    assertThatThrownBy(() -> ActionCodec.decode(new byte[] {99})).isInstanceOf(IllegalStateException.class);
  }

  @Test
  void aMessageIsReadFromTheHeadOfItsEntryWithoutTheAudience() {
    long[] uids = LongStream.rangeClosed(1, 100_000).toArray();
    byte[] broadcast = ActionCodec.encode(new BroadcastAccepted(77, 5, "通知", new Audience.Uids(uids),
        Priority.HIGH, "k", 1));

    assertThat(ActionCodec.message(broadcast)).isEqualTo(new Message(77, Message.Kind.BROADCAST, 5, 0, "通知"));
    assertThat(ActionCodec.message(ActionCodec.encode(new Sent(8, 1, 2, "hi", null, 0))))
        .isEqualTo(new Message(8, Message.Kind.SINGLE, 1, 2, "hi"));
    assertThat(ActionCodec.message(ActionCodec.encode(new Followed(1, 2)))).isNull();
    Extras card = new Extras("card", "{\"title\":\"标题\"}", List.of(new Attachment("sha256:" + "ef".repeat(32), "c.jpg",
        "image/jpeg", 9)));
    assertThat(ActionCodec.message(ActionCodec.encode(new Sent(11, 1, 2, "", null, 0, true, card))))
        .isEqualTo(new Message(11, Message.Kind.SINGLE, 1, 2, "", card));
    byte[] typed = ActionCodec.encode(new BroadcastAccepted(78, 5, "通知", new Audience.Uids(uids), Priority.HIGH, "k", 1,
        card));
    assertThat(ActionCodec.message(typed)).isEqualTo(new Message(78, Message.Kind.BROADCAST, 5, 0, "通知", card));
  }

  @Test
  void aRedactedEntryKeepsWhatItsApplyNeedsAndReadsAsItsMessageRemoved() {
    Extras card = new Extras("card", "{\"title\":\"标题\"}", List.of(new Attachment("sha256:" + "ef".repeat(32), "c.jpg",
        "image/jpeg", 9)));
    io.letterbox.model.Removal removal = new io.letterbox.model.Removal(io.letterbox.model.Removal.Reason.TAKEDOWN, 5);
    byte[] redacted = ActionCodec.encode(Redacted.of(new Sent(11, 1, 2, "secret caption", "k", 3, true, card), removal));

    Redacted back = (Redacted) ActionCodec.decode(redacted);
    assertThat(back.removal()).isEqualTo(removal);
    assertThat(back.entry()).isEqualTo(new Sent(11, 1, 2, "", "k", 3, true, new Extras("card", null, List.of())));
    assertThat(new String(redacted, java.nio.charset.StandardCharsets.UTF_8)).doesNotContain("secret", "标题", "c.jpg");
    assertThat(ActionCodec.message(redacted)).isEqualTo(new Message(11, Message.Kind.SINGLE, 1, 2, "", card).remove());
    assertThat(ActionCodec.message(redacted).status()).isEqualTo(Message.Status.REMOVED);
    assertThatThrownBy(() -> Redacted.of(new Followed(1, 2), removal)).isInstanceOf(IllegalArgumentException.class);
  }
}
