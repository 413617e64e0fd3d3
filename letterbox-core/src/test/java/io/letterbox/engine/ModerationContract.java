package io.letterbox.engine;

import static org.assertj.core.api.Assertions.assertThat;

import io.letterbox.keys.Spaces;
import io.letterbox.model.Audience;
import io.letterbox.model.Broadcast;
import io.letterbox.model.BroadcastRequest;
import io.letterbox.model.Extras;
import io.letterbox.model.GroupPost;
import io.letterbox.model.Message;
import io.letterbox.model.Page;
import io.letterbox.model.Report;
import io.letterbox.store.KeyRange;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Users' reports of messages they can see, paged by the platform's moderators, on every backend. */
public abstract class ModerationContract extends EngineFixture {

  private List<Report> allReports(int pageSize) {
    List<Report> all = new ArrayList<>();
    String cursor = null;
    do {
      Page<Report> page = box.moderation().reports(cursor, pageSize);
      all.addAll(page.items());
      cursor = page.next();
    } while (cursor != null);
    return all;
  }

  private long reportRows() {
    long[] n = {0};
    store.scan(Spaces.REPORTS, new KeyRange(new byte[0], null), false, (k, v) -> {
      n[0]++;
      return true;
    });
    return n[0];
  }

  @Test
  void usersReportOneToOneGroupAndBroadcastMessagesTheySeeAndModeratorsPageThemOldestFirst() {
    Message single = send(ALICE, BOB, "buy cheap followers");
    long gid = box.groups().create(CAROL, "team", new long[] {BOB}, false).join().group().id();
    Message post = box.groups().post(new GroupPost(gid, CAROL, "a rude post", List.of(), null, Extras.TEXT)).join().message();
    Broadcast broadcast = done(box.broadcasts().send(new BroadcastRequest(NEWS, "click this link",
        new Audience.Uids(new long[] {BOB}), BroadcastRequest.Priority.NORMAL, null)).join());

    long first = box.moderation().report(BOB, single.id(), Report.Reason.SPAM, "third time today").join();
    long second = box.moderation().report(BOB, post.id(), Report.Reason.ABUSE, null).join();
    long third = box.moderation().report(BOB, broadcast.id(), Report.Reason.OTHER, "").join();

    for (int restart = 0; restart < 2; restart++) {
      List<Report> reports = allReports(2);
      assertThat(reports).extracting(Report::id).containsExactly(first, second, third);
      assertThat(reports).extracting(Report::by).containsOnly(BOB);
      assertThat(reports).extracting(r -> r.message().id()).containsExactly(single.id(), post.id(), broadcast.id());
      assertThat(reports).extracting(r -> r.message().text())
          .containsExactly("buy cheap followers", "a rude post", "click this link");
      assertThat(reports).extracting(Report::reason)
          .containsExactly(Report.Reason.SPAM, Report.Reason.ABUSE, Report.Reason.OTHER);
      assertThat(reports).extracting(Report::note).containsExactly("third time today", null, null);
      assertThat(reports).extracting(Report::createdAt).containsOnly(clock.millis());
      reopen(config());
    }
  }

  @Test
  void aReportOfAMessageTheUserCannotSeeOrWithoutAReasonIsRefusedAndStoresNothing() {
    Message m = send(ALICE, BOB, "between us");
    box.messages().delete(BOB, m.id()).join();

    assertThat(refusal(() -> box.moderation().report(CAROL, m.id(), Report.Reason.SPAM, null).join()))
        .as("a stranger").isEqualTo(ErrorCode.NOT_FOUND);
    assertThat(refusal(() -> box.moderation().report(BOB, m.id(), Report.Reason.SPAM, null).join()))
        .as("deleted from the reporter's view").isEqualTo(ErrorCode.NOT_FOUND);
    assertThat(refusal(() -> box.moderation().report(ALICE, m.id() + 1, Report.Reason.SPAM, null).join()))
        .as("no such message").isEqualTo(ErrorCode.NOT_FOUND);
    assertThat(refusal(() -> box.moderation().report(ALICE, m.id(), null, null).join()))
        .as("no reason").isEqualTo(ErrorCode.INVALID_ARGUMENT);
    assertThat(refusal(() -> box.moderation().report(ALICE, m.id(), Report.Reason.ABUSE, "x".repeat(1_001)).join()))
        .as("a note too long").isEqualTo(ErrorCode.INVALID_ARGUMENT);

    assertThat(reportRows()).isZero();
    assertThat(box.moderation().reports(null, 10).items()).isEmpty();
    assertThat(box.moderation().reports(null, 10).next()).isNull();
  }

  @Test
  void aCursorIsBoundToTheReportsList() {
    Message m = send(ALICE, BOB, "hi");
    box.moderation().report(BOB, m.id(), Report.Reason.SPAM, null).join();
    box.moderation().report(ALICE, m.id(), Report.Reason.SPAM, null).join();
    String next = box.moderation().reports(null, 1).next();
    assertThat(next).isNotNull();

    String history = box.conversations().history(ALICE, io.letterbox.model.ConversationRef.peer(BOB), null, 1).next();
    assertThat(refusal(() -> box.moderation().reports(history == null ? "bm90LWEtY3Vyc29y" : history, 1)))
        .isEqualTo(ErrorCode.INVALID_ARGUMENT);
    assertThat(refusal(() -> box.moderation().reports(null, 0))).isEqualTo(ErrorCode.INVALID_ARGUMENT);
  }
}
